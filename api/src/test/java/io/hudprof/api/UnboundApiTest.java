package io.hudprof.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import io.hudprof.testkit.AllocationCheck;

/**
 * The api with no backend bound, as on Android, iOS, the web or a desktop build without hudprof's core: every call
 * is a no-op that allocates nothing, scopes are the shared do-nothing scope, and definitions still check their names
 * (so a bad name fails on every platform, not only on desktop).
 */
class UnboundApiTest {
    private static final Zone UPDATE = Zone.define("Game:update");
    private static final GpuZone SHADOWS = GpuZone.define("Shadows");
    private static final PassZone BLOOM = PassZone.define("Bloom");
    private static final Counter SPAWNS = Counter.define("Game/Spawns");
    private static final IntDistribution BATCH = IntDistribution.define("Render/Batch size");
    private static final FloatDistribution LOAD = FloatDistribution.define("Game/Load");

    @Test
    void nothingIsBoundUntilCoreBinds() {
        assertNull(HudprofBackend.bound());
    }

    @Test
    void scopesAreTheSharedNoOpScope() {
        assertSame(ZoneScope.NONE, UPDATE.enter());
        assertSame(GpuZoneScope.NONE, SHADOWS.enter());
        assertSame(GpuZoneScope.NONE, BLOOM.enter());
        try (ZoneScope z = UPDATE.enter()) {
            UPDATE.begin();
            UPDATE.end();
            UPDATE.end();
        }
    }

    @Test
    void publicZonesAreSharedByNameAndPrivateOnesAreNot() {
        assertSame(UPDATE, Zone.define("Game:update"));
        assertNotSame(Zone.local("Game:update"), Zone.local("Game:update"));
        assertNotSame(UPDATE, Zone.local("Game:update"));
        assertSame(SHADOWS, GpuZone.define("Shadows"));
        assertSame(BLOOM.cpuZone(), Zone.define("Bloom"));
        assertSame(BLOOM.gpuZone(), GpuZone.define("Bloom"));
        assertTrue(UPDATE.isPublic());
        assertFalse(Zone.local("x").isPublic());
        assertEquals("Game:update", UPDATE.name());
    }

    @Test
    void categoriesAreNamedAsCoreNamesThem() {
        Category render = Category.of("Render");
        assertSame(render, Category.of("Render"));
        assertEquals("Render:Cull", render.child("Cull").path());
        assertSame(render.child("Cull"), Category.of(":Render::Cull:"));
        assertEquals("Cull", Category.of("Render:Cull").name());
        assertSame(Zone.define("Render:Sort"), render.zone("Sort"));
    }

    @Test
    void statisticsAreSharedByNameAndOneNameIsOneKind() {
        assertSame(SPAWNS, Counter.define("Game/Spawns"));
        assertSame(BATCH, IntDistribution.define("Render/Batch size"));
        IllegalArgumentException kind = assertThrows(IllegalArgumentException.class,
                () -> FloatDistribution.define("Game/Spawns"));
        assertTrue(kind.getMessage().contains("Game/Spawns"), kind.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Counter.defineLevel("Game/Spawns"));
    }

    @Test
    void badNamesFailAtDefinitionWithTheFix() {
        assertThrows(IllegalArgumentException.class, () -> Zone.define(null));
        assertThrows(IllegalArgumentException.class, () -> Zone.local(" \t"));
        assertThrows(IllegalArgumentException.class, () -> GpuZone.define(""));
        assertThrows(IllegalArgumentException.class, () -> PassZone.local(" "));
        assertThrows(IllegalArgumentException.class, () -> Category.of("  "));
        assertThrows(IllegalArgumentException.class, () -> Category.of("Render").child(null));
        IllegalArgumentException form = assertThrows(IllegalArgumentException.class,
                () -> Counter.define("no category"));
        assertTrue(form.getMessage().contains("Category/Name"), form.getMessage());
        assertThrows(IllegalArgumentException.class, () -> IntDistribution.define("Render/ "));
        assertThrows(IllegalArgumentException.class, () -> FloatDistribution.define("/x"));
    }

    @Test
    void unboundCallsAllocateNothing() {
        // Eight windows of 20,000 rounds: a stray allocation by the JVM in one window (class loading, the JIT's
        // own) must not fail the test; one per call would show in every window.
        AllocationCheck.measure(20_000, 8, 20_000, i -> { }, i -> {
            try (ZoneScope z = UPDATE.enter()) {
                UPDATE.begin();
                UPDATE.end();
            }
            try (GpuZoneScope g = BLOOM.enter()) {
                SHADOWS.begin();
                SHADOWS.end();
            }
            SPAWNS.increment();
            SPAWNS.add(i);
            BATCH.report(i);
            LOAD.report(i);
        }).assertSteady("unbound calls");
    }
}
