package io.hudprof.overlay;

/**
 * Gives the graph's zones stable colours: a zone keeps its palette entry for as long as it stays among the zones
 * shown, even when its rank changes, and a newcomer takes the entry that has been free the longest. (Colouring by
 * rank would repaint every column whenever two zones swap places; colouring by id would let two shown zones
 * collide.) Allocation-free; render thread only.
 */
final class ZoneColors {
    /** Colours available; the graph shows at most one fewer zones, so a newcomer always finds a free entry. */
    static final int PALETTE_SIZE = 12;

    private static final int[] PALETTE = {
        0x4E8FD6FF, 0xF28E2BFF, 0xE15759FF, 0x5CC8BEFF, 0x59A14FFF, 0xEDC948FF,
        0xB07AA1FF, 0xFF9DA7FF, 0xA87C5FFF, 0x9FD86BFF, 0xC9A3E8FF, 0x7FD3F7FF,
    };

    private final int[] slotZone = new int[PALETTE_SIZE];
    private final long[] slotLastUsed = new long[PALETTE_SIZE];
    private final int[] pending = new int[PALETTE_SIZE];
    private long frame;

    ZoneColors() {
        java.util.Arrays.fill(slotZone, -1);
    }

    /** Writes the colour of each of {@code zoneIds[0..count)} into {@code destRgba}; count &lt; PALETTE_SIZE. */
    void assign(int[] zoneIds, int count, int[] destRgba) {
        if (count >= PALETTE_SIZE) {
            throw new IllegalArgumentException("at most " + (PALETTE_SIZE - 1) + " zones can have colours: " + count);
        }
        frame++;
        int pendingCount = 0;
        for (int i = 0; i < count; i++) {
            int slot = slotOf(zoneIds[i]);
            if (slot >= 0) {
                slotLastUsed[slot] = frame;
                destRgba[i] = PALETTE[slot];
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
            destRgba[i] = PALETTE[oldest];
        }
    }

    /** Palette entry {@code i}, as 0xRRGGBBAA. */
    static int paletteColor(int i) {
        return PALETTE[i];
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
