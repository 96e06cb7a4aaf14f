package io.hudprof.core;

/**
 * A GPU zone: a stretch of the GL command stream whose GPU time hudprof measures with timestamp queries, shown
 * under the {@code <gpu>} pseudo-thread with self time, hierarchical time, counts and call graph exactly as CPU
 * zones are.
 *
 * <p>Like {@link Zone}: {@link #define(String)} makes a public zone (one row per name), {@link #local(String)} a
 * private one; create it once and keep it in a {@code static final} field. A GPU zone's row is named
 * {@code "name (gpu)"}, apart from a CPU zone of the same name ({@link PassZone} opens both together).
 *
 * <p>Enter it on the thread that has the GL context current, with try-with-resources ({@link #enter()}) or
 * {@link #begin()}/{@link #end()}; GPU zones nest freely, inside or outside CPU zones. Until a GL backend (the
 * overlay's {@code GpuTimer}) is installed, or where the context has no timer queries, entering costs a few field
 * reads and records nothing. Mistakes (unbalanced ends, the wrong thread) are counted as problems, never thrown.
 */
public final class GpuZone implements GpuZoneScope {
    private final Zone zone;

    private GpuZone(Zone zone) {
        this.zone = zone;
    }

    /**
     * Defines a public GPU zone, or returns the one already defined with this name.
     *
     * @throws IllegalArgumentException if the name is null or blank
     */
    public static GpuZone define(String name) {
        Zone zone = ZoneRegistry.defineGpu(name, true);
        synchronized (GpuZone.class) {
            return Holder.byZone(zone);
        }
    }

    /**
     * Creates a private GPU zone: a new, distinct zone each call.
     *
     * @throws IllegalArgumentException if the name is null or blank
     */
    public static GpuZone local(String name) {
        return new GpuZone(ZoneRegistry.defineGpu(name, false));
    }

    /** Enters this GPU zone and returns the scope whose {@code close()} leaves it; allocation-free. */
    public GpuZoneScope enter() {
        GpuTimestamps backend = backend();
        if (backend == null) {
            return GpuZoneScope.NONE;
        }
        backend.begin(zone.id());
        return this;
    }

    /** Enters this GPU zone; pair it with {@link #end()} on every path out. */
    public void begin() {
        GpuTimestamps backend = backend();
        if (backend != null) {
            backend.begin(zone.id());
        }
    }

    /** Leaves this GPU zone; an end that does not match is repaired and counted by the backend. */
    public void end() {
        if (!KillSwitch.COMPILED_IN) {
            return;
        }
        Profiler profiler = Hudprof.installed;
        GpuTimestamps backend = profiler == null ? null : profiler.gpu.backend;
        if (backend != null) {
            backend.end(zone.id());
        }
    }

    /** Same as {@link #end()}: a GPU zone is its own try-with-resources scope. */
    @Override
    public void close() {
        end();
    }

    /**
     * Chooses this GPU zone's colour ({@link Zone#color(int)} of {@link #zone()}): its bars in the timeline's
     * {@code <gpu>} lane.
     *
     * @return this GPU zone
     * @throws IllegalArgumentException if {@code rgb} is outside {@code 0x000000..0xFFFFFF}
     */
    public GpuZone color(int rgb) {
        zone.color(rgb);
        return this;
    }

    /** The zone the reports show for this GPU zone (its id, name, category). */
    public Zone zone() {
        return zone;
    }

    @Override
    public String toString() {
        return "GpuZone[" + zone + "]";
    }

    private static GpuTimestamps backend() {
        if (!KillSwitch.COMPILED_IN) {
            return null;
        }
        Profiler profiler = Hudprof.installed;
        if (profiler == null || !profiler.enabled) {
            return null;
        }
        return profiler.gpu.backend;
    }

    /** Public GPU zones by zone id, so defining a name twice returns the same object; guarded by the class. */
    private static final class Holder {
        private static GpuZone[] byZone = new GpuZone[64];

        static GpuZone byZone(Zone zone) {
            int id = zone.id();
            if (id >= byZone.length) {
                byZone = java.util.Arrays.copyOf(byZone, Math.max(id + 1, byZone.length * 2));
            }
            GpuZone gpu = byZone[id];
            if (gpu == null) {
                gpu = new GpuZone(zone);
                byZone[id] = gpu;
            }
            return gpu;
        }
    }
}
