package io.hudprof.api;

/**
 * A render pass measured on both sides: a CPU {@link Zone} and a {@link GpuZone} of the same name, entered and left
 * together (core's {@code io.hudprof.core.PassZone}).
 *
 * <pre>{@code
 * static final PassZone SHADOWS = PassZone.define("Shadows");
 * try (GpuZoneScope pass = SHADOWS.enter()) {
 *     drawShadows();
 * }
 * }</pre>
 */
public final class PassZone implements GpuZoneScope {
    private final Zone cpu;
    private final GpuZone gpu;

    private PassZone(Zone cpu, GpuZone gpu) {
        this.cpu = cpu;
        this.gpu = gpu;
    }

    /** A pass of public zones: {@link Zone#define(String)} and {@link GpuZone#define(String)} of the name. */
    public static PassZone define(String name) {
        return new PassZone(Zone.define(name), GpuZone.define(name));
    }

    /** A pass of private zones: {@link Zone#local(String)} and {@link GpuZone#local(String)}. */
    public static PassZone local(String name) {
        return new PassZone(Zone.local(name), GpuZone.local(name));
    }

    /** Enters the CPU zone, then the GPU zone; the scope leaves them in the opposite order. */
    public GpuZoneScope enter() {
        HudprofBackend backend = Binding.backend;
        if (backend == null || !backend.recording()) {
            return GpuZoneScope.NONE;
        }
        cpu.begin();
        gpu.begin();
        return this;
    }

    /** Enters both zones; pair it with {@link #end()}. */
    public void begin() {
        cpu.begin();
        gpu.begin();
    }

    /** Leaves the GPU zone, then the CPU zone. */
    public void end() {
        gpu.end();
        cpu.end();
    }

    @Override
    public void close() {
        end();
    }

    /**
     * Chooses the colour of both halves of the pass ({@link Zone#color(int)}, {@link GpuZone#color(int)}).
     *
     * @return this pass
     * @throws IllegalArgumentException if {@code rgb} is outside {@code 0x000000..0xFFFFFF}
     */
    public PassZone color(int rgb) {
        cpu.color(rgb);
        gpu.color(rgb);
        return this;
    }

    /** The CPU side. */
    public Zone cpuZone() {
        return cpu;
    }

    /** The GPU side. */
    public GpuZone gpuZone() {
        return gpu;
    }
}
