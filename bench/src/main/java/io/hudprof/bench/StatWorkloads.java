package io.hudprof.bench;

import io.hudprof.stats.Counter;
import io.hudprof.stats.Phase;
import io.hudprof.stats.PhaseScope;
import io.hudprof.stats.StatTimer;

/**
 * The statistics module's per-event operations, {@link ZoneWorkloads#PAIRS} at a time, shared by the statistics
 * benchmarks and the allocation test: a counter increment, a timer's start/stop (two clock reads, like a zone) and a
 * sampled phase's enter/exit (no clock read at all).
 */
public final class StatWorkloads {
    static final Counter COUNTER = Counter.define("Bench/Counter");
    static final StatTimer TIMER = StatTimer.define("Bench/Timer");
    static final Phase PHASE = Phase.define("Bench phase");

    private StatWorkloads() {
    }

    public static void counterIncrement() {
        for (int i = 0; i < ZoneWorkloads.PAIRS; i++) {
            COUNTER.increment();
        }
    }

    public static void timerStartStop() {
        for (int i = 0; i < ZoneWorkloads.PAIRS; i++) {
            TIMER.stop(TIMER.start());
        }
    }

    @SuppressWarnings("try") // the scope is what is measured; the body is empty on purpose
    public static void phaseEnterExit() {
        for (int i = 0; i < ZoneWorkloads.PAIRS; i++) {
            try (PhaseScope p = PHASE.enter()) {
            }
        }
    }
}
