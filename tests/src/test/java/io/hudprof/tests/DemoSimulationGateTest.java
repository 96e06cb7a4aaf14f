package io.hudprof.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.check.Finding;
import io.hudprof.check.Gate;
import io.hudprof.check.GateResult;
import io.hudprof.check.HudprofAssert;
import io.hudprof.check.HudprofGate;
import io.hudprof.check.Quantity;
import io.hudprof.check.Reports;
import io.hudprof.check.Samples;
import io.hudprof.check.Verdict;
import io.hudprof.core.Zone;
import io.hudprof.demo.sim.PilotInput;
import io.hudprof.demo.sim.Slowdown;
import io.hudprof.demo.sim.World;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The gate's test API on the demo's real simulation (no window, no GL): runs of one seed and time step do the same
 * work frame for frame, so entry counts are exact and a zone made slower with the demo's own slowdown is the one
 * regression the default rules find.
 */
class DemoSimulationGateTest {
    private static final int WARM_UP = 240;
    private static final int FRAMES = 1200;
    private static final float DT = 1f / 60;

    /** The demo's world, seed 3, 600 rocks and 24 hunters, flown straight ahead, firing. */
    private static Samples run() throws Exception {
        World world = new World(3, 600, 24);
        PilotInput pilot = new PilotInput();
        pilot.thrust = 1;
        pilot.fire = true;
        return HudprofGate.frames(FRAMES).warmUp(WARM_UP).run(() -> world.step(DT, pilot));
    }

    private static List<Zone> zonesNamed(String name) {
        List<Zone> found = new java.util.ArrayList<>();
        for (int id = 0; id < Zone.count(); id++) {
            Zone z = Zone.byId(id);
            if (z != null && z.name().equals(name)) {
                found.add(z);
            }
        }
        assertTrue(!found.isEmpty(), "the demo has no zone " + name);
        return found;
    }

    private static void save(String name, String text) throws Exception {
        Path dir = Path.of(System.getProperty("hudprof.e2e.dir", "target/demo-e2e"));
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(name), text);
    }

    @Test
    void runsOfOneSeedEnterEveryZoneAsOftenFrameForFrame() throws Exception {
        Samples a = run();
        Samples b = run();
        assertTrue(a.zoneNames().containsAll(List.of("Sim:Physics", "Raycast", "A*", "Sim:AI")), a.zoneNames().toString());
        for (String zone : a.zoneNames()) {
            assertTrue(java.util.Arrays.equals(a.values(zone, Quantity.CALLS), b.values(zone, Quantity.CALLS)), zone);
        }
        // Entry counts are not times: the gate holds them to no change at all, with no noise to allow for.
        GateResult calls = HudprofAssert.assertNoRegression(a, b, "* calls total <= 1x", "* calls max <= 1x");
        assertEquals(0, calls.count(Verdict.INCONCLUSIVE), Reports.table(calls));
    }

    /**
     * Grid walk (inside Raycast, hundreds of entries in every frame, about 0.1 ms a frame) made twice as slow: the
     * default rules name it and no other zone (the frame time, which it is part of, may regress too). A zone that runs
     * in every frame is used because its median over 1200 frames is settled even at a load of 16 on 2 cores; the
     * demo's A*, 24 short searches every 120 frames, is not: preemption stretches one frame's searches from 1 to 40 ms
     * of wall time, and ten such frames leave the gate inconclusive, as it should be (docs/BENCHMARKS.md).
     */
    @Test
    void gridWalkMadeTwiceAsSlowIsTheOneZoneTheDefaultRulesName() throws Exception {
        run(); // the JIT: a JVM's first run is slower all over, which would flatter the second
        Samples base = run();
        // Every zone of that name: a capture replayed earlier in this JVM (another test) may have left a private
        // "Grid walk" of its own, defined before the demo's.
        int[] table = new int[Zone.count()];
        for (Zone walk : zonesNamed("Grid walk")) {
            table[walk.id()] = 100;
        }
        Samples slow;
        Slowdown.slow(table);
        try {
            slow = run();
        } finally {
            Slowdown.clear();
        }
        GateResult result = HudprofAssert.check(new Gate(), List.of(base), List.of(slow));
        save("demo-simulation-gate.txt", Reports.table(result));
        List<String> zones = result.with(Verdict.REGRESSION).stream().map(Finding::name)
                .filter(name -> !name.equals("frame")).toList();
        assertEquals(List.of("Grid walk"), zones, Reports.table(result));
    }
}
