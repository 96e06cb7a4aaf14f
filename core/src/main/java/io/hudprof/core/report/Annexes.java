package io.hudprof.core.report;

import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerSlot;
import java.util.Arrays;
import java.util.function.Function;

/**
 * The {@link ReportAnnex}es plugged into one profiler, which its {@link ReportController} asks: a module plugs in with
 * {@code Annexes.of(profiler).add(annex)} and leaves with {@code remove}. Copy-on-write: any thread may add or remove
 * while the report's thread reads without locking or allocating.
 */
public final class Annexes {
    private static final ProfilerSlot<Annexes> SLOT = new ProfilerSlot<>(profiler -> new Annexes());

    private volatile ReportAnnex[] all = new ReportAnnex[0];

    private Annexes() {
    }

    /** The annexes plugged into {@code profiler}'s reports (any thread). */
    public static Annexes of(Profiler profiler) {
        return SLOT.of(profiler);
    }

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
        return mostRecent(ReportAnnex::statistics);
    }

    /** The most recent annex's pinned notes, or null. */
    PinnedNotes notes() {
        return mostRecent(ReportAnnex::notes);
    }

    /** The most recent annex's status, or null. */
    StatusSource status() {
        return mostRecent(ReportAnnex::status);
    }

    /** The most recent annex's per-frame distributions, or null. */
    DistributionSource distributions() {
        return mostRecent(ReportAnnex::distributions);
    }

    /** The part of the most recently added annex that has one (the method references are constants: no garbage). */
    private <T> T mostRecent(Function<ReportAnnex, T> part) {
        ReportAnnex[] held = all;
        for (int i = held.length - 1; i >= 0; i--) {
            T found = part.apply(held[i]);
            if (found != null) {
                return found;
            }
        }
        return null;
    }
}
