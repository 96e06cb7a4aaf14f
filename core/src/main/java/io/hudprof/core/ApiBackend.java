package io.hudprof.core;

import io.hudprof.api.HudprofBackend;

import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * Core's side of {@code hudprof-api}: the backend the api's calls go to once {@link Hudprof#start()} or
 * {@link Hudprof#install(Profiler)} has bound it. Each api zone is a core {@link Zone} (public zones shared by name
 * with core's own), so the recorder sees the same ids in the same order whichever API the game used, and every
 * report, category chart and HUD view comes out the same.
 *
 * <p>The zone transitions below repeat {@link Zone}'s and {@link GpuZone}'s fast paths with the id the api holds, so
 * a pair through the api costs core's pair plus one static read and a call the JIT inlines (one backend class is
 * ever loaded). Bound once per process, never when profiling was compiled out ({@code -Dhudprof.enabled=false}):
 * then the api's calls stay the empty checks they are on a phone.
 */
final class ApiBackend extends HudprofBackend {
    private static final ApiBackend INSTANCE = new ApiBackend();

    /** Counters and distributions: the statistics module's, or none (api statistics are then no-ops). */
    private final ApiStatistics statistics = findStatistics();
    /** Categories: the statistics module's, or none (api category calls are then no-ops). */
    private final ApiCategories categories = findCategories(statistics != null);

    private ApiBackend() {
    }

    /**
     * Binds core to the api unless profiling was compiled out; idempotent.
     *
     * @throws IllegalArgumentException if a statistic defined through the api before the binding has a name core
     *                                  already uses for another kind of statistic
     */
    static void bindOnce() {
        if (KillSwitch.COMPILED_IN && HudprofBackend.bound() != INSTANCE) {
            HudprofBackend.bind(INSTANCE);
        }
    }

    @Override
    protected int defineZone(String name, boolean isPublic) {
        return (isPublic ? Zone.define(name) : Zone.local(name)).id();
    }

    @Override
    protected int defineGpuZone(String name, boolean isPublic) {
        return (isPublic ? GpuZone.define(name) : GpuZone.local(name)).zone().id();
    }

    @Override
    protected void defineCategory(String path) {
        if (categories != null) {
            categories.define(path);
        }
    }

    @Override
    protected void zoneColor(int zone, int rgb) {
        Zone defined = Zone.byId(zone);
        if (defined != null) {
            defined.color(rgb);
        }
    }

    @Override
    protected void categoryColor(String path, int rgb) {
        if (categories != null) {
            categories.color(path, rgb);
        }
    }

    @Override
    protected int defineCounter(String name, boolean level) {
        return statistics == null ? -1 : statistics.defineCounter(name, level);
    }

    @Override
    protected int defineIntDistribution(String name) {
        return statistics == null ? -1 : statistics.defineIntDistribution(name);
    }

    @Override
    protected int defineFloatDistribution(String name) {
        return statistics == null ? -1 : statistics.defineFloatDistribution(name);
    }

    @Override
    protected boolean recording() {
        Profiler profiler = Hudprof.installed;
        return profiler != null && profiler.enabled;
    }

    /** {@link Zone#enter()} for zone {@code zone}. */
    @Override
    protected io.hudprof.api.ZoneScope enter(int zone) {
        Profiler profiler = Hudprof.installed;
        if (profiler == null || !profiler.enabled) {
            return ZoneScope.NONE;
        }
        ThreadRecorder recorder = profiler.recorder();
        recorder.begin(zone | ThreadRecorder.SCOPE_FLAG);
        return recorder;
    }

    /** {@link Zone#begin()} for zone {@code zone}. */
    @Override
    protected void begin(int zone) {
        Profiler profiler = Hudprof.installed;
        if (profiler == null || !profiler.enabled) {
            return;
        }
        profiler.recorder().begin(zone);
    }

    /** {@link Zone#end()} for zone {@code zone}. */
    @Override
    protected void end(int zone) {
        Profiler profiler = Hudprof.installed;
        if (profiler == null || profiler.endState < 0) {
            return;
        }
        profiler.recorder().end(zone);
    }

    /** {@link GpuZone#begin()} for zone {@code zone}; true when a GPU backend took it. */
    @Override
    protected boolean gpuBegin(int zone) {
        Profiler profiler = Hudprof.installed;
        if (profiler == null || !profiler.enabled) {
            return false;
        }
        GpuTimestamps gpu = profiler.gpu.backend;
        if (gpu == null) {
            return false;
        }
        gpu.begin(zone);
        return true;
    }

    /** {@link GpuZone#end()} for zone {@code zone}. */
    @Override
    protected void gpuEnd(int zone) {
        Profiler profiler = Hudprof.installed;
        GpuTimestamps gpu = profiler == null ? null : profiler.gpu.backend;
        if (gpu != null) {
            gpu.end(zone);
        }
    }

    @Override
    protected void counterAdd(int counter, long n) {
        if (statistics != null) {
            statistics.counterAdd(counter, n);
        }
    }

    @Override
    protected void intReport(int distribution, long value) {
        if (statistics != null) {
            statistics.intReport(distribution, value);
        }
    }

    @Override
    protected void floatReport(int distribution, double value) {
        if (statistics != null) {
            statistics.floatReport(distribution, value);
        }
    }

    /** The statistics module's half of the backend, if it is on the class path. */
    private static ApiStatistics findStatistics() {
        try {
            return ServiceLoader.load(ApiStatistics.class, ApiStatistics.class.getClassLoader()).findFirst()
                    .orElse(null);
        } catch (ServiceConfigurationError | LinkageError e) {
            System.getLogger("io.hudprof").log(System.Logger.Level.WARNING,
                    "hudprof: api counters and distributions are off, the statistics module did not load: " + e);
            return null;
        }
    }

    /**
     * The statistics module's categories, if it is on the class path. Its jar holds both service files, so statistics
     * found without categories means a repackaged jar kept one file and lost the other: that is warned about.
     */
    private static ApiCategories findCategories(boolean statisticsFound) {
        try {
            ApiCategories found = ServiceLoader.load(ApiCategories.class, ApiCategories.class.getClassLoader())
                    .findFirst().orElse(null);
            if (found == null && statisticsFound) {
                System.getLogger("io.hudprof").log(System.Logger.Level.WARNING, "hudprof: api categories are off:"
                        + " META-INF/services/io.hudprof.core.ApiCategories is missing from the class path while"
                        + " hudprof-stats' other service file is there (a repackaged jar must merge service files)");
            }
            return found;
        } catch (ServiceConfigurationError | LinkageError e) {
            System.getLogger("io.hudprof").log(System.Logger.Level.WARNING,
                    "hudprof: api categories are off, the statistics module's category binding did not load: " + e);
            return null;
        }
    }

    @Override
    public String toString() {
        return "hudprof core";
    }
}
