package io.hudprof.core;

/**
 * The process-wide entry point: which {@link Profiler} zones record into, and the kill switch.
 *
 * <p>Start-up: {@code -Dhudprof.enabled=false} compiles profiling out: every zone call becomes an empty method the
 * JIT removes. At run time, {@link Profiler#setEnabled(boolean)} switches recording on and off.
 *
 * <pre>{@code
 * Profiler profiler = Hudprof.start();     // once, at start-up
 * ...
 * Hudprof.update();                        // once per frame, outside any zone
 * }</pre>
 */
public final class Hudprof {
    static volatile Profiler installed;

    private Hudprof() {
    }

    /** Whether profiling was left in at start-up ({@code -Dhudprof.enabled}, default true). */
    public static boolean compiledIn() {
        return KillSwitch.COMPILED_IN;
    }

    /** Installs a profiler with the default configuration unless one is installed, and returns the installed one. */
    public static synchronized Profiler start() {
        Profiler current = installed;
        if (current == null) {
            current = new Profiler(ProfilerConfig.defaults());
            installed = current;
        }
        return current;
    }

    /** Makes {@code profiler} the one every zone records into from now on, replacing any other; returns it. */
    public static synchronized Profiler install(Profiler profiler) {
        if (profiler == null) {
            throw new IllegalArgumentException("hudprof: install(null); use Hudprof.uninstall() to stop profiling");
        }
        installed = profiler;
        return profiler;
    }

    /** Stops recording into any profiler; zones become no-ops until the next install. */
    public static synchronized void uninstall() {
        installed = null;
    }

    /** The installed profiler, or {@code null}. */
    public static Profiler profiler() {
        return installed;
    }

    /** {@link Profiler#update()} on the installed profiler; does nothing when none is installed. */
    public static void update() {
        Profiler profiler = installed;
        if (profiler != null) {
            profiler.update();
        }
    }

    /** {@link Profiler#update(boolean)} on the installed profiler; does nothing when none is installed. */
    public static void update(boolean record) {
        Profiler profiler = installed;
        if (profiler != null) {
            profiler.update(record);
        }
    }
}
