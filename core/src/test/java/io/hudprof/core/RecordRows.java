package io.hudprof.core;

import java.util.ArrayList;
import java.util.List;

/**
 * A {@link FrameStates} record's entries as (state, self, calls, bytes) rows in its order, so a test compares two
 * records whole and a failure prints both. Public for the modules above core (core's test jar).
 */
public final class RecordRows {
    private RecordRows() {
    }

    public static List<List<Long>> of(FrameStates record) {
        List<List<Long>> rows = new ArrayList<>();
        for (int i = 0; i < record.count(); i++) {
            rows.add(List.of((long) record.state(i), record.self(i), record.calls(i), record.bytes(i)));
        }
        return rows;
    }
}
