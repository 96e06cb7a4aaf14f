package io.hudprof.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.HashSet;
import java.util.Set;

import org.junit.jupiter.api.Test;

class ZoneColorsTest {
    private final ZoneColors colors = new ZoneColors();
    private final int[] rgba = new int[ZoneColors.PALETTE_SIZE];

    @Test
    void zoneKeepsItsColourWhenItsRankChanges() {
        colors.assign(new int[] {5, 9, 2}, 3, rgba);
        int colorOf9 = rgba[1];
        colors.assign(new int[] {9, 2, 5}, 3, rgba);
        assertEquals(colorOf9, rgba[0]);
    }

    @Test
    void shownZonesNeverShareAColour() {
        int[] ids = {100, 13, 25, 1, 37, 49, 61, 73, 85, 97, 109};
        colors.assign(ids, ids.length, rgba);
        Set<Integer> distinct = new HashSet<>();
        for (int i = 0; i < ids.length; i++) {
            distinct.add(rgba[i]);
        }
        assertEquals(ids.length, distinct.size());
    }

    @Test
    void newcomerTakesTheLongestFreeColourNotAShownOne() {
        colors.assign(new int[] {1, 2}, 2, rgba);
        int colorOf1 = rgba[0];
        int colorOf2 = rgba[1];
        colors.assign(new int[] {2, 3}, 2, rgba);
        assertEquals(colorOf2, rgba[0]);
        assertNotEquals(colorOf2, rgba[1]);
        assertNotEquals(colorOf1, rgba[1], "zone 1's colour was freed last; a never-used one is older");
    }

    @Test
    void aZoneWithAChosenColourIsDrawnWithItAndLeavesThePaletteToTheOthers() {
        io.hudprof.core.Zone chosen = io.hudprof.core.Zone.define("ZoneColorsTest:chosen").color(0x3070E0);
        io.hudprof.stats.category.Category.of("ZoneColorsTestCat").color(0x20A040);
        io.hudprof.core.Zone inCategory = io.hudprof.core.Zone.define("ZoneColorsTestCat:work");
        int[] ids = {chosen.id(), 13, inCategory.id(), 25};
        colors.assign(ids, ids.length, rgba);
        assertEquals(0x3070E0FF, rgba[0]);
        assertEquals(0x20A040FF, rgba[2]);
        assertNotEquals(rgba[1], rgba[3]);
        assertEquals(HudPalette.zoneColor(0) == rgba[1] || HudPalette.zoneColor(1) == rgba[1], true,
                "the first palette entries go to the zones without a chosen colour");
    }

    @Test
    void categoryIdsTakeTheirOwnOrAnAncestorsChosenColour() {
        io.hudprof.stats.category.Category parent = io.hudprof.stats.category.Category.of("ZctChart").color(0x112233);
        io.hudprof.stats.category.Category child = parent.child("Leaf");
        io.hudprof.stats.category.Category plain = io.hudprof.stats.category.Category.of("ZctChartPlain");
        ZoneColors categories = ZoneColors.forCategories();
        categories.assign(new int[] {child.id(), plain.id()}, 2, rgba);
        assertEquals(0x112233FF, rgba[0]);
        assertEquals(HudPalette.zoneColor(0), rgba[1]);
    }
}
