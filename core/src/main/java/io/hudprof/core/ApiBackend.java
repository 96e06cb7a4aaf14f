package io.hudprof.core;

import io.hudprof.api.HudprofBackend;
import io.hudprof.core.category.Category;
import io.hudprof.core.stats.Counter;
import io.hudprof.core.stats.FloatDistribution;
import io.hudprof.core.stats.IntDistribution;

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

    /** Statistics by handle; copy-on-write under the instance lock, read without it on the hot path. */
    private volatile Counter[] counters = new Counter[0];
    private volatile IntDistribution[] intDistributions = new IntDistribution[0];
    private volatile FloatDistribution[] floatDistributions = new FloatDistribution[0];

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
        Category.of(path);
    }

    @Override
    protected synchronized int defineCounter(String name, boolean level) {
        Counter counter = level ? Counter.defineLevel(name) : Counter.define(name);
        Counter[] grown = java.util.Arrays.copyOf(counters, counters.length + 1);
        grown[grown.length - 1] = counter;
        counters = grown;
        return grown.length - 1;
    }

    @Override
    protected synchronized int defineIntDistribution(String name) {
        IntDistribution distribution = IntDistribution.define(name);
        IntDistribution[] grown = java.util.Arrays.copyOf(intDistributions, intDistributions.length + 1);
        grown[grown.length - 1] = distribution;
        intDistributions = grown;
        return grown.length - 1;
    }

    @Override
    protected synchronized int defineFloatDistribution(String name) {
        FloatDistribution distribution = FloatDistribution.define(name);
        FloatDistribution[] grown = java.util.Arrays.copyOf(floatDistributions, floatDistributions.length + 1);
        grown[grown.length - 1] = distribution;
        floatDistributions = grown;
        return grown.length - 1;
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
        Counter[] all = counters;
        if (counter >= 0 && counter < all.length) {
            all[counter].add(n);
        }
    }

    @Override
    protected void intReport(int distribution, long value) {
        IntDistribution[] all = intDistributions;
        if (distribution >= 0 && distribution < all.length) {
            all[distribution].report(value);
        }
    }

    @Override
    protected void floatReport(int distribution, double value) {
        FloatDistribution[] all = floatDistributions;
        if (distribution >= 0 && distribution < all.length) {
            all[distribution].report(value);
        }
    }

    @Override
    public String toString() {
        return "hudprof core";
    }
}
