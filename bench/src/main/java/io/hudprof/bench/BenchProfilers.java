package io.hudprof.bench;

import io.hudprof.core.Hudprof;
import io.hudprof.core.Problem;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;

/** How the benchmarks make, install and check the profiler they measure. */
public final class BenchProfilers {
    /**
     * Events a thread can hold between two updates. The largest batch recorded between two updates is 10,000
     * events (the update benchmark); a ring four times larger can never fill, so the benchmarks always time the
     * recording path, never the cheaper drop path.
     */
    public static final int EVENT_CAPACITY = 1 << 16;

    private BenchProfilers() {
    }

    /** The configuration a game gets by default (system clock, 512 frames of full history), with the ring above. */
    public static ProfilerConfig.Builder config() {
        return ProfilerConfig.builder().eventCapacity(EVENT_CAPACITY);
    }

    /** A profiler on the system clock, installed so every zone records into it. */
    public static Profiler install() {
        return Hudprof.install(new Profiler(config().build()));
    }

    /**
     * Fails the benchmark if any event was dropped: a dropped event takes a cheaper path than a recorded one, so a
     * run that dropped would report a flattering number.
     */
    public static void checkNothingDropped(Profiler profiler) {
        long dropped = profiler.problemsTotal(Problem.DROPPED_EVENTS);
        if (dropped != 0) {
            throw new IllegalStateException(dropped + " events were dropped: the ring was not drained often enough,"
                    + " so the figures describe the drop path; raise EVENT_CAPACITY or update more often");
        }
    }

    /** Fails unless zones were compiled in (or out, as {@code expected} says) at start-up. */
    public static void checkCompiledIn(boolean expected) {
        if (Hudprof.compiledIn() != expected) {
            throw new IllegalStateException("this benchmark needs -Dhudprof.enabled=" + expected
                    + " but the JVM runs with hudprof " + (Hudprof.compiledIn() ? "compiled in" : "compiled out"));
        }
    }
}
