package io.hudprof.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Colours chosen through the api reach the backend, and bad ones never do: those chosen before the binding right after their zone's or
 * category's definition, later ones at once. One JVM per test class (the binding is process-wide).
 */
class ColorBindingTest {
    @Test
    void coloursChosenBeforeAndAfterTheBindingReachTheBackendWithTheirIds() {
        Zone ai = Zone.define("Game:ai").color(0x3070E0);
        Category render = Category.of("Render").color(0x20A040);
        Zone plain = Zone.local("Plain");
        PassZone blur = PassZone.local("Blur").color(0xFF8000);
        assertEquals(0x3070E0, ai.color());
        assertEquals(0x20A040, render.color());
        assertEquals(Zone.NO_COLOR, plain.color());
        assertEquals(0xFF8000, blur.gpuZone().color());

        RecordingBackend backend = new RecordingBackend();
        HudprofBackend.bind(backend);
        assertEquals(List.of("zone Game:ai #100", "color 100 3070e0", "category Render",
                "category color Render 20a040", "zone Plain private #101", "zone Blur private #102",
                "color 102 ff8000", "gpu zone Blur private #103", "color 103 ff8000"), backend.log);

        backend.log.clear();
        plain.color(0x000001);
        Category.of("Render").color(0x123456);
        GpuZone.define("Sky").color(0xABCDEF);
        assertEquals(List.of("color 101 1", "category color Render 123456", "gpu zone Sky #104",
                "color 104 abcdef"), backend.log);

        // A colour with an alpha byte is refused before it reaches the backend.
        backend.log.clear();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Zone.define("Bad").color(0x80FFFFFF));
        assertTrue(e.getMessage().contains("0xRRGGBB"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Category.of("Bad").color(-2));
        assertEquals(Zone.NO_COLOR, Zone.define("Bad").color());
        assertEquals(List.of("zone Bad #105", "category Bad"), backend.log, "no colour reached the backend");
    }
}
