package io.hudprof.core;

import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.concurrent.Callable;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;

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
 *
 * <p>{@link #start()} and {@link #install(Profiler)} also bind core to {@code hudprof-api} (once), so zones a libGDX
 * game marks in its Java 8 {@code core} module through {@code io.hudprof.api} record here like core's own.
 */
public final class Hudprof {
    static volatile Profiler installed;

    private Hudprof() {
    }

    /** Whether profiling was left in at start-up ({@code -Dhudprof.enabled}, default true). */
    public static boolean compiledIn() {
        return KillSwitch.COMPILED_IN;
    }

    /**
     * Reads now the system properties core reads once ({@code hudprof.enabled}, {@code hudprof.jfr.zones},
     * {@code hudprof.maxZones}, {@code hudprof.alloc}) and throws on the first bad one, so that a tool (the viewer)
     * can refuse to start with one line instead of failing at its first zone. Call it before any zone is used: a bad
     * property leaves the class that read it unusable, and a second call then fails without the message.
     *
     * @throws IllegalArgumentException or {@link IllegalStateException}: the message names the property, its value
     *         and the fix
     */
    public static void checkProperties() {
        try {
            // Reading a field initialises its class, which is where these properties are read (once).
            if (KillSwitch.COMPILED_IN | ZoneRegistry.MAX_ZONES > 0) {
                ProfilerConfig.builder().build();
            }
        } catch (ExceptionInInitializerError e) {
            if (e.getCause() instanceof RuntimeException bad) {
                throw bad;
            }
            throw e;
        }
    }

    /** Installs a profiler with the default configuration unless one is installed, and returns the installed one. */
    public static synchronized Profiler start() {
        ApiBackend.bindOnce();
        Profiler current = installed;
        if (current == null) {
            current = new Profiler(ProfilerConfig.defaults());
            installed = current;
            announce(current);
        }
        return current;
    }

    /** Makes {@code profiler} the one every zone records into from now on, replacing any other; returns it. */
    public static synchronized Profiler install(Profiler profiler) {
        if (profiler == null) {
            throw new IllegalArgumentException("hudprof: install(null); use Hudprof.uninstall() to stop profiling");
        }
        ApiBackend.bindOnce();
        installed = profiler;
        announce(profiler);
        return profiler;
    }

    /** Add-ons on the class path ({@link InstallHook}), looked up once. */
    private static List<InstallHook> hooks;

    /** Tells every {@link InstallHook} on the class path that {@code profiler} was installed. */
    private static void announce(Profiler profiler) {
        if (hooks == null) {
            hooks = loadHooks();
        }
        for (InstallHook hook : hooks) {
            try {
                hook.installed(profiler);
            } catch (IllegalArgumentException e) {
                throw e; // a configuration error: its message names the fix
            } catch (RuntimeException | LinkageError e) {
                System.getLogger("io.hudprof").log(System.Logger.Level.WARNING,
                        "hudprof: add-on " + hook.getClass().getName() + " did not start: " + e);
            }
        }
    }

    private static List<InstallHook> loadHooks() {
        try {
            return ServiceLoader.load(InstallHook.class, InstallHook.class.getClassLoader()).stream()
                    .map(ServiceLoader.Provider::get).toList();
        } catch (ServiceConfigurationError | LinkageError e) {
            System.getLogger("io.hudprof").log(System.Logger.Level.WARNING,
                    "hudprof: add-ons on the class path could not be loaded, none started: " + e);
            return List.of();
        }
    }

    /** Stops recording into any profiler; zones become no-ops until the next install. */
    public static synchronized void uninstall() {
        installed = null;
    }

    /** The installed profiler, or {@code null}. */
    public static Profiler profiler() {
        return installed;
    }

    /**
     * Hands {@code task} over to another thread charged to the current thread's open zone path, its innermost zone
     * in its context (its thread root outside any zone): whoever runs the returned task runs it inside that path's
     * task zone (e.g. {@code [tasks of Physics in Sim]}, made on the first hand-over from that path), so the worker's
     * zones stay on the worker's thread and the report can show them in the spawning zone's call graph
     * ({@code [workers] ...} rows, one group per path). Worker time is in the worker's sums only (its flat rows, its
     * thread's totals, all-threads sums), never in the spawning zone's self or hierarchical time; the
     * {@code [workers]} rows are in no column sum. Call it on the submitting thread, where the task is made.
     *
     * <p>Cost: one small wrapper object per task, and only where profiling records (otherwise {@code task} itself is
     * returned): use it where the caller already allocates the task (a lambda, a {@code ForkJoinTask}). The first
     * wrap from a zone path defines its task zone (once); after that it is one table probe per open zone.
     */
    public static Runnable wrap(Runnable task) {
        if (task == null) {
            throw new IllegalArgumentException("hudprof: wrap(null): pass the task to run");
        }
        Zone taskZone = Spawns.currentTaskZone();
        if (taskZone == null) {
            return task;
        }
        return () -> {
            taskZone.begin();
            try {
                task.run();
            } finally {
                taskZone.end();
            }
        };
    }

    /**
     * The task zone {@link #wrap(Runnable)} would run a task in if it were handed over from the current thread now,
     * or {@code null} when nothing records. For tasks a game keeps and reuses every frame (no wrapper at all): read
     * it on the submitting thread, pass it with the task, and have the task {@code begin()} and {@code end()} it
     * around its work on the worker.
     */
    public static Zone spawnZone() {
        return Spawns.currentTaskZone();
    }

    /** {@link #wrap(Runnable)} for a task that returns a value. */
    public static <V> Callable<V> wrap(Callable<V> task) {
        if (task == null) {
            throw new IllegalArgumentException("hudprof: wrap(null): pass the task to run");
        }
        Zone taskZone = Spawns.currentTaskZone();
        if (taskZone == null) {
            return task;
        }
        return () -> {
            taskZone.begin();
            try {
                return task.call();
            } finally {
                taskZone.end();
            }
        };
    }

    /**
     * An executor that {@linkplain #wrap(Runnable) wraps} every task it is given on the submitting thread, then hands
     * it to {@code executor} (one wrapper per task, as above).
     */
    public static Executor wrap(Executor executor) {
        if (executor == null) {
            throw new IllegalArgumentException("hudprof: wrap((Executor) null): pass the executor to decorate");
        }
        return new SpawningExecutorService(executor);
    }

    /**
     * An executor service that {@linkplain #wrap(Runnable) wraps} every task submitted (execute, submit, invokeAll,
     * invokeAny; the last two copy the task list) and leaves shutdown and the rest to {@code service}.
     */
    public static ExecutorService wrap(ExecutorService service) {
        if (service == null) {
            throw new IllegalArgumentException("hudprof: wrap((ExecutorService) null): pass the service to decorate");
        }
        return new SpawningExecutorService(service);
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
