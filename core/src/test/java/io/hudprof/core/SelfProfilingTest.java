package io.hudprof.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.hudprof.core.report.Column;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.ReportMode;
import io.hudprof.core.report.ReportRow;
import io.hudprof.core.report.RowRole;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * hudprof's own per-frame work shows in its own report: update() is charged, as the zone {@code hudprof:update}, to
 * the frame whose time it takes (the next one), and report building is {@code hudprof:report}.
 */
class SelfProfilingTest {
    private static final Zone GAME = Zone.local("self-game");

    private final ManualClock clock = new ManualClock(1_000_000L);
    private Profiler profiler;

    @AfterEach
    void tearDown() {
        Hudprof.uninstall();
    }

    private Profiler profiler(boolean selfProfiling) {
        profiler = Hudprof.install(new Profiler(ProfilerConfig.builder().clock(clock)
                .selfProfiling(selfProfiling).build()));
        // The listener runs inside update(): the 700 ns it takes stand for update's own work.
        profiler.addFrameListener((frameNanos, recorded) -> clock.advance(700));
        ReportController.of(profiler).setAveraging(Averaging.INSTANTANEOUS);
        ReportController.of(profiler).setMode(ReportMode.SELF_TIME);
        return profiler;
    }

    private void frame(long gameNanos, long idleNanos) {
        GAME.begin();
        clock.advance(gameNanos);
        GAME.end();
        clock.advance(idleNanos);
        profiler.update();
    }

    private static ReportRow row(Report report, Zone zone) {
        for (int i = 0; i < report.rowCount(); i++) {
            if (report.row(i).zoneId() == zone.id() && report.row(i).role() == RowRole.FLAT) {
                return report.row(i);
            }
        }
        return null;
    }

    @Test
    void updateIsChargedToTheFrameWhoseTimeItTakes() {
        profiler(true);
        frame(100, 0);
        Report first = new Report();
        ReportController.of(profiler).build(first);
        assertNull(row(first, SelfZones.UPDATE), "the first frame contains no update of its own");
        assertEquals(100, first.frameNanos());

        frame(100, 50);
        Report second = new Report();
        ReportController.of(profiler).build(second);
        ReportRow update = row(second, SelfZones.UPDATE);
        assertEquals(700, update.value(Column.SELF), "the update that closed frame 1, inside frame 2");
        assertEquals(1, update.value(Column.COUNT));
        assertEquals(850, second.frameNanos(), "700 of update + 100 of game + 50 idle");
        assertEquals(50, row(second, Zone.byId(profiler.data().updateThreadRootZone())).value(Column.SELF));
        assertEquals("hudprof", SelfZones.UPDATE.category());
    }

    @Test
    void buildingAReportIsItsOwnZone() {
        profiler(true);
        frame(100, 0);
        Report report = new Report();
        ReportController.of(profiler).build(report);
        ReportController.of(profiler).build(report);
        frame(100, 0);
        ReportController.of(profiler).build(report);
        assertEquals(2, row(report, SelfZones.REPORT).value(Column.COUNT), "two builds in frame 2");
    }

    /** A listener that names a zone: what it takes is that zone's, inside {@code hudprof:update}. */
    private static final Zone FEATURE = Zone.local("hudprof:self-test feature");

    private FrameListener featureTaking(long nanos) {
        return new FrameListener() {
            @Override
            public Zone selfZone() {
                return FEATURE;
            }

            @Override
            public void frameEnded(long frameNanos, boolean recorded) {
                clock.advance(nanos);
            }
        };
    }

    @Test
    void aListenersSelfZoneHoldsItsWorkInsideUpdate() {
        profiler(true);
        profiler.addFrameListener(featureTaking(300));
        frame(100, 0);
        frame(100, 50);
        Report report = new Report();
        ReportController.of(profiler).build(report);
        assertEquals(300, row(report, FEATURE).value(Column.SELF), "the named listener's 300 ns");
        assertEquals(1, row(report, FEATURE).value(Column.COUNT));
        assertEquals(700, row(report, SelfZones.UPDATE).value(Column.SELF), "update's own: the unnamed listener");
        assertEquals(1150, report.frameNanos(), "700 + 300 of update + 100 of game + 50 idle");
        ProfileData data = profiler.data();
        int feature = -1;
        for (int s = 0; s < data.stateCount(); s++) {
            if (data.zone(s) == FEATURE.id()) {
                feature = s;
            }
        }
        assertEquals(SelfZones.UPDATE.id(), data.zone(data.parent(feature)), "the feature's state is under update");
    }

    @Test
    void aListenersSelfZoneIsNotRecordedWithSelfProfilingOff() {
        profiler(false);
        profiler.addFrameListener(featureTaking(300));
        frame(100, 0);
        frame(100, 50);
        Report report = new Report();
        ReportController.of(profiler).build(report);
        assertNull(row(report, FEATURE));
        assertEquals(1150, report.frameNanos(), "the listeners' time is still in the frame");
    }

    @Test
    void aRemovedListenerTakesItsSelfZoneWithIt() {
        profiler(true);
        FrameListener feature = featureTaking(300);
        profiler.addFrameListener(feature);
        profiler.removeFrameListener(feature);
        frame(100, 0);
        frame(100, 50);
        Report report = new Report();
        ReportController.of(profiler).build(report);
        assertNull(row(report, FEATURE));
        assertEquals(700, row(report, SelfZones.UPDATE).value(Column.SELF));
    }

    @Test
    void switchedOffNothingOfHudprofsOwnIsRecorded() {
        profiler(false);
        frame(100, 0);
        Report report = new Report();
        ReportController.of(profiler).build(report);
        frame(100, 50);
        ReportController.of(profiler).build(report);
        assertNull(row(report, SelfZones.UPDATE));
        assertNull(row(report, SelfZones.REPORT));
        assertEquals(850, report.frameNanos(), "update's time is still in the frame, credited to the thread root");
    }
}
