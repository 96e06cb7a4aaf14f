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
}
