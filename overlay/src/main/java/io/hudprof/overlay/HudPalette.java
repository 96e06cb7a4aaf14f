package io.hudprof.overlay;

/**
 * Every colour the HUD draws, as {@code 0xRRGGBBAA}, in one place so the views agree (a panel, a graph and a chart
 * side by side share their background, guide lines and labels) and a theme is one file to change.
 */
final class HudPalette {
    /** Behind every view: dark and translucent, so the HUD reads over any scene. */
    static final int BACKGROUND = 0x0E1116DC;
    /**
     * {@link #BACKGROUND} with no game showing through ({@code OverlayConfig.opaquePanels}): drawn without blending,
     * which a software rasteriser does in half the time of a translucent layer.
     */
    static final int OPAQUE_BACKGROUND = BACKGROUND | 0xFF;
    static final int BORDER = 0xFFFFFF30;
    /** Titles, the focus and cursor rows, and the badge text. */
    static final int TITLE = 0xFFFFFFFF;
    /** Column headers and statistics category rows. */
    static final int HEADER = 0x8FA3B8FF;
    static final int TEXT = 0xD8DCE0FF;
    /** Fully "hot" text: a row whose value jumped (IProf's heat); rows blend from {@link #TEXT} towards it. */
    static final int HOT = 0xFF6A3DFF;
    static final int DIM = 0x8A939CFF;
    static final int CURSOR = 0x2F62C8E0;
    static final int FOCUS_BAND = 0xFFFFFF1C;
    /** The row under the mouse pointer. */
    static final int HOVER = 0xFFFFFF26;
    static final int PAUSED = 0xD03030FF;
    static final int PROBLEM = 0xFFB347FF;
    static final int HELP = 0x9CC4EEFF;

    /** The plot area of the graph and the chart, darker than their background. */
    static final int PLOT = 0x00000070;
    /** Frame time no top zone accounts for, and its legend entry. */
    static final int OTHER = 0x7A828CFF;
    static final int TARGET_LINE = 0xF0F0F0D0;
    static final int GUIDE_LINE = 0xA0A8B080;
    static final int TARGET_LABEL = 0xF0F0F0FF;
    static final int GUIDE_LABEL = 0x9AA3ACFF;
    /** The tick under the selected frame's column. */
    static final int MARKER = 0xFFFFFFFF;
    /** The band behind the selected frame's column. */
    static final int MARKED_COLUMN = 0xFFFFFF48;
    static final int CHART_BAR = 0x5EC8F0FF;
    static final int ZERO_LINE = 0xF0F0F0A0;
    /** The user's own guide bars (PStats draws them dashed blue). */
    /** The history graph's GPU frame time line: a colour no zone gets. */
    static final int GPU_LINE = 0xFF00FFFF;
    static final int USER_GUIDE = 0x5A9BFFFF;
    /** Categories folded into "other" in the category strip chart. */
    static final int FOLDED = 0x6A5577FF;

    /** How many zone colours there are. */
    static final int ZONE_COLORS = 12;
    private static final int[] ZONES = {
        0x4E8FD6FF, 0xF28E2BFF, 0xE15759FF, 0x5CC8BEFF, 0x59A14FFF, 0xEDC948FF,
        0xB07AA1FF, 0xFF9DA7FF, 0xA87C5FFF, 0x9FD86BFF, 0xC9A3E8FF, 0x7FD3F7FF,
    };

    private HudPalette() {
    }

    /** Zone colour {@code i}, 0 ≤ i &lt; {@link #ZONE_COLORS}; opaque and distinct from {@link #OTHER}. */
    static int zoneColor(int i) {
        return ZONES[i];
    }
}
