package io.hudprof.bench;

import static org.lwjgl.glfw.GLFW.GLFW_CONTEXT_CREATION_API;
import static org.lwjgl.glfw.GLFW.GLFW_CONTEXT_VERSION_MAJOR;
import static org.lwjgl.glfw.GLFW.GLFW_CONTEXT_VERSION_MINOR;
import static org.lwjgl.glfw.GLFW.GLFW_EGL_CONTEXT_API;
import static org.lwjgl.glfw.GLFW.GLFW_FALSE;
import static org.lwjgl.glfw.GLFW.GLFW_OPENGL_CORE_PROFILE;
import static org.lwjgl.glfw.GLFW.GLFW_OPENGL_PROFILE;
import static org.lwjgl.glfw.GLFW.GLFW_PLATFORM;
import static org.lwjgl.glfw.GLFW.GLFW_PLATFORM_NULL;
import static org.lwjgl.glfw.GLFW.GLFW_VISIBLE;
import static org.lwjgl.glfw.GLFW.glfwCreateWindow;
import static org.lwjgl.glfw.GLFW.glfwDestroyWindow;
import static org.lwjgl.glfw.GLFW.glfwInit;
import static org.lwjgl.glfw.GLFW.glfwInitHint;
import static org.lwjgl.glfw.GLFW.glfwMakeContextCurrent;
import static org.lwjgl.glfw.GLFW.glfwTerminate;
import static org.lwjgl.glfw.GLFW.glfwWindowHint;
import static org.lwjgl.opengl.GL11.glFlush;
import static org.lwjgl.opengl.GL32.GL_SYNC_FLUSH_COMMANDS_BIT;
import static org.lwjgl.opengl.GL32.GL_SYNC_GPU_COMMANDS_COMPLETE;
import static org.lwjgl.opengl.GL32.glClientWaitSync;
import static org.lwjgl.opengl.GL32.glDeleteSync;
import static org.lwjgl.opengl.GL32.glFenceSync;

import java.util.concurrent.TimeUnit;

import io.hudprof.core.GpuZone;
import io.hudprof.core.GpuZoneScope;
import io.hudprof.core.Hudprof;
import io.hudprof.core.Problem;
import io.hudprof.core.Profiler;
import io.hudprof.core.Zone;
import io.hudprof.core.ZoneScope;
import io.hudprof.overlay.GpuTimer;
import org.lwjgl.opengl.GL;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The CPU cost of a GPU zone pair (two {@code glQueryCounter} calls, the thread and context checks, the event
 * bookkeeping) beside a CPU zone pair, in the same run and the same GL context (GLFW's null platform with EGL: Mesa
 * llvmpipe here; a driver's {@code glQueryCounter} costs what it costs, so the ratio is the driver's as much as ours).
 * Each invocation performs {@link #PAIRS} pairs; the update that collects the frame, a flush and a wait for the frame
 * two back (a driver's swap throttling) run in an invocation tear-down outside the timed region, so no query set is
 * ever dropped (checked at the end of the trial).
 */
@BenchmarkMode(Mode.AverageTime)
@Fork(1)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class GpuZoneBenchmarks {
    /** Pairs per invocation: a GPU zone pair takes two timestamps of a query set. */
    public static final int PAIRS = 256;

    static final Zone CPU = Zone.define("bench:cpu pass");
    static final GpuZone GPU = GpuZone.define("bench:gpu pass");

    /** A headless GL context with a profiler and a GPU timer, a frame ended after every invocation. */
    @State(Scope.Thread)
    public static class Context {
        long window;
        Profiler profiler;
        GpuTimer timer;
        final long[] fences = new long[2];
        int frames;

        @Setup(Level.Trial)
        public void open() {
            BenchProfilers.checkCompiledIn(true);
            glfwInitHint(GLFW_PLATFORM, GLFW_PLATFORM_NULL);
            if (!glfwInit()) {
                throw new IllegalStateException("GLFW's null platform did not start (Mesa's libEGL is needed)");
            }
            glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
            glfwWindowHint(GLFW_CONTEXT_CREATION_API, GLFW_EGL_CONTEXT_API);
            glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
            glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
            glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
            window = glfwCreateWindow(64, 64, "hudprof GPU zone benchmark", 0, 0);
            if (window == 0) {
                throw new IllegalStateException("no OpenGL 3.3 core context (EGL) could be created");
            }
            glfwMakeContextCurrent(window);
            GL.createCapabilities();
            profiler = BenchProfilers.install();
            timer = GpuTimer.create(profiler, 6, 2 * PAIRS, 0);
            if (!timer.available()) {
                throw new IllegalStateException(timer.unavailableReason());
            }
        }

        @TearDown(Level.Invocation)
        public void endFrame() {
            profiler.update();
            timer.collect();
            glFlush();
            int slot = frames++ % fences.length;
            if (fences[slot] != 0) {
                glClientWaitSync(fences[slot], GL_SYNC_FLUSH_COMMANDS_BIT, Long.MAX_VALUE);
                glDeleteSync(fences[slot]);
            }
            fences[slot] = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
        }

        @TearDown(Level.Trial)
        public void close() {
            long dropped = profiler.problemsTotal(Problem.GPU_FRAME_DROPPED);
            BenchProfilers.checkNothingDropped(profiler);
            timer.close();
            Hudprof.uninstall();
            for (long fence : fences) {
                if (fence != 0) {
                    glDeleteSync(fence);
                }
            }
            GL.setCapabilities(null);
            glfwDestroyWindow(window);
            glfwTerminate();
            if (dropped != 0) {
                throw new IllegalStateException(dropped + " GPU frames were dropped: the GPU pairs did less work");
            }
        }
    }

    @Benchmark
    @OperationsPerInvocation(PAIRS)
    @SuppressWarnings("try") // the scope is what is measured
    public void gpuZonePair(Context c) {
        for (int i = 0; i < PAIRS; i++) {
            try (GpuZoneScope g = GPU.enter()) {
            }
        }
    }

    @Benchmark
    @OperationsPerInvocation(PAIRS)
    @SuppressWarnings("try")
    public void cpuZonePair(Context c) {
        for (int i = 0; i < PAIRS; i++) {
            try (ZoneScope z = CPU.enter()) {
            }
        }
    }
}
