package io.hudprof.overlay;

import io.hudprof.core.Zone;
import io.hudprof.stats.category.Category;

/**
 * Gives the graph's zones stable colours: a zone keeps its palette entry for as long as it stays among the zones
 * shown, even when its rank changes, and a newcomer takes the entry that has been free the longest. (Colouring by
 * rank would repaint every column whenever two zones swap places; colouring by id would let two shown zones
 * collide.) A zone whose colour the game chose ({@link Zone#color(int)}, or its category's) is drawn with that colour
 * and takes no palette entry. Allocation-free; render thread only.
 */
final class ZoneColors {
    /** Colours available; the graph shows at most one fewer zones, so a newcomer always finds a free entry. */
    static final int PALETTE_SIZE = HudPalette.ZONE_COLORS;

    private final int[] slotZone = new int[PALETTE_SIZE];
    private final long[] slotLastUsed = new long[PALETTE_SIZE];
    private final int[] pending = new int[PALETTE_SIZE];
    private long frame;
    /** True when the ids are category ids (the category strip chart), false for zone ids. */
    private final boolean categoryIds;

    /** Colours for zone ids. */
    ZoneColors() {
        this(false);
    }

    private ZoneColors(boolean categoryIds) {
        this.categoryIds = categoryIds;
        java.util.Arrays.fill(slotZone, -1);
    }

    /** Colours for category ids ({@link Category#id()}), chosen ones from {@link Category#color(int)}. */
    static ZoneColors forCategories() {
        return new ZoneColors(true);
    }

    /** Writes the colour of each of {@code zoneIds[0..count)} into {@code destRgba}; count &lt; PALETTE_SIZE. */
    void assign(int[] zoneIds, int count, int[] destRgba) {
        if (count >= PALETTE_SIZE) {
            throw new IllegalArgumentException("at most " + (PALETTE_SIZE - 1) + " zones can have colours: " + count);
        }
        frame++;
        int pendingCount = 0;
        for (int i = 0; i < count; i++) {
            int chosen = categoryIds ? categoryRgba(zoneIds[i]) : chosenRgba(zoneIds[i]);
            if (chosen != 0) {
                destRgba[i] = chosen;
                continue;
            }
            int slot = slotOf(zoneIds[i]);
            if (slot >= 0) {
                slotLastUsed[slot] = frame;
                destRgba[i] = HudPalette.zoneColor(slot);
            } else {
                pending[pendingCount++] = i;
            }
        }
        for (int p = 0; p < pendingCount; p++) {
            int i = pending[p];
            int oldest = -1;
            for (int s = 0; s < PALETTE_SIZE; s++) {
                if (slotLastUsed[s] != frame && (oldest < 0 || slotLastUsed[s] < slotLastUsed[oldest])) {
                    oldest = s;
                }
            }
            slotZone[oldest] = zoneIds[i];
            slotLastUsed[oldest] = frame;
            destRgba[i] = HudPalette.zoneColor(oldest);
        }
    }

    /** The opaque RGBA of the colour the game chose for the zone (its own or its category's), or 0 for none. */
    static int chosenRgba(int zoneId) {
        int rgb = Category.colorOf(zoneId);
        return rgb == Zone.NO_COLOR ? 0 : rgb << 8 | 0xFF;
    }

    /** The opaque RGBA of the colour chosen for the category or its nearest ancestor, or 0 for none. */
    static int categoryRgba(int categoryId) {
        for (Category c = Category.byId(categoryId); c != null; c = c.parent()) {
            int rgb = c.color();
            if (rgb != Zone.NO_COLOR) {
                return rgb << 8 | 0xFF;
            }
        }
        return 0;
    }

    private int slotOf(int zoneId) {
        for (int s = 0; s < PALETTE_SIZE; s++) {
            if (slotZone[s] == zoneId) {
                return s;
            }
        }
        return -1;
    }
}
