package io.hudprof.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.Hudprof;
import io.hudprof.core.ManualClock;
import io.hudprof.core.Problem;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.Zone;
import io.hudprof.core.report.Column;
import io.hudprof.core.report.RecursionDisplay;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.ReportMode;
import io.hudprof.core.report.ReportRow;
import io.hudprof.stats.text.TextReport;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A spike that left the history ring shows in every report mode exactly as its frame did while in history: values,
 * heat (against the frame before it) and the problems counted in its frame.
 */
class StoredSpikeReportTest {
    private static final Zone LOGIC = Zone.local("ss-logic");
    private static final Zone PATH = Zone.local("ss-path");
    private static final Zone RENDER = Zone.local("ss-render");
    private static final int HISTORY = 8;

    private final ManualClock clock = new ManualClock(1_000_000_000L);
    private final Profiler profiler = new Profiler(ProfilerConfig.builder().clock(clock).selfProfiling(false)
            .historyFrames(HISTORY).build());

    @AfterEach
    void uninstall() {
        Hudprof.uninstall();
    }

    /** LOGIC (PATH called {@code paths} times, recursing once each) then RENDER, then idle to frameMicros. */
    private void frame(long frameMicros, long pathMicros, int paths, long renderMicros) {
        LOGIC.begin();
        clock.advanceMicros(100);
        for (int i = 0; i < paths; i++) {
            PATH.begin();
            clock.advanceMicros(pathMicros);
            PATH.begin();
            clock.advanceMicros(pathMicros / 2);
            PATH.end();
            PATH.end();
        }
        LOGIC.end();
        RENDER.begin();
        clock.advanceMicros(renderMicros);
        RENDER.end();
        long used = 100 + paths * (pathMicros + pathMicros / 2) + renderMicros;
        clock.advanceMicros(frameMicros - used);
        profiler.update();
    }

    private record Shown(String title, List<String> rows) {
    }

    /** Every mode's rows (name, place, every shown value, heat), the title and the frame's problem counts. */
    private List<Shown> allModes(ReportController controller) {
        List<Shown> out = new ArrayList<>();
        Report report = new Report();
        for (RecursionDisplay recursion : RecursionDisplay.values()) {
            controller.setRecursion(recursion);
            for (ReportMode mode : new ReportMode[] {ReportMode.SELF_TIME, ReportMode.HIERARCHICAL_TIME}) {
                controller.setMode(mode);
                controller.build(report);
                out.add(shown(report));
            }
            for (Zone focus : new Zone[] {LOGIC, PATH, RENDER}) {
                controller.showCallGraph(focus);
                controller.build(report);
                out.add(shown(report));
            }
        }
        controller.setRecursion(RecursionDisplay.COLLAPSED);
        return out;
    }

    private static Shown shown(Report report) {
        assertTrue(report.frameAvailable());
        assertTrue(report.rowCount() > 0);
        List<String> rows = new ArrayList<>();
        for (int i = 0; i < report.rowCount(); i++) {
            ReportRow row = report.row(i);
            StringBuilder line = new StringBuilder().append(row.name()).append(' ').append(row.zoneId()).append(' ')
                    .append(row.recursionLevel()).append(' ').append(row.indent()).append(' ').append(row.role())
                    .append(' ').append(row.drillable()).append(' ').append(row.key());
            for (int c = 0; c < report.columnCount(); c++) {
                Column column = report.column(c);
                line.append(' ').append(column).append('=')
                        .append(row.shown(column) ? Double.toString(row.value(column)) : "-");
            }
            line.append(" heat=").append(row.heat());
            rows.add(line.toString());
        }
        String title = report.mode() + " " + report.focusName() + " " + report.recursion() + " "
                + report.frameNumber() + " " + report.frameNanos() + " " + report.frameTotal() + " "
                + report.averaging() + " " + report.metric() + " problems:";
        for (Problem problem : Problem.values()) {
            title += " " + report.problemsInFrame(problem);
        }
        return new Shown(title, rows);
    }

    @Test
    void storedSpikeReportsEqualTheFrameWhileItWasInHistory() {
        Hudprof.install(profiler);
        SpikeCapture spikes = SpikeCapture.builder().rule(SpikeRule.above(5.5)).attach(profiler);
        for (int i = 0; i < 10; i++) {
            frame(1_000, 50, 2, 300);
        }
        RENDER.end();                           // an extra end: a problem counted in the spike's frame
        frame(9_000, 700, 5, 1_200);
        long spikeFrame = profiler.recordedFrames();
        frame(1_000, 50, 2, 300);
        assertEquals(1, spikes.captured());
        assertEquals(1, spikes.recent(0).problems(Problem.EXTRA_END));
        assertTrue(spikes.recent(0).hasPreviousFrame());
        Spike spike = spikes.recent(0);
        assertEquals(spikeFrame, spike.frameNumber());

        ReportController controller = ReportController.of(profiler);
        controller.setFrame(1);
        assertEquals(spikeFrame, profiler.history().frameNumber(1));
        List<Shown> inHistory = allModes(controller);
        assertEquals(spikeFrame, Long.parseLong(inHistory.get(0).title().split(" ")[3]));
        controller.setFrame(0);

        for (int i = 0; i < 2 * HISTORY; i++) {
            frame(1_000, 50, 2, 300);
        }
        assertTrue(profiler.history().frameNumber(profiler.history().size() - 1) > spikeFrame,
                "the spike frame left the history ring");

        controller.showSpike(spike);
        List<Shown> stored = allModes(controller);
        assertEquals(inHistory, stored);
        assertTrue(stored.get(0).title().endsWith(problemsWithOneExtraEnd()), stored.get(0).title());
        assertTrue(stored.get(0).rows().stream().anyMatch(r -> !r.endsWith(" heat=0.0")),
                "the spike's rows are hot against the frame before it: " + stored.get(0).rows());

        Report report = new Report();
        controller.setMode(ReportMode.SELF_TIME);
        controller.build(report);
        assertTrue(report.storedSpike());
        assertEquals(spikeFrame, report.spikeFrameNumber());
        String title = TextReport.render(report).lines().findFirst().orElseThrow();
        assertTrue(title.contains(" | spike #" + spikeFrame + " (stored)"), title);
        assertFalse(title.contains("live"), title);

        controller.setFrame(0);
        controller.build(report);
        assertFalse(report.storedSpike());
        assertEquals(0, report.spikeFrameNumber());
        assertEquals(profiler.recordedFrames(), report.frameNumber());
        assertTrue(TextReport.render(report).contains(" | live"));
        assertEquals(null, controller.shownSpike());
    }

    private static String problemsWithOneExtraEnd() {
        StringBuilder b = new StringBuilder(" problems:");
        for (Problem problem : Problem.values()) {
            b.append(' ').append(problem == Problem.EXTRA_END ? 1 : 0);
        }
        return b.toString();
    }

    @Test
    void aRefilledSlotShowsNoDataAndMovingFrameLeavesTheSpike() {
        Hudprof.install(profiler);
        SpikeCapture spikes = SpikeCapture.builder().rule(SpikeRule.above(5.5)).recent(1).worst(0)
                .attach(profiler);
        frame(1_000, 50, 2, 300);
        frame(9_000, 700, 5, 1_200);
        Spike slot = spikes.recent(0);
        long first = slot.frameNumber();
        ReportController controller = ReportController.of(profiler);
        controller.showSpike(slot);
        Report report = new Report();
        controller.build(report);
        assertTrue(report.frameAvailable());
        frame(9_000, 700, 5, 1_200);
        assertNotEquals(first, slot.frameNumber(), "the one slot was refilled");
        controller.build(report);
        assertTrue(report.storedSpike());
        assertFalse(report.frameAvailable(), "the slot holds another frame now");
        assertEquals(0, report.rowCount());

        controller.showSpike(slot);
        controller.moveFrame(1);
        assertEquals(null, controller.shownSpike());
        assertEquals(1, controller.frameOffset());
    }
}
