package io.hudprof.stats;

import io.hudprof.core.Clock;
import java.io.PrintStream;
import java.util.List;

/**
 * The process-wide side of statistics: merged values, the exit report and the clock of {@link StatTimer}s.
 *
 * <p>The exit report ({@link #report()}) lists every statistic's run value grouped by category, as pbrt prints
 * at the end of a render, followed by the {@link PhaseSampler}'s profile when one ran. Print it at exit with
 * {@code -Dhudprof.statsAtExit=true} or {@link #printReportAtExit(PrintStream)}; per-frame values live in
 * {@link FrameStatistics}.
 */
public final class Stats {
    private static volatile Clock clock = Clock.SYSTEM;
    private static final Object HOOK_LOCK = new Object();
    private static PrintStream exitReportTarget;

    /** Whether {@code -Dhudprof.statsAtExit} has been read and applied; read until it is valid. */
    private static boolean exitPropertyApplied;

    private Stats() {
    }

    /**
     * Reads {@code -Dhudprof.statsAtExit} on the first statistic defined, phase sampler started or statistics
     * attached. A bad value is a configuration error thrown from here, a plain method, never from a static
     * initializer: that would surface as {@code ExceptionInInitializerError} and leave the statistics classes
     * unusable for the rest of the run.
     *
     * @throws IllegalArgumentException naming the property, its bad value and the accepted values
     */
    static void init() {
        synchronized (HOOK_LOCK) {
            if (exitPropertyApplied) {
                return;
            }
            String atExit = System.getProperty("hudprof.statsAtExit");
            if (atExit != null && !atExit.equalsIgnoreCase("true") && !atExit.equalsIgnoreCase("false")) {
                throw new IllegalArgumentException("hudprof: -Dhudprof.statsAtExit=" + atExit
                        + " is not valid; use -Dhudprof.statsAtExit=true to print statistics at exit, or false");
            }
            exitPropertyApplied = true;
            if (atExit != null && atExit.equalsIgnoreCase("true")) {
                printReportAtExit(System.out);
            }
        }
    }

    /** The clock {@link StatTimer}s read; {@link Clock#SYSTEM} unless replaced. */
    public static Clock clock() {
        return clock;
    }

    /** Replaces the timers' clock (a {@code ManualClock} in tests). */
    public static void setClock(Clock newClock) {
        if (newClock == null) {
            throw new IllegalArgumentException("hudprof: clock is null; pass Clock.SYSTEM or a ManualClock");
        }
        clock = newClock;
    }

    /** Merges every thread's current values into {@code dest} and returns it. */
    public static StatSnapshot snapshot(StatSnapshot dest) {
        return dest.take();
    }

    /** Every statistic defined so far, ordered by id. */
    public static List<Stat> all() {
        return List.of(StatRegistry.all());
    }

    /** The statistic with this id, or {@code null}. Allocation-free, for per-frame code. */
    public static Stat byId(int id) {
        return StatRegistry.byId(id);
    }

    /** How many statistics are defined (ids are {@code 0 .. count()-1}). */
    public static int count() {
        return StatRegistry.all().length;
    }

    /** How many definitions went to an overflow statistic because {@value StatRegistry#MAX_STATS} were defined. */
    public static long overflowDefinitions() {
        return StatRegistry.overflowDefinitions();
    }

    /** The exit report for the run so far: every statistic by category, then the phase profile if sampled. */
    public static String report() {
        StringBuilder out = new StringBuilder(1024);
        ExitReport.appendStatistics(new StatSnapshot().take(), StatRegistry.all(), out);
        PhaseSampler sampler = PhaseSampler.current();
        if (sampler != null && sampler.totalSamples() > 0) {
            out.append('\n');
            sampler.appendReport(out);
        }
        return out.toString();
    }

    /**
     * Prints {@link #report()} to {@code out} when the JVM shuts down (once, however often this is called; the
     * last target given wins). For a game that never returns from its loop, this is the exit report.
     */
    public static void printReportAtExit(PrintStream out) {
        if (out == null) {
            throw new IllegalArgumentException("hudprof: printReportAtExit(null); pass System.out or a log stream");
        }
        synchronized (HOOK_LOCK) {
            if (exitReportTarget == null) {
                Runtime.getRuntime().addShutdownHook(new Thread(Stats::printExitReport, "hudprof-exit-report"));
            }
            exitReportTarget = out;
        }
    }

    private static void printExitReport() {
        PrintStream out;
        synchronized (HOOK_LOCK) {
            out = exitReportTarget;
        }
        try {
            out.print(report());
            out.flush();
        } catch (RuntimeException e) {
            // At exit there is nobody left to tell but the stream itself.
            out.println("hudprof: the statistics report failed: " + e);
        }
    }
}
