package io.hudprof.demo.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.Averaging;
import io.hudprof.core.Hudprof;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.Zone;
import io.hudprof.core.report.Column;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.ReportRow;
import io.hudprof.core.report.RowRole;
import io.hudprof.testkit.AllocationCheck;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class WorldTest {
    private static final float DT = 1 / 60f;

    @AfterEach
    void uninstall() {
        Hudprof.uninstall();
    }

    @Test
    void sameSeedAndStepsGiveTheSameWorld() {
        PilotInput pilot = new PilotInput();
        World a = new World(42, 1500, 24);
        World b = new World(42, 1500, 24);
        World other = new World(43, 1500, 24);
        for (int i = 0; i < 240; i++) {
            pilot.thrust = i % 90 < 40 ? 1 : 0;
            pilot.turn = i % 70 < 20 ? 1 : 0;
            pilot.fire = i % 3 == 0;
            a.step(DT, pilot);
            b.step(DT, pilot);
            other.step(DT, pilot);
        }
        assertEquals(a.checksum(), b.checksum());
        assertNotEquals(a.checksum(), other.checksum());
        assertTrue(a.raycasts() > 240 * 24 * 9, "every hunter casts its whiskers each step: " + a.raycasts());
        assertTrue(a.replans() >= 2, "re-plans every two seconds: " + a.replans());
    }

    @Test
    void raycastIsCalledFromPhysicsAndAiAndItsCallersAddUpToIt() {
        Profiler profiler = Hudprof.install(new Profiler(ProfilerConfig.builder().build()));
        World world = new World(7, 3000, 48);
        PilotInput pilot = new PilotInput();
        for (int i = 0; i < 120; i++) {
            world.step(DT, pilot);
            Hudprof.update();
        }
        ReportController.of(profiler).setAveraging(Averaging.INSTANTANEOUS);
        ReportController.of(profiler).showCallGraph(Zone.define("Raycast"));
        Report report = new Report();
        ReportController.of(profiler).build(report);
        Map<String, ReportRow> parents = new HashMap<>();
        ReportRow focus = null;
        for (int i = 0; i < report.rowCount(); i++) {
            ReportRow row = report.row(i);
            if (row.role() == RowRole.PARENT) {
                parents.put(row.name(), row);
            } else if (row.role() == RowRole.FOCUS) {
                focus = row;
            }
        }
        assertEquals(java.util.Set.of("Sim:Physics", "Sim:AI"), parents.keySet());
        for (Column column : new Column[] {Column.SELF, Column.HIER, Column.COUNT}) {
            double sum = parents.values().stream().mapToDouble(r -> r.value(column)).sum();
            assertEquals(focus.value(column), sum, 1e-6 * Math.max(1, focus.value(column)), column.name());
        }
        assertTrue(parents.get("Sim:Physics").value(Column.COUNT) > 0 && parents.get("Sim:AI").value(Column.COUNT) > 0);
    }

    @Test
    void steppingTheInstrumentedWorldAllocatesNothing() {
        Hudprof.install(new Profiler(ProfilerConfig.builder().build()));
        World world = new World(7, 3000, 48);
        PilotInput pilot = new PilotInput();
        pilot.fire = true;
        pilot.thrust = 1;
        int[] visible = new int[world.rocks.count];
        AllocationCheck.assertSteady("instrumented frames", 300, 5, 100, () -> {
            world.step(DT, pilot);
            world.quadTree.build();
            world.quadTree.query(1500, 1500, 2600, 2200, visible);
            Hudprof.update();
        });
    }

    @Test
    void particlesOnTheForkJoinPoolGiveTheSameWorldBitForBit() {
        PilotInput pilot = new PilotInput();
        World serial = new World(42, 1500, 24);
        World parallel = new World(42, 1500, 24);
        try (SimWorkers workers = new SimWorkers(3)) {
            parallel.useWorkers(workers);
            parallel.particles.parallelMin = 0;
            for (int i = 0; i < 240; i++) {
                pilot.thrust = 1;
                pilot.turn = i % 70 < 20 ? 1 : 0;
                pilot.fire = i % 3 == 0;
                serial.step(DT, pilot);
                parallel.step(DT, pilot);
            }
        }
        assertTrue(serial.particles.alive() > 100, "particles to share out: " + serial.particles.alive());
        assertEquals(serial.checksum(), parallel.checksum());
        assertEquals(2, parallel.replans(), "two re-plans, their searches shared out too");
        assertEquals(serial.particles.alive(), parallel.particles.alive());
        for (int i = 0; i < serial.particles.alive(); i++) {
            assertEquals(serial.particles.x[i], parallel.particles.x[i], "particle " + i);
            assertEquals(serial.particles.life[i], parallel.particles.life[i], "particle " + i);
        }
    }

    @Test
    void workersChargeTheirTimeToTheSpawningZonesAndTheStepAllocatesNothing() {
        Profiler profiler = Hudprof.install(new Profiler(ProfilerConfig.builder().build()));
        World world = new World(7, 3000, 48);
        PilotInput pilot = new PilotInput();
        pilot.fire = true;
        pilot.thrust = 1;
        try (SimWorkers workers = new SimWorkers(2, false)) {
            world.useWorkers(workers);
            world.particles.parallelMin = 0;
            AllocationCheck.assertSteady("frames with the pool, on the game thread", 300, 5, 200, () -> {
                world.step(DT, pilot);
                Hudprof.update();
            });
            assertTrue(spawnedRow(profiler, "Sim:Particles", "[workers] Particles:Integrate"),
                    "Sim:Particles's call graph shows the workers' integration");
            for (int i = 0; i < 120; i++) {
                world.step(DT, pilot);
                Hudprof.update();
                if (spawnedRow(profiler, "Path replan", "[workers] A*")) {
                    return;
                }
            }
            throw new AssertionError("no re-plan frame showed [workers] A* in Path replan's call graph");
        }
    }

    private static boolean spawnedRow(Profiler profiler, String focus, String row) {
        ReportController.of(profiler).setAveraging(Averaging.INSTANTANEOUS);
        ReportController.of(profiler).showCallGraph(zoneNamed(focus));
        Report report = new Report();
        ReportController.of(profiler).build(report);
        for (int i = 0; i < report.rowCount(); i++) {
            ReportRow r = report.row(i);
            if (r.role() == RowRole.SPAWNED && r.name().equals(row) && r.value(Column.HIER) > 0) {
                return true;
            }
        }
        return false;
    }

    private static Zone zoneNamed(String name) {
        for (int id = 0; id < Zone.count(); id++) {
            Zone zone = Zone.byId(id);
            if (zone != null && zone.name().equals(name)) {
                return zone;
            }
        }
        throw new AssertionError("no zone " + name);
    }
}
