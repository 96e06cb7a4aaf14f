package io.hudprof.stats.category;

import io.hudprof.core.Zone;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ZoneColorTest {
    @Test
    void aZoneWithoutAChosenColourHasNone() {
        Zone zone = Zone.define("ZoneColorTest:plain");
        assertEquals(Zone.NO_COLOR, zone.color());
        assertEquals(Zone.NO_COLOR, Category.colorOf(zone.id()));
    }

    @Test
    void aChosenColourIsReadBackAndChainsAfterDefine() {
        Zone zone = Zone.define("ZoneColorTest:chosen").color(0x3070E0);
        assertSame(Zone.define("ZoneColorTest:chosen"), zone);
        assertEquals(0x3070E0, zone.color());
        assertEquals(0x3070E0, Category.colorOf(zone.id()));
    }

    @Test
    void aCategorysColourReachesItsZonesAndSubCategoriesUnlessTheyChoseTheirOwn() {
        Category render = Category.of("ZctRender").color(0x102030);
        Zone cull = render.zone("Cull");
        Zone deep = Zone.define("ZctRender:Pass:Blur");
        Zone own = Zone.define("ZctRender:Sky").color(0xABCDEF);
        Category.of("ZctRender:Pass2").color(0x445566);
        Zone inPass2 = Zone.define("ZctRender:Pass2:Bloom");
        Zone named = Zone.define("ZctRender");

        assertEquals(0x102030, Category.colorOf(cull.id()));
        assertEquals(0x102030, Category.colorOf(deep.id()));
        assertEquals(0xABCDEF, Category.colorOf(own.id()));
        assertEquals(0x445566, Category.colorOf(inPass2.id()));
        assertEquals(0x102030, Category.colorOf(named.id()), "the zone named as the category is its own time");
        assertEquals(Zone.NO_COLOR, cull.color(), "the zone's own colour stays unset");
        assertEquals(0x102030, Category.colorOfPath("ZctRender:Pass"));
        assertEquals(Zone.NO_COLOR, Category.colorOfPath("ZctNoSuchCategory"));
    }

    @Test
    void aCategoryColouredAfterItsZonesWereMappedStillColoursThem() {
        Zone zone = Zone.define("ZctLate:Work");
        assertEquals(Zone.NO_COLOR, Category.colorOf(zone.id()));
        Category.of("ZctLate").color(0x00FF00);
        assertEquals(0x00FF00, Category.colorOf(zone.id()));
    }

    @Test
    void privateZonesOfOneNameKeepTheirOwnColours() {
        Zone a = Zone.local("ZoneColorTest:twin").color(0x111111);
        Zone b = Zone.local("ZoneColorTest:twin");
        assertEquals(0x111111, Category.colorOf(a.id()));
        assertEquals(Zone.NO_COLOR, Category.colorOf(b.id()));
    }

    @Test
    void aColourWithAnAlphaByteOrNegativeIsRefusedWithTheFix() {
        Zone zone = Zone.define("ZoneColorTest:bad");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> zone.color(0xFF102030));
        assertTrue(e.getMessage().contains("0xRRGGBB"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Category.of("ZctBad").color(-1));
        assertEquals(Zone.NO_COLOR, zone.color());
    }

    @Test
    void unknownIdsAndThreadRootsHaveNoColour() {
        assertEquals(Zone.NO_COLOR, Category.colorOf(-1));
        assertEquals(Zone.NO_COLOR, Category.colorOf(Integer.MAX_VALUE));
    }
}
