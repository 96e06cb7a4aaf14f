package io.hudprof.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.report.Column;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportMode;
import io.hudprof.core.report.ReportRow;
import io.hudprof.core.report.RowRole;
import io.hudprof.testkit.AllocationCheck;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * GPU zones through core with a scripted backend on the manual clock: resolved GPU frames enter the zone-stack
 * attribution under {@code <gpu>} (self, hier, counts and the call graph sum as IProf's do), arrive late and land
 * in their own history frame, and problems are counted in the frame they happened.
 */
class GpuZoneTest {
    private static final GpuZone SCENE = GpuZone.local("scene");
    private static final GpuZone SHADOWS = GpuZone.local("shadows");
    private static final GpuZone BLUR = GpuZone.local("blur");
    private static final Zone CPU = Zone.local("cpu work");

    private ProfilerFixture fx;

    @BeforeEach
    void setUp() {
        fx = new ProfilerFixture();
        fx.controller().setAveraging(Averaging.INSTANTANEOUS);
    }

    @AfterEach
    void tearDown() {
        fx.close();
    }

    /**
     * One frame's GPU work, in µs: scene { 10 self, shadows { 20 self, blur 5 }, 5 self, blur 7 } then 3 µs of
     * root time before a second top-level blur of 4.
     */
    private void gpuFrame() {
        try (GpuZoneScope s = SCENE.enter()) {
            fx.micros(10);
            try (GpuZoneScope sh = SHADOWS.enter()) {
                fx.micros(20);
                try (GpuZoneScope b = BLUR.enter()) {
                    fx.micros(5);
                }
            }
            fx.micros(5);
            try (GpuZoneScope b = BLUR.enter()) {
                fx.micros(7);
            }
        }
        fx.micros(3);
        try (GpuZoneScope b = BLUR.enter()) {
            fx.micros(4);
        }
        try (ZoneScope c = CPU.enter()) {
            fx.micros(100);
        }
    }

    private ReportRow row(GpuZone zone, RowRole role) {
        return fx.row(zone.zone(), role);
    }

    @Test
    void nestedGpuZonesGiveSelfHierAndCountsUnderTheGpuRoot() {
        new ScriptedGpuTimestamps(fx.profiler, fx.clock, 0);
        gpuFrame();
        fx.profiler.update();
        fx.controller().setMode(ReportMode.SELF_TIME);
        fx.build();
        assertEquals(15_000, row(SCENE, RowRole.FLAT).value(Column.SELF));
        assertEquals(20_000, row(SHADOWS, RowRole.FLAT).value(Column.SELF));
        assertEquals(16_000, row(BLUR, RowRole.FLAT).value(Column.SELF));
        assertEquals(3, row(BLUR, RowRole.FLAT).value(Column.COUNT));
        assertEquals(25_000, row(SHADOWS, RowRole.FLAT).value(Column.HIER));
        assertEquals(47_000, row(SCENE, RowRole.FLAT).value(Column.HIER));
        assertEquals(51_000, fx.profiler.data().gpuFrameNanos(),
                "inside the outermost zones: 54 µs less the 3 µs gap");
        assertEquals(0, fx.profiler.data().gpuFramesLate());
        assertEquals(51_000, fx.profiler.history().gpuFrameNanos(0));
        assertEquals("shadows (gpu)", SHADOWS.zone().name());
        assertTrue(SHADOWS.zone().isGpu());
    }

    @Test
    void gpuCallGraphSumsAsIprofs() {
        new ScriptedGpuTimestamps(fx.profiler, fx.clock, 0);
        gpuFrame();
        fx.profiler.update();
        fx.controller().showCallGraph(BLUR.zone());
        fx.build();
        ReportRow focus = row(BLUR, RowRole.FOCUS);
        assertEquals(16_000, focus.value(Column.HIER));
        ReportRow fromShadows = row(SHADOWS, RowRole.PARENT);
        ReportRow fromScene = row(SCENE, RowRole.PARENT);
        ReportRow fromRoot = fx.row(Zone.byId(fx.profiler.data().zone(rootState())), RowRole.PARENT);
        assertEquals(5_000, fromShadows.value(Column.HIER));
        assertEquals(7_000, fromScene.value(Column.HIER));
        assertEquals(4_000, fromRoot.value(Column.HIER));
        assertEquals(focus.value(Column.HIER), fromShadows.value(Column.HIER) + fromScene.value(Column.HIER)
                + fromRoot.value(Column.HIER), "parents sum to the focus");
        assertEquals(focus.value(Column.COUNT), fromShadows.value(Column.COUNT) + fromScene.value(Column.COUNT)
                + fromRoot.value(Column.COUNT));

        fx.controller().showCallGraph(SCENE.zone());
        fx.build();
        ReportRow scene = row(SCENE, RowRole.FOCUS);
        double children = row(SHADOWS, RowRole.CHILD).value(Column.HIER) + row(BLUR, RowRole.CHILD).value(Column.HIER);
        assertEquals(scene.value(Column.HIER) - scene.value(Column.SELF), children, "children sum to hier - self");
        assertEquals(7_000, row(BLUR, RowRole.CHILD).value(Column.HIER),
                "blur directly under scene; the blur inside shadows is shadows' child");
    }

    private int rootState() {
        ProfileData data = fx.profiler.data();
        for (int s = 0; s < data.stateCount(); s++) {
            if (data.parent(s) < 0 && "<gpu>".equals(Zone.byId(data.zone(s)).name())) {
                return s;
            }
        }
        throw new AssertionError("no <gpu> root");
    }

    @Test
    void lateResultsLandInTheirOwnHistoryFrame() {
        new ScriptedGpuTimestamps(fx.profiler, fx.clock, 2);
        for (int frame = 1; frame <= 6; frame++) {
            try (GpuZoneScope s = SCENE.enter()) {
                fx.micros(frame);
            }
            fx.micros(50);
            fx.profiler.update();
        }
        ProfileData data = fx.profiler.data();
        assertEquals(2, data.gpuFramesLate(), "the live GPU values are frame 4's");
        assertEquals(4_000, data.gpuFrameNanos());
        FrameHistory history = fx.profiler.history();
        assertEquals(-1, history.gpuFrameNanos(0), "frame 6's GPU results have not arrived");
        assertEquals(-1, history.gpuFrameNanos(1));
        for (int ago = 2; ago < 6; ago++) {
            assertEquals((6 - ago) * 1_000L, history.gpuFrameNanos(ago), "frame " + (6 - ago));
        }
        fx.controller().setMode(ReportMode.SELF_TIME);
        fx.controller().setFrame(3);
        fx.build();
        assertEquals(3_000, row(SCENE, RowRole.FLAT).value(Column.SELF), "frame 3 shows frame 3's GPU time");
        fx.controller().setFrame(1);
        fx.build();
        assertNull(row(SCENE, RowRole.FLAT), "frame 5's GPU results are not in yet");
        fx.controller().setFrame(0);
        fx.build();
        assertEquals(4_000, row(SCENE, RowRole.FLAT).value(Column.SELF), "live shows the newest arrived GPU frame");
    }

    @Test
    void theGpuIsAThreadOfTheRosterAndAReportCanShowItAlone() {
        ScriptedGpuTimestamps backend = new ScriptedGpuTimestamps(fx.profiler, fx.clock, 0);
        gpuFrame();
        fx.profiler.update();
        fx.profiler.update();
        ThreadRoster roster = fx.profiler.data().threads();
        int gpu = roster.indexOf(ZoneRegistry.gpuRoot().id());
        assertTrue(gpu >= 0, "<gpu> in the roster");
        assertEquals("gpu", roster.name(gpu));
        assertTrue(roster.alive(gpu));
        fx.controller().setMode(ReportMode.SELF_TIME);
        fx.controller().setThread(roster.rootZone(gpu));
        gpuFrame();
        fx.profiler.update();
        fx.build();
        assertNotNull(row(SCENE, RowRole.FLAT));
        assertNull(fx.row(CPU, RowRole.FLAT), "only the GPU's states");
        fx.profiler.gpu().uninstall(backend);
        fx.profiler.update();
        assertFalse(roster.alive(roster.indexOf(ZoneRegistry.gpuRoot().id())), "ended with its backend");
    }

    @Test
    void yCyclesThroughTheGpuAndItsReportAndCallGraphShowGpuZonesAlone() {
        new ScriptedGpuTimestamps(fx.profiler, fx.clock, 0);
        for (int i = 0; i < 2; i++) {
            CPU.begin();
            fx.micros(3);
            CPU.end();
            gpuFrame();
            fx.profiler.update();
        }
        ThreadRoster roster = fx.profiler.data().threads();
        int gpuRoot = ZoneRegistry.gpuRoot().id();
        assertEquals(2, roster.count(), "main and <gpu>");
        // Y from "all threads" visits every roster entry once, <gpu> among them, then comes back to all.
        boolean sawGpu = false;
        for (int press = 0; press < roster.count(); press++) {
            int root = fx.controller().cycleThread(1);
            assertTrue(root >= 0, "press " + press + " selects a thread");
            sawGpu |= root == gpuRoot;
        }
        assertTrue(sawGpu, "Y reaches <gpu>");
        assertEquals(-1, fx.controller().cycleThread(1), "then all threads");
        while (fx.controller().cycleThread(-1) != gpuRoot) {
            assertTrue(fx.controller().thread() >= 0, "Shift+Y reaches <gpu> before all threads");
        }

        fx.controller().setMode(ReportMode.SELF_TIME);
        Report report = fx.build();
        assertEquals("gpu", report.shownThreadName(), "the title names the GPU");
        assertNotNull(row(SCENE, RowRole.FLAT));
        assertNull(fx.row(CPU, RowRole.FLAT), "no CPU zone in the GPU's report");

        fx.controller().showCallGraph(SCENE.zone());
        report = fx.build();
        assertEquals("gpu", report.shownThreadName());
        ReportRow scene = row(SCENE, RowRole.FOCUS);
        assertEquals(47_000, scene.value(Column.HIER));
        assertEquals(25_000, row(SHADOWS, RowRole.CHILD).value(Column.HIER));
        assertEquals(7_000, row(BLUR, RowRole.CHILD).value(Column.HIER));
        assertNull(fx.row(CPU, RowRole.CHILD), "the GPU's call graph has no CPU rows");
        assertNull(fx.row(CPU, RowRole.PARENT));
    }

    @Test
    void heldGpuFrameIsForgottenWhenTheBackendIsUninstalled() {
        ScriptedGpuTimestamps backend = new ScriptedGpuTimestamps(fx.profiler, fx.clock, 0);
        try (GpuZoneScope s = SCENE.enter()) {
            fx.micros(5);
        }
        fx.profiler.update();
        assertEquals(0, fx.profiler.data().gpuFramesLate());
        fx.profiler.gpu().uninstall(backend);
        assertFalse(fx.profiler.data().gpuTiming());
        assertSame(GpuZoneScope.NONE, SCENE.enter(), "no backend: GPU zones are no-ops");
        fx.profiler.update();
        assertEquals(-1, fx.profiler.data().gpuFramesLate());
        assertEquals(5_000, fx.profiler.history().gpuFrameNanos(1), "history keeps what arrived");
    }

    @Test
    void gpuProblemsAreCountedInTheFrameTheyHappened() {
        new ScriptedGpuTimestamps(fx.profiler, fx.clock, 0);
        fx.profiler.gpu().count(Problem.GPU_UNBALANCED);
        fx.profiler.gpu().count(Problem.GPU_NO_CONTEXT);
        fx.profiler.gpu().count(Problem.GPU_NO_CONTEXT);
        fx.profiler.gpu().count(Problem.MISSING_END);
        fx.profiler.update();
        ProfileData data = fx.profiler.data();
        assertEquals(1, data.problemsInLastFrame(Problem.GPU_UNBALANCED));
        assertEquals(2, data.problemsInLastFrame(Problem.GPU_NO_CONTEXT));
        assertEquals(0, data.problemsInLastFrame(Problem.MISSING_END), "only GPU kinds are taken");
        fx.profiler.update();
        assertEquals(0, data.problemsInLastFrame(Problem.GPU_NO_CONTEXT));
        assertEquals(2, data.problemsTotal(Problem.GPU_NO_CONTEXT));
    }

    @Test
    void resolvedFramesAreRefusedOffTheUpdatingThreadAndForUnknownIds() throws Exception {
        fx.profiler.update();
        int[] codes = {SCENE.zone().id(), ~SCENE.zone().id()};
        long[] nanos = {0, 10};
        boolean[] accepted = new boolean[1];
        Thread other = new Thread(() -> accepted[0] = fx.profiler.gpu().frameResolved(1, codes, nanos, 2));
        other.start();
        other.join();
        assertFalse(accepted[0]);
        assertFalse(fx.profiler.gpu().frameResolved(1, new int[] {CPU.id(), ~CPU.id()}, nanos, 2),
                "a CPU zone id is not a GPU zone");
        assertFalse(fx.profiler.gpu().frameResolved(5, codes, nanos, 2), "frame 5 is not recorded yet");
        assertTrue(fx.profiler.gpu().frameResolved(1, codes, nanos, 2));
        assertEquals(10, fx.profiler.history().gpuFrameNanos(0));
    }

    @Test
    void publicGpuZonesAreSharedByNameAndApartFromCpuZones() {
        GpuZone a = GpuZone.define("gpu test pass");
        assertSame(a, GpuZone.define("gpu test pass"));
        Zone cpu = Zone.define("gpu test pass");
        assertNotEquals(cpu.id(), a.zone().id());
        assertTrue(a.zone().isPublic());
        assertFalse(cpu.isGpu());
        assertNotSame(GpuZone.local("gpu test pass"), a);
        PassZone pass = PassZone.define("gpu test pass");
        assertSame(cpu, pass.cpuZone());
        assertSame(a, pass.gpuZone());
    }

    private static void assertNotSame(Object a, Object b) {
        assertFalse(a == b);
    }

    @Test
    void passZoneRecordsTheCpuAndGpuSideTogether() {
        new ScriptedGpuTimestamps(fx.profiler, fx.clock, 0);
        PassZone pass = PassZone.local("pass");
        try (GpuZoneScope p = pass.enter()) {
            fx.micros(30);
        }
        fx.profiler.update();
        fx.controller().setMode(ReportMode.SELF_TIME);
        fx.build();
        assertNotNull(fx.row(pass.cpuZone(), RowRole.FLAT));
        assertEquals(30_000, fx.row(pass.cpuZone(), RowRole.FLAT).value(Column.SELF));
        assertEquals(30_000, fx.row(pass.gpuZone().zone(), RowRole.FLAT).value(Column.SELF));
    }

    /**
     * A GPU frame that resolves after the commit is put into the live values at once, and a backend may resolve
     * frames several times between two commits (the overlay's poll after the HUD, then the next update's): each GPU
     * state is then listed once for the next commit to zero, so the list never outgrows the states (it grew inside a
     * frame, in the demo with the HUD shown, when it did not).
     */
    @Test
    void gpuFramesResolvedAgainAndAgainBetweenCommitsListEachLiveStateOnce() {
        new ScriptedGpuTimestamps(fx.profiler, fx.clock, 0);
        int[] codes = {SCENE.zone().id(), SHADOWS.zone().id(), ~SHADOWS.zone().id(), BLUR.zone().id(),
            ~BLUR.zone().id(), ~SCENE.zone().id()};
        for (int frame = 0; frame < 50; frame++) {
            gpuFrame();
            fx.profiler.update();
            long now = fx.clock.nanoTime();
            long[] nanos = {now, now + 1_000, now + 3_000, now + 3_000, now + 4_000, now + 9_000};
            for (int again = 0; again < 4; again++) {
                assertTrue(fx.profiler.gpu().frameResolved(fx.profiler.recordedFrames(), codes, nanos, codes.length));
            }
            int states = fx.profiler.data().stateCount();
            assertTrue(fx.profiler.aggregatorListedForCommit() <= states, "frame " + frame + ": "
                    + fx.profiler.aggregatorListedForCommit() + " listed for " + states + " states");
        }
        fx.build();
        assertEquals(2_000, row(SHADOWS, RowRole.FLAT).value(Column.SELF), "the live values are the last resolved");
    }

    @Test
    void gpuFramesAllocateNothingInSteadyState() {
        new ScriptedGpuTimestamps(fx.profiler, fx.clock, 2);
        AllocationCheck.assertSteady("frames with GPU zones", 1000, 5, 1000, () -> {
            gpuFrame();
            fx.profiler.update();
        });
    }
}
