package io.hudprof.api;

/**
 * A GPU zone: a stretch of the GL command stream whose GPU time hudprof measures, shown under the {@code <gpu>}
 * pseudo-thread as {@code "name (gpu)"}. The api's counterpart of core's {@code io.hudprof.core.GpuZone}: the same
 * calls, recording exactly what core's records once core is bound and its GL backend (the overlay's GPU timer) is
 * installed; a no-op otherwise. Enter it on the thread that has the GL context current.
 */
public final class GpuZone implements GpuZoneScope {
    private final String name;
    private final boolean isPublic;
    /** The backend's id for this zone; written under {@link Binding}'s lock before the backend is published. */
    int id;
    /** The chosen colour, {@code 0xRRGGBB}, or {@link Zone#NO_COLOR}; written under {@link Binding}'s lock. */
    int color = Zone.NO_COLOR;

    GpuZone(String name, boolean isPublic) {
        this.name = name;
        this.isPublic = isPublic;
    }

    /**
     * Defines a public GPU zone, or returns the one already defined with this name.
     *
     * @throws IllegalArgumentException if the name is null or blank
     */
    public static GpuZone define(String name) {
        return Binding.gpuZone(Names.check(name, "a GPU zone"), true);
    }

    /**
     * Creates a private GPU zone: a new, distinct zone each call.
     *
     * @throws IllegalArgumentException if the name is null or blank
     */
    public static GpuZone local(String name) {
        return Binding.gpuZone(Names.check(name, "a GPU zone"), false);
    }

    /** Enters this GPU zone and returns the scope whose {@code close()} leaves it; allocation-free. */
    public GpuZoneScope enter() {
        HudprofBackend backend = Binding.backend;
        if (backend == null || !backend.gpuBegin(id)) {
            return GpuZoneScope.NONE;
        }
        return this;
    }

    /** Enters this GPU zone; pair it with {@link #end()} on every path out. */
    public void begin() {
        HudprofBackend backend = Binding.backend;
        if (backend != null) {
            backend.gpuBegin(id);
        }
    }

    /** Leaves this GPU zone. */
    public void end() {
        HudprofBackend backend = Binding.backend;
        if (backend != null) {
            backend.gpuEnd(id);
        }
    }

    /** Same as {@link #end()}: a GPU zone is its own try-with-resources scope. */
    @Override
    public void close() {
        end();
    }

    /**
     * Chooses this GPU zone's colour (its bars in the timeline's {@code <gpu>} lane), as {@link Zone#color(int)}.
     *
     * @return this GPU zone
     * @throws IllegalArgumentException if {@code rgb} is outside {@code 0x000000..0xFFFFFF}
     */
    public GpuZone color(int rgb) {
        Binding.gpuZoneColor(this, Zone.checkColor(rgb));
        return this;
    }

    /** The colour chosen with {@link #color(int)}, {@code 0xRRGGBB}, or {@link Zone#NO_COLOR}. */
    public int color() {
        synchronized (Binding.class) {
            return color;
        }
    }

    /** The name as defined; its row is {@code "name (gpu)"}. */
    public String name() {
        return name;
    }

    /** True for a zone made with {@link #define(String)}. */
    public boolean isPublic() {
        return isPublic;
    }

    @Override
    public String toString() {
        return "GpuZone[" + name + (isPublic ? "" : " (private)") + "]";
    }
}
