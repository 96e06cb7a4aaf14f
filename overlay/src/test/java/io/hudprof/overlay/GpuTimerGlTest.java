package io.hudprof.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lwjgl.glfw.GLFW.glfwMakeContextCurrent;
import static org.lwjgl.opengl.GL11.GL_COLOR_BUFFER_BIT;
import static org.lwjgl.opengl.GL11.GL_NO_ERROR;
import static org.lwjgl.opengl.GL11.glClear;
import static org.lwjgl.opengl.GL11.glClearColor;
import static org.lwjgl.opengl.GL11.glFinish;
import static org.lwjgl.opengl.GL11.glFlush;
import static org.lwjgl.opengl.GL11.glGetInteger;
import static org.lwjgl.opengl.GL15.GL_CURRENT_QUERY;
import static org.lwjgl.opengl.GL15.GL_QUERY_RESULT;
import static org.lwjgl.opengl.GL15.GL_STATIC_READ;
import static org.lwjgl.opengl.GL15.glBeginQuery;
import static org.lwjgl.opengl.GL15.glBindBuffer;
import static org.lwjgl.opengl.GL15.glBufferData;
import static org.lwjgl.opengl.GL15.glDeleteBuffers;
import static org.lwjgl.opengl.GL15.glDeleteQueries;
import static org.lwjgl.opengl.GL15.glEndQuery;
import static org.lwjgl.opengl.GL15.glGenBuffers;
import static org.lwjgl.opengl.GL15.glGenQueries;
import static org.lwjgl.opengl.GL15.glGetBufferSubData;
import static org.lwjgl.opengl.GL15.glGetQueryi;
import static org.lwjgl.opengl.GL33.GL_TIME_ELAPSED;
import static org.lwjgl.opengl.GL33.glGetQueryObjecti64;
import static org.lwjgl.opengl.GL44.GL_QUERY_BUFFER;
import static org.lwjgl.opengl.GL44.GL_QUERY_BUFFER_BINDING;

import io.hudprof.core.Averaging;
import io.hudprof.core.GpuZone;
import io.hudprof.core.GpuZoneScope;
import io.hudprof.core.Hudprof;
import io.hudprof.core.ProfileData;
import io.hudprof.core.Problem;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.Zone;
import io.hudprof.testkit.AllocationCheck;
import java.util.Arrays;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link GpuTimer} on a real context (Mesa llvmpipe, which has timer queries): nested GPU zones come back as nested,
 * ordered intervals on the profiler's clock; each frame's results land in that frame's history entry however late
 * they arrive; polling never waits; mistakes are counted without a GL error; the game's own query and query-buffer
 * binding are left alone; and a frame allocates nothing.
 */
class GpuTimerGlTest {
    private static final GpuZone OUTER = GpuZone.local("gl outer");
    private static final GpuZone INNER = GpuZone.local("gl inner");
    private static final int W = 512;
    private static final int H = 512;

    private static GlContext gl;
    private Profiler profiler;
    private GpuTimer timer;
    private GlDebugLog debug;

    @BeforeAll
    static void open() {
        gl = GlContext.open(GlContext.Profile.CORE, W, H);
    }

    @AfterAll
    static void close() {
        if (gl != null) {
            gl.close();
        }
    }

    @BeforeEach
    void setUp() {
        profiler = new Profiler(ProfilerConfig.builder().selfProfiling(false).build());
        Hudprof.install(profiler);
        debug = new GlDebugLog();
    }

    @AfterEach
    void tearDown() {
        if (timer != null) {
            timer.close();
        }
        Hudprof.uninstall();
        assertEquals(GL_NO_ERROR, GlDebugLog.drainGlErrors());
        assertEquals(java.util.List.of(), debug.errors(), "KHR_debug errors");
        debug.close();
    }

    /**
     * Frame {@code n}: OUTER around (n % 4 + 1) INNER zones, each clearing the framebuffer (GPU work), then the
     * update, the collection the overlay makes at the start of its render, and a flush where a game would swap buffers (a swap flushes; without one the driver may hold the
     * commands, and their results, indefinitely).
     */
    private void frame(long n) {
        try (GpuZoneScope o = OUTER.enter()) {
            glClearColor(0.1f, 0.2f, 0.3f, 1f);
            glClear(GL_COLOR_BUFFER_BIT);
            for (int i = 0; i < n % 4 + 1; i++) {
                try (GpuZoneScope in = INNER.enter()) {
                    glClearColor(i * 0.2f, 0.5f, 0.1f, 1f);
                    glClear(GL_COLOR_BUFFER_BIT);
                }
            }
        }
        profiler.update();
        collect();
        glFlush();
    }

    /**
     * {@link #frame} and then waits for the GPU, as a game paced by its swap would. A real GPU runs behind a loop of
     * microsecond frames (on an H200, 23 of 1,400 such frames resolved: the ring was full, so the rest were dropped),
     * while llvmpipe finishes its work at the flush; tests that count resolved frames pace theirs.
     */
    private void pacedFrame(long n) {
        frame(n);
        glFinish();
    }

    /** What {@link Overlay#render} does first: collects the installed timer's finished frames. */
    private void collect() {
        if (profiler.gpu().backend() instanceof GpuTimer) {
            ((GpuTimer) profiler.gpu().backend()).collect();
        }
    }

    @Test
    void nestedGpuZonesComeBackAsNestedOrderedIntervalsOnTheCpuClock() {
        timer = GpuTimer.create(profiler);
        assertTrue(timer.available(), "llvmpipe has timer queries");
        long start = System.nanoTime();
        for (long n = 1; n <= 200 && timer.framesResolved() < 3; n++) {
            frame(n);
        }
        assertTrue(timer.framesResolved() >= 3, "GPU frames resolved: " + timer.framesResolved());
        int count = timer.lastResolvedCount();
        int[] codes = Arrays.copyOf(timer.lastResolvedCodes(), count);
        long[] nanos = Arrays.copyOf(timer.lastResolvedNanos(), count);
        int outer = OUTER.zone().id();
        int inner = INNER.zone().id();
        assertEquals(outer, codes[0], Arrays.toString(codes));
        assertEquals(~outer, codes[count - 1], Arrays.toString(codes));
        for (int i = 1; i < count - 1; i += 2) {
            assertEquals(inner, codes[i]);
            assertEquals(~inner, codes[i + 1]);
        }
        for (int i = 1; i < count; i++) {
            assertTrue(nanos[i] >= nanos[i - 1], "timestamps in stream order: " + Arrays.toString(nanos));
        }
        long now = System.nanoTime();
        // One calibration: the GPU times sit inside the test's span on the CPU clock (give or take the read's stall).
        long slack = timer.calibrationNanos() + 5_000_000L;
        assertTrue(nanos[0] >= start - slack && nanos[count - 1] <= now + slack,
                "GPU interval on the CPU clock within the test: " + (nanos[0] - start) + " .. "
                        + (now - nanos[count - 1]));

        ProfileData data = profiler.data();
        double[] self = data.self(Averaging.INSTANTANEOUS);
        int outerState = -1;
        int innerState = -1;
        for (int s = 0; s < data.stateCount(); s++) {
            if (data.zone(s) == outer) {
                outerState = s;
            } else if (data.zone(s) == inner) {
                innerState = s;
            }
        }
        assertTrue(outerState >= 0 && innerState >= 0);
        assertEquals(outerState, data.parent(innerState), "inner nests in outer");
        assertEquals("<gpu>", Zone.byId(data.zone(data.parent(outerState))).name());
        assertTrue(self[innerState] > 0, "inner GPU time");
        assertTrue(data.gpuFramesLate() >= 0);
        assertTrue(data.gpuFrameNanos() >= self[innerState]);
    }

    @Test
    void lateResultsLandInTheirOwnHistoryFrameAndPollingNeverWaits() {
        // An unthrottled loop on a busy llvmpipe runs far ahead of the GPU: a deep ring keeps most frames.
        timer = GpuTimer.create(profiler, 16, 64, 0);
        for (long n = 1; n <= 120; n++) {
            frame(n);
        }
        ProfileData data = profiler.data();
        assertTrue(timer.pollsUnavailable() > 0, "some polls found results not ready and went on without them");
        assertTrue(data.gpuFramesLate() >= 1, "results arrive late: " + data.gpuFramesLate() + ", resolved "
                + timer.framesResolved() + ", polls unavailable " + timer.pollsUnavailable() + ", dropped "
                + data.problemsTotal(Problem.GPU_FRAME_DROPPED));
        double[] self = new double[data.stateCapacity()];
        double[] calls = new double[data.stateCapacity()];
        int inner = INNER.zone().id();
        int checked = 0;
        int missing = 0;
        for (int ago = 0; ago < 100; ago++) {
            long number = profiler.history().frameNumber(ago);
            if (profiler.history().gpuFrameNanos(ago) < 0) {
                // Still pending (the newest few), or dropped because every query set was waiting: then counted.
                if (ago >= 16) {
                    missing++;
                }
                continue;
            }
            data.loadHistoryStates(ago, self, calls);
            double innerCalls = 0;
            for (int s = 0; s < data.stateCount(); s++) {
                if (data.zone(s) == inner) {
                    innerCalls += calls[s];
                }
            }
            assertEquals(number % 4 + 1, innerCalls, "frame " + number + " has its own GPU zones");
            data.clearHistoryStates(ago, self, calls);
            checked++;
        }
        assertTrue(checked >= 20, "history frames with GPU values: " + checked);
        assertTrue(missing <= data.problemsTotal(Problem.GPU_FRAME_DROPPED), missing + " frames without GPU values, "
                + data.problemsTotal(Problem.GPU_FRAME_DROPPED) + " counted as dropped");
    }

    @Test
    void aFullRingDropsFramesAndCountsThem() {
        timer = GpuTimer.create(profiler, 2, 4, 0);
        // Three zones need six timestamps; a set holds four.
        for (long n = 1; n <= 5; n++) {
            for (int i = 0; i < 3; i++) {
                try (GpuZoneScope o = OUTER.enter()) {
                    glClear(GL_COLOR_BUFFER_BIT);
                }
            }
            profiler.update();
            collect();
            glFlush();
        }
        assertEquals(5, profiler.data().problemsTotal(Problem.GPU_FRAME_DROPPED));
    }

    @Test
    void mistakesAreCountedWithoutAGlError() throws Exception {
        timer = GpuTimer.create(profiler);
        INNER.end();
        try (GpuZoneScope o = OUTER.enter()) {
            INNER.begin();
        }
        OUTER.begin();
        Thread other = new Thread(() -> {
            try (GpuZoneScope in = INNER.enter()) {
                Thread.onSpinWait();
            }
        });
        other.start();
        other.join();
        glfwMakeContextCurrent(0);
        INNER.begin();
        INNER.end();
        glfwMakeContextCurrent(gl.window());
        profiler.update();
        collect();
        ProfileData data = profiler.data();
        assertEquals(2, data.problemsInLastFrame(Problem.GPU_UNBALANCED),
                "an extra end, an end that closed an inner zone");
        assertEquals(4, data.problemsInLastFrame(Problem.GPU_NO_CONTEXT),
                "two from another thread, two with no context");
        profiler.update();
        collect();
        assertEquals(1, data.problemsInLastFrame(Problem.GPU_UNBALANCED),
                "the zone left open, ended by the update's frame listener after the commit: the next frame's count");
        assertEquals(3, data.problemsTotal(Problem.GPU_UNBALANCED));
    }

    @Test
    void updateMakesNoGlCallTheGpuWorkIsCollectedOutsideIt() {
        timer = GpuTimer.create(profiler);
        for (long n = 1; n <= 60; n++) {
            try (GpuZoneScope o = OUTER.enter()) {
                glClear(GL_COLOR_BUFFER_BIT);
                INNER.begin(); // left open: the update ends it and the next collect issues its timestamp
            }
            // With no context current, any GL call would fail: the update must not need one.
            glfwMakeContextCurrent(0);
            long resolvedBefore = timer.framesResolved();
            long unavailableBefore = timer.pollsUnavailable();
            profiler.update();
            assertEquals(resolvedBefore, timer.framesResolved(), "the update resolves nothing itself");
            assertEquals(unavailableBefore, timer.pollsUnavailable(), "the update polls nothing");
            glfwMakeContextCurrent(gl.window());
            timer.collect();
            glFlush();
            glFinish(); // paced like a swap: a real GPU otherwise falls behind, the ring fills, frames are dropped
        }
        assertEquals(0, profiler.data().problemsTotal(Problem.GPU_NO_CONTEXT), "the update needed no context");
        assertTrue(timer.framesResolved() > 10, "frames are resolved by collect(): " + timer.framesResolved());
        assertEquals(60, profiler.data().problemsTotal(Problem.GPU_UNBALANCED), "one zone left open a frame");
    }

    @Test
    void aHiddenHudsBatchedCollectReadsEveryFewFramesAndStillResolvesEachFrameIntoItsOwn() {
        timer = GpuTimer.create(profiler, 10, 64, 0);
        for (long n = 1; n <= 70; n++) {
            try (GpuZoneScope o = OUTER.enter()) {
                glClear(GL_COLOR_BUFFER_BIT);
                for (int i = 0; i < n % 4 + 1; i++) {
                    try (GpuZoneScope in = INNER.enter()) {
                        glClear(GL_COLOR_BUFFER_BIT);
                    }
                }
            }
            profiler.update();
            timer.collectBatched();
            glFlush();
            glFinish(); // paced like a swap
        }
        // Results are read once 8 frames wait (ring of 10, two short of full): about every 7th frame, not 70 times.
        assertTrue(timer.polls() >= 7 && timer.polls() <= 12, "polls: " + timer.polls());
        assertEquals(0, profiler.data().problemsTotal(Problem.GPU_FRAME_DROPPED), "no frame dropped");
        assertTrue(timer.framesResolved() >= 70 - 9, "resolved " + timer.framesResolved());
        ProfileData data = profiler.data();
        double[] self = new double[data.stateCapacity()];
        double[] calls = new double[data.stateCapacity()];
        int inner = INNER.zone().id();
        for (int ago = 9; ago < 60; ago++) {
            long number = profiler.history().frameNumber(ago);
            assertTrue(profiler.history().gpuFrameNanos(ago) >= 0, "frame " + number + " has its GPU time");
            data.loadHistoryStates(ago, self, calls);
            double innerCalls = 0;
            for (int s = 0; s < data.stateCount(); s++) {
                if (data.zone(s) == inner) {
                    innerCalls += calls[s];
                }
            }
            assertEquals(number % 4 + 1, innerCalls, "frame " + number + " has its own GPU zones");
            data.clearHistoryStates(ago, self, calls);
        }
    }

    @Test
    void collectNeverPollsTheFrameThatHasNotBeenFlushedYet() {
        timer = GpuTimer.create(profiler);
        for (long n = 1; n <= 30; n++) {
            try (GpuZoneScope o = OUTER.enter()) {
                glClear(GL_COLOR_BUFFER_BIT);
            }
            profiler.update();
            long resolvedBefore = timer.framesResolved();
            timer.collect();
            // Without a flush since its end, the frame that just ended is left for a later collect.
            assertTrue(timer.framesResolved() - resolvedBefore <= 1, "at most the previous, flushed frame");
            glFlush();
            glFinish();
        }
        // Every flushed frame finished before the next collect: each collect resolved the previous frame, and none
        // found results unavailable (asking for the unflushed frame would have found them unavailable, or flushed).
        assertEquals(0, timer.pollsUnavailable(), "polls of unflushed frames");
        assertEquals(29, timer.framesResolved());
    }

    @Test
    void theGamesOwnQueryAndQueryBufferAreLeftAlone() {
        timer = GpuTimer.create(profiler);
        int gameQuery = glGenQueries();
        int buffer = glGenBuffers();
        glBindBuffer(GL_QUERY_BUFFER, buffer);
        glBufferData(GL_QUERY_BUFFER, new long[] {0x5555_5555_5555_5555L}, GL_STATIC_READ);
        glBeginQuery(GL_TIME_ELAPSED, gameQuery);
        for (long n = 1; n <= 30; n++) {
            pacedFrame(n);
            assertEquals(gameQuery, glGetQueryi(GL_TIME_ELAPSED, GL_CURRENT_QUERY), "the game's query stays active");
            assertEquals(buffer, glGetInteger(GL_QUERY_BUFFER_BINDING), "the game's query buffer stays bound");
        }
        glEndQuery(GL_TIME_ELAPSED);
        assertTrue(timer.framesResolved() > 0, "results were read while the game's buffer was bound");
        long[] contents = new long[1];
        glGetBufferSubData(GL_QUERY_BUFFER, 0, contents);
        assertEquals(0x5555_5555_5555_5555L, contents[0], "no result was written into the game's buffer");
        glBindBuffer(GL_QUERY_BUFFER, 0);
        assertTrue(glGetQueryObjecti64(gameQuery, GL_QUERY_RESULT) > 0, "the game's own timer measured its span");
        glDeleteQueries(gameQuery);
        glDeleteBuffers(buffer);
    }

    @Test
    void aTimerMadeForARecreatedContextTakesOver() {
        GpuTimer first = GpuTimer.create(profiler);
        for (long n = 1; n <= 40; n++) {
            pacedFrame(n);
        }
        assertTrue(first.framesResolved() > 0);
        // The game lost its context: it closes the old timer (its queries went with the context) and makes a new one.
        first.close();
        long resolvedAtClose = first.framesResolved();
        assertFalse(profiler.data().gpuTiming());
        pacedFrame(41);
        assertEquals(-1, profiler.data().gpuFramesLate(), "the old timer's live GPU values are forgotten");
        timer = GpuTimer.create(profiler);
        for (long n = 42; n <= 80; n++) {
            pacedFrame(n);
        }
        assertTrue(timer.framesResolved() > 0, "the new timer resolves frames");
        assertTrue(profiler.data().gpuFramesLate() >= 0);
        assertEquals(resolvedAtClose, first.framesResolved(), "the closed timer no longer listens");
    }

    @Test
    void aZeroBitCounterLeavesGpuZonesAsNoOps() {
        timer = GpuTimer.create(profiler, 4, 16, 0, () -> 0);
        assertFalse(timer.available());
        assertNotNull(profiler.data().gpuUnavailableReason());
        assertTrue(profiler.data().gpuUnavailableReason().startsWith("GPU timing unavailable"));
        assertSame(GpuZoneScope.NONE, OUTER.enter());
        for (long n = 1; n <= 10; n++) {
            frame(n);
        }
        assertEquals(-1, profiler.data().gpuFramesLate());
    }

    @Test
    void gpuFramesAllocateNothing() {
        timer = GpuTimer.create(profiler);
        AllocationCheck.measure(400, 5, 200, i -> { }, i -> pacedFrame(i + 1)).assertSteady("frames with GPU zones");
        assertTrue(timer.framesResolved() > 500, "resolved " + timer.framesResolved());
    }
}
