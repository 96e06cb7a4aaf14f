package io.hudprof.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;


import io.hudprof.core.Averaging;
import io.hudprof.core.Hudprof;
import io.hudprof.core.ManualClock;
import io.hudprof.core.Metric;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.Zone;
import io.hudprof.stats.text.TextLine;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportController;
import io.hudprof.testkit.AllocationCheck;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The HUD's metric switch: the B key's action turns the panel, its header and the history graph to allocated bytes
 * per zone, and back; where allocation per zone is off the panel says so. No GL context: the draw list is built on
 * the CPU.
 */
class AllocationHudTest {
    private static final Zone GARBAGE = Zone.define("Hud alloc:Garbage");
    private static final Zone CLEAN = Zone.define("Hud alloc:Clean");
    private static final Object[] SINK = new Object[64];

    private final ManualClock clock = new ManualClock(1_000_000_000L);
    private Profiler profiler;
    private HudFrame hud;

    @AfterEach
    void close() {
        if (hud != null) {
            hud.close();
        }
        Hudprof.uninstall();
    }

    private void start(boolean allocation) {
        profiler = new Profiler(ProfilerConfig.builder().clock(clock).selfProfiling(false)
                .allocationPerZone(allocation).build());
        Hudprof.install(profiler);
        hud = HudFrame.create(profiler, OverlayConfig.builder().startVisible(true).build());
    }

    private void frame() {
        GARBAGE.begin();
        for (int i = 0; i < SINK.length; i++) {
            SINK[i] = new long[128];
        }
        clock.advance(1_000_000);
        GARBAGE.end();
        CLEAN.begin();
        clock.advance(3_000_000);
        CLEAN.end();
        clock.advance(12_000_000);
        profiler.update();
    }

    private String rowText(Zone zone) {
        Report report = hud.report();
        TextLine line = new TextLine(128);
        for (int i = 0; i < report.rowCount(); i++) {
            if (report.row(i).zoneId() == zone.id()) {
                hud.appendRowText(i, line);
                return line.toString();
            }
        }
        return null;
    }

    @Test
    void metricKeySwitchesTheReportToBytesAndBack() {
        start(true);
        ReportController.of(profiler).setAveraging(Averaging.INSTANTANEOUS);
        for (int i = 0; i < 30; i++) {
            frame();
        }
        hud.controls().perform(HudAction.TOGGLE_METRIC);
        assertEquals(Metric.ALLOCATED_BYTES, ReportController.of(profiler).metric());
        assertTrue(hud.build(1280, 720));
        Report report = hud.report();
        assertEquals(Metric.ALLOCATED_BYTES, report.metric());
        assertEquals(GARBAGE.id(), report.row(0).zoneId(), "the zone that makes the garbage comes first");
        assertTrue(rowText(GARBAGE).contains("KiB"), rowText(GARBAGE));
        assertTrue(rowText(CLEAN).contains(" 0 B"), rowText(CLEAN));

        hud.controls().perform(HudAction.TOGGLE_METRIC);
        assertTrue(hud.build(1280, 720));
        assertEquals(Metric.TIME, hud.report().metric());
        assertTrue(rowText(CLEAN).contains("3.00"), "time again: " + rowText(CLEAN));
    }

    @Test
    void panelSaysAllocationIsOffWhereItIs() {
        start(false);
        frame();
        hud.controls().perform(HudAction.TOGGLE_METRIC);
        assertTrue(hud.build(1280, 720));
        assertFalse(hud.report().frameAvailable());
        assertTrue(hud.report().metricUnavailable().startsWith("allocation per zone is off"));
    }

    @Test
    void drawingTheAllocationViewAllocatesNothing() {
        start(true);
        hud.controls().perform(HudAction.TOGGLE_METRIC);
        AllocationCheck.Windows windows = AllocationCheck.measure(3000, 5, 200, () -> {
            frame();
            hud.build(1280, 720);
        });
        // The frames' own arrays are known exactly: 64 x long[128] each.
        long arrays = 200L * SINK.length * (16 + 128 * 8);
        windows.less(arrays).assertSteady("the allocation view, beyond the frames' own arrays");
    }
}
