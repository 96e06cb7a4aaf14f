package io.hudprof.core.report;

import io.hudprof.core.format.StatusSource;
import java.util.Arrays;

/**
 * The {@link ReportAnnex}es plugged into one profiler, which its {@link ReportController} asks. Copy-on-write: any
 * thread may add or remove while the report's thread reads without locking or allocating.
 */
public final class Annexes {
    private volatile ReportAnnex[] all = new ReportAnnex[0];

    /** Adds {@code annex} as the most recent; adding one already held has no effect. */
    public synchronized void add(ReportAnnex annex) {
        if (annex == null) {
            throw new IllegalArgumentException("hudprof: report annex is null");
        }
        for (ReportAnnex held : all) {
            if (held == annex) {
                return;
            }
        }
        ReportAnnex[] grown = Arrays.copyOf(all, all.length + 1);
        grown[all.length] = annex;
        all = grown;
    }

    /** Removes {@code annex}; one not held is ignored. */
    public synchronized void remove(ReportAnnex annex) {
        all = Arrays.stream(all).filter(held -> held != annex).toArray(ReportAnnex[]::new);
    }

    /** The most recent annex's statistics table, or null when none has one. */
    ValueTable statistics() {
        ReportAnnex[] held = all;
        for (int i = held.length - 1; i >= 0; i--) {
            ValueTable table = held[i].statistics();
            if (table != null) {
                return table;
            }
        }
        return null;
    }

    /** The most recent annex's pinned notes, or null. */
    PinnedNotes notes() {
        ReportAnnex[] held = all;
        for (int i = held.length - 1; i >= 0; i--) {
            PinnedNotes notes = held[i].notes();
            if (notes != null) {
                return notes;
            }
        }
        return null;
    }

    /** The most recent annex's status, or null. */
    StatusSource status() {
        ReportAnnex[] held = all;
        for (int i = held.length - 1; i >= 0; i--) {
            StatusSource status = held[i].status();
            if (status != null) {
                return status;
            }
        }
        return null;
    }
}
