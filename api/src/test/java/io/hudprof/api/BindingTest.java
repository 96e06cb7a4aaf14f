package io.hudprof.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Binding a backend (a recording one here; hudprof's core in core's tests): definitions made before it are handed
 * over in the order they were made, later ones at once, and every call then reaches the backend with the id or
 * handle the backend gave. One JVM per test class (the binding is process-wide), so this test is the whole run.
 */
class BindingTest {
    @Test
    void definitionsBeforeTheBindingAreHandedOverInOrderAndCallsReachTheBackend() {
        Zone update = Zone.define("Game:update");
        Category.of("Render:Cull");
        Counter spawns = Counter.define("Game/Spawns");
        Counter refused = Counter.defineLevel("Game/Taken");
        PassZone bloom = PassZone.local("Bloom");
        Zone again = Zone.local("Game:update");
        IntDistribution batch = IntDistribution.define("Render/Batch");
        FloatDistribution load = FloatDistribution.define("Game/Load");
        update.begin();
        spawns.increment();

        RecordingBackend backend = new RecordingBackend();
        backend.refuse = "Game/Taken";
        IllegalArgumentException refusal = assertThrows(IllegalArgumentException.class,
                () -> HudprofBackend.bind(backend));
        assertEquals("refused Game/Taken", refusal.getMessage(), "the refusal is thrown once the rest is bound");
        assertSame(backend, HudprofBackend.bound());
        assertEquals(List.of("zone Game:update #100", "category Render:Cull", "counter Game/Spawns #101",
                "zone Bloom private #102", "gpu zone Bloom private #103", "zone Game:update private #104",
                "ints Render/Batch #105", "floats Game/Load #106"), backend.log);

        backend.log.clear();
        Zone later = Zone.define("Game:draw");
        assertSame(update, Zone.define("Game:update"), "a public zone defined before the binding is still shared");
        try (ZoneScope z = update.enter()) {
            again.begin();
            again.end();
        }
        later.begin();
        later.end();
        try (GpuZoneScope pass = bloom.enter()) {
            spawns.add(3);
        }
        refused.increment();
        batch.report(7);
        load.report(0.5);
        assertEquals(List.of("zone Game:draw #107", "enter 100", "begin 104", "end 104", "close", "begin 107",
                "end 107", "begin 102", "gpu begin 103", "add 101 3", "gpu end 103", "end 102", "add -1 1",
                "int 105 7", "float 106 0.5"), backend.log);

        backend.log.clear();
        backend.recording = false;
        assertSame(GpuZoneScope.NONE, bloom.enter(), "a pass does not open while the backend does not record");
        assertSame(GpuZoneScope.NONE, bloom.gpuZone().enter(), "nor a GPU zone the backend did not take");
        assertEquals(List.of("gpu begin 103"), backend.log);
    }
}
