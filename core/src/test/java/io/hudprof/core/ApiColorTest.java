package io.hudprof.core;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Colours chosen through the Java 8 api land on core's zones, before and after the binding (categories' colours:
 * the statistics module's {@code ApiCategoryColorTest}).
 */
class ApiColorTest {
    @Test
    void apiColoursBecomeCoreColours() {
        io.hudprof.api.Zone early = io.hudprof.api.Zone.define("ApiColorTest:early").color(0x102030);
        ApiBackend.bindOnce();
        io.hudprof.api.Zone.define("ApiColorTest:late").color(0x708090);
        io.hudprof.api.GpuZone.define("ApiColorTest:gpu").color(0xA0B0C0);

        assertEquals(0x102030, Zone.define("ApiColorTest:early").color());
        assertEquals(0x708090, Zone.define("ApiColorTest:late").color());
        assertEquals(0xA0B0C0, GpuZone.define("ApiColorTest:gpu").zone().color());
        assertEquals(early.color(), Zone.define("ApiColorTest:early").color());
    }
}
