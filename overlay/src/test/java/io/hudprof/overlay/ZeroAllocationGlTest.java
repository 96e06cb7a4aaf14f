package io.hudprof.overlay;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.management.ManagementFactory;
import java.util.function.Consumer;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import io.hudprof.testkit.AllocationCheck;

/**
 * After warm-up, rendering the HUD allocates nothing on the Java heap, text and numbers included, in every view
 * state. Measured with HotSpot's per-thread allocation counter around each {@code render} call.
 */
class ZeroAllocationGlTest {
    private static final int W = 1280;
    private static final int H = 720;

    private static final int ROUNDS = 7;
    private static final int FRAMES_PER_STATE = 100;

    private static final io.hudprof.stats.MemoryCounter TEXTURES =
            io.hudprof.stats.MemoryCounter.defineLevel("ZaMemory/Textures");
    private static final io.hudprof.stats.MemoryCounter MESHES =
            io.hudprof.stats.MemoryCounter.defineLevel("ZaMemory/Meshes");

    private static GlContext gl;
    private static io.hudprof.stats.FrameStatistics statistics;
    private static ScriptedGame game;
    private static com.sun.management.ThreadMXBean threads;

    @BeforeAll
    static void open() {
        gl = GlContext.open(GlContext.Profile.CORE, W, H);
        game = new ScriptedGame(256, 30);
        statistics = io.hudprof.stats.FrameStatistics.builder()
                .sensors(java.util.EnumSet.noneOf(io.hudprof.stats.Sensor.class)).attach(game.profiler);
        threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        assertTrue(threads.isThreadAllocatedMemorySupported(), "this JVM cannot count allocated bytes per thread");
        threads.setThreadAllocatedMemoryEnabled(true);
    }

    @AfterAll
    static void close() {
        if (statistics != null) {
            statistics.detach();
        }
        if (game != null) {
            game.close();
        }
        if (gl != null) {
            gl.close();
        }
    }

    /** The view states a user moves through; each is rendered while measuring. */
    private static final String[] STATES = {"self time", "hier time", "call graph", "history frame", "paused",
        "hertz, zoomed, help", "category strip chart, drilled, guide bar",
        "value chart, category stacked, stepped, guide bar", "graph hidden", "scrolled"};

    private static void enter(int state, HudControls controls) {
        switch (state) {
            case 0 -> {
                game.resetNavigation();
                if (controls.view().helpVisible()) {
                    controls.toggleHelp();
                }
                if (!controls.view().graphVisible()) {
                    controls.toggleGraph();
                }
                if (controls.view().categoriesShown()) {
                    controls.toggleCategories();
                }
                controls.chart(null);
            }
            case 1 -> controls.cycleMode();
            case 2 -> {
                controls.cursorDown();
                controls.select();
            }
            case 3 -> controls.frameOlder(17);
            case 4 -> controls.togglePause();
            case 5 -> {
                controls.togglePause();
                controls.toggleUnits();
                controls.graphZoomIn();
                controls.toggleHelp();
            }
            case 6 -> {
                controls.toggleCategories();
                controls.categoryCursorDown();
                controls.drillDown();
                controls.addGuideBar();
                controls.graphZoomIn();
            }
            case 7 -> {
                controls.chart(TEXTURES);
                controls.toggleChartCategory();
                controls.addChartGuide();
                controls.chartNext();
                controls.chartPrevious();
            }
            case 8 -> {
                controls.toggleCategories();
                controls.toggleGraph();
            }
            default -> {
                controls.liveFrame();
                controls.cycleMode();
                controls.toggleUnits();
                controls.graphZoomOut();
                controls.toggleGraph();
            }
        }
    }

    private static void run(Overlay overlay, int framesPerState, Consumer<Long> renderBytes) {
        for (int state = 0; state < STATES.length; state++) {
            enter(state, overlay.controls());
            for (int f = 0; f < framesPerState; f++) {
                if (state == STATES.length - 1 && f == 1) {
                    // Navigation acts on the rows last drawn, so scroll once the flat report is on screen.
                    overlay.controls().pageDown();
                    overlay.controls().cursorDown();
                }
                TEXTURES.add(f % 2 == 0 ? 4096 : -4096);
                MESHES.add(f % 3 == 0 ? 1024 : 0);
                game.frame(1.0 + (f % 5) * 0.1);
                ScriptedGame.drawScene(W, H);
                long before = threads.getCurrentThreadAllocatedBytes();
                overlay.render(W, H);
                long after = threads.getCurrentThreadAllocatedBytes();
                renderBytes.accept(after - before);
            }
        }
    }

    @AfterEach
    void screenshot(TestInfo test) {
        gl.screenshotOf(test);
    }

    /**
     * A round visits every view state for 100 frames; each round is one window of {@link AllocationCheck}'s rule
     * (warm up, then zero in most rounds and under one object a frame in every one): a one-off of the VM's own
     * (constant resolution on a freshly compiled path) fits in one round, a per-frame allocation shows in all.
     */
    @Test
    void renderAllocatesNothingAfterWarmUp() {
        // Every frame a refresh, drawn straight over the game (interval 0, as before the interval existed).
        renderAllocatesNothingAfterWarmUp(java.time.Duration.ZERO, false);
    }

    @Test
    void refreshedAndCachedFramesAllocateNothingAfterWarmUp() {
        // The default interval on the game's 11-15 ms frames: a refresh every 35-45 frames and after each change of
        // view state (ten a round), the kept draw list drawn again in the frames between.
        assertBothKindsMeasured(renderAllocatesNothingAfterWarmUp(OverlayConfig.defaults().refreshInterval(), false));
    }

    @Test
    void refreshesIntoTheKeptCopyAndFramesPuttingItBackAllocateNothingAfterWarmUp() {
        assertBothKindsMeasured(renderAllocatesNothingAfterWarmUp(OverlayConfig.defaults().refreshInterval(), true));
    }

    private static void assertBothKindsMeasured(Overlay last) {
        assertTrue(last.refresh().refreshes() > 100 && last.refresh().replays() > 5 * last.refresh().refreshes() / 2,
                "both kinds of frame were measured: " + last.refresh().refreshes() + " refreshes, "
                        + last.refresh().replays() + " frames between");
    }

    private Overlay renderAllocatesNothingAfterWarmUp(java.time.Duration refresh, boolean keepPixels) {
        try (Overlay overlay = Overlay.create(game.profiler, OverlayConfig.builder().startVisible(true)
                .refreshInterval(refresh).keepPixels(keepPixels).refreshWarmUp(0).build())) {
            // Warm-up: a short pass, then a whole round (on a loaded machine the JIT still replaces methods in the
            // first full rounds: a few hundred bytes in most of them, seen in a full build at a load average of 20).
            run(overlay, 60, bytes -> { });
            run(overlay, FRAMES_PER_STATE, bytes -> { });
            // Rounds go on, at most four times as many, until the last ROUNDS of them hold the rule.
            int framesPerRound = STATES.length * FRAMES_PER_STATE;
            long[] rounds = new long[4 * ROUNDS];
            int measured = 0;
            do {
                int r = measured++;
                run(overlay, FRAMES_PER_STATE, bytes -> rounds[r] += bytes);
            } while (measured < rounds.length && !AllocationCheck.settled(framesPerRound, ROUNDS, rounds, measured));
            AllocationCheck.Windows windows = AllocationCheck.lastOf(framesPerRound, ROUNDS, rounds, measured);
            windows.assertSteady("Overlay.render in " + STATES.length + " view states, refresh " + refresh.toMillis()
                    + " ms, pixels kept " + keepPixels);
            System.out.println("[hudprof] Overlay.render after warm-up, " + STATES.length + " view states, refresh "
                    + refresh.toMillis() + " ms, pixels kept " + keepPixels + ": " + windows);
            return overlay;
        }
    }

    @Test
    void measurementSeesAnAllocationWhenThereIsOne() {
        long before = threads.getCurrentThreadAllocatedBytes();
        Object[] garbage = new Object[1000];
        long after = threads.getCurrentThreadAllocatedBytes();
        assertTrue(after - before >= 4000, "counter missed a 4 kB array: " + (after - before) + " " + garbage.length);
    }
}
