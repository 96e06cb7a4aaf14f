package io.hudprof.core.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.Averaging;
import io.hudprof.core.ProfilerFixture;
import io.hudprof.core.Zone;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A report view copied into another profile's controller: the same navigation builds the same report there. */
class ReportViewTest {
    private static final Zone OUTER = Zone.define("ReportViewTest:Outer");
    private static final Zone INNER = Zone.define("ReportViewTest:Inner");
    private static final Zone OTHER = Zone.define("ReportViewTest:Other");

    /** The same frames in a fresh profile: frame {@code f} takes a little longer each time. */
    private static ProfilerFixture profile(int frames) {
        ProfilerFixture fx = new ProfilerFixture();
        for (int f = 0; f < frames; f++) {
            OUTER.begin();
            fx.micros(100 + f);
            INNER.begin();
            fx.micros(40 + 2 * f);
            INNER.end();
            OTHER.begin();
            fx.micros(25);
            OTHER.end();
            OUTER.end();
            fx.profiler.update();
        }
        return fx;
    }

    @Test
    void anotherControllerGivenTheViewBuildsTheSameReport() {
        List<String> expected;
        ReportView navigated;
        ProfilerFixture first = profile(8);
        try {
            ReportController c = first.controller();
            c.setAveraging(Averaging.INSTANTANEOUS);
            c.showCallGraph(OUTER);
            c.setFrame(3);
            first.build();
            c.moveCursor(2);
            expected = rows(first.build());
            navigated = c.view();
        } finally {
            first.close();
        }
        ProfilerFixture second = profile(8);
        try {
            ReportController c = second.controller();
            c.view().copyFrom(navigated);
            List<String> copied = rows(second.build());
            assertTrue(expected.size() > 2);
            assertEquals(expected, copied);
            assertEquals(ReportMode.CALL_GRAPH, c.mode());
            assertEquals(OUTER, c.focus());
            assertEquals(3, c.frameOffset());
            assertEquals(Averaging.INSTANTANEOUS, c.averaging());
        } finally {
            second.close();
        }
    }

    /** Each row as its zone, role, cursor mark and cells, so two reports compare as lists. */
    private static List<String> rows(Report report) {
        List<String> rows = new ArrayList<>();
        rows.add(report.mode() + " frame " + report.frameNumber() + " cursor " + report.cursor());
        for (int i = 0; i < report.rowCount(); i++) {
            ReportRow row = report.row(i);
            StringBuilder line = new StringBuilder(row.name()).append(' ').append(row.role());
            for (Column column : report.columns()) {
                line.append(' ').append(row.value(column));
            }
            rows.add(line.toString());
        }
        return rows;
    }
}
