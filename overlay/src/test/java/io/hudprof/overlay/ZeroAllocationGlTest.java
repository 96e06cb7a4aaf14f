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

/**
 * After warm-up, rendering the HUD allocates nothing on the Java heap, text and numbers included, in every view
 * state. Measured with HotSpot's per-thread allocation counter around each {@code render} call.
 */
class ZeroAllocationGlTest {
    private static final int W = 1280;
    private static final int H = 720;

    private static final int MAX_ROUNDS = 8;
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
                if (controls.helpVisible()) {
                    controls.toggleHelp();
                }
                if (!controls.graphVisible()) {
                    controls.toggleGraph();
                }
                if (controls.categoriesShown()) {
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

    /**
     * A round visits every view state for 100 frames. While the JIT is still compiling, a round can see a few
     * hundred bytes from the VM itself (constant resolution on a freshly compiled path), never again afterwards;
     * a real per-frame allocation would show in every round. So: warm up, then the HUD must reach a round of 100
     * frames per state with exactly zero bytes within a few rounds.
     */
    @AfterEach
    void screenshot(TestInfo test) {
        gl.screenshotOf(test);
    }

    @Test
    void renderAllocatesNothingAfterWarmUp() {
        try (Overlay overlay = Overlay.create(game.profiler, OverlayConfig.builder().startVisible(true).build())) {
            run(overlay, 60, bytes -> { });
            StringBuilder rounds = new StringBuilder();
            long[] total = new long[1];
            long[] worst = new long[1];
            for (int round = 1; round <= MAX_ROUNDS; round++) {
                total[0] = 0;
                worst[0] = 0;
                run(overlay, FRAMES_PER_STATE, bytes -> {
                    total[0] += bytes;
                    worst[0] = Math.max(worst[0], bytes);
                });
                rounds.append(rounds.length() == 0 ? "" : ", ").append(total[0]);
                if (total[0] == 0) {
                    System.out.println("[hudprof] Overlay.render allocated 0 bytes over " + STATES.length
                            * FRAMES_PER_STATE + " frames in " + STATES.length + " view states (bytes per round: "
                            + rounds + ")");
                    return;
                }
            }
            fail("Overlay.render kept allocating after warm-up; bytes per round of " + STATES.length
                    * FRAMES_PER_STATE + " frames: " + rounds + " (worst frame of the last round " + worst[0] + ")");
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
