package io.hudprof.overlay;

import io.hudprof.core.format.TextLine;

/**
 * PStats' guide bars for time charts, shared by the history graph and the category strip chart: the target frame
 * time (drawn lighter), its harmonic multiples and fractions (30, 20, 15 Hz... and 120, 180 Hz at a 60 Hz target,
 * drawn darker), skipping any that would crowd a label already chosen, and the user's own bars (dashed), all
 * labelled in ms or Hz. Allocation-free; render thread only.
 */
final class GuideBars {
    private static final int MAX_GUIDES = 24;
    private static final int DASH = 6;
    private static final int DASH_GAP = 4;

    private final double targetNanos;
    private final double[] guideNanos = new double[MAX_GUIDES];
    private final int[] guideY = new int[MAX_GUIDES];
    private final TextLine line = new TextLine(32);
    private int count;

    GuideBars(double targetFrameRate) {
        this.targetNanos = 1e9 / targetFrameRate;
    }

    /** Chooses the target and harmonic guides for a plot whose top is {@code range} ns; returns how many. */
    int choose(double range, Box plot, int minSpacing) {
        count = 0;
        for (int k = 1; k <= 64 && count < MAX_GUIDES; k++) {
            add(targetNanos * k, range, plot, minSpacing);
        }
        for (int k = 2; k <= 8 && count < MAX_GUIDES; k++) {
            add(targetNanos / k, range, plot, minSpacing);
        }
        return count;
    }

    private void add(double nanos, double range, Box plot, int minSpacing) {
        if (nanos > range) {
            return;
        }
        int y = plot.bottom() - (int) Math.round(nanos / range * plot.height());
        if (y < plot.top() + minSpacing / 2) {
            return;
        }
        for (int g = 0; g < count; g++) {
            if (Math.abs(guideY[g] - y) < minSpacing) {
                return;
            }
        }
        guideNanos[count] = nanos;
        guideY[count] = y;
        count++;
    }

    /** The chosen guides' labels right of the plot (unclipped part). */
    void drawLabels(StripPlot strip, DrawList list, boolean hertz, HudMetrics metrics) {
        for (int g = 0; g < count; g++) {
            line.clear();
            appendTime(line, guideNanos[g], hertz);
            strip.drawGuideLabel(list, guideY[g], line, g == 0 ? HudPalette.TARGET_LABEL : HudPalette.GUIDE_LABEL,
                    metrics);
        }
    }

    /** The chosen guides' lines across the plot, the target's last so it stays on top (clipped part). */
    void drawLines(StripPlot strip, DrawList list, HudMetrics metrics) {
        for (int g = count - 1; g >= 0; g--) {
            strip.drawGuideLine(list, guideY[g], g == 0 ? HudPalette.TARGET_LINE : HudPalette.GUIDE_LINE, metrics);
        }
    }

    /**
     * The user's guide bars at {@code nanos[0..n)}: dashed lines across the plot and their labels, for those inside
     * the range. Drawn unclipped, so call it where the plot's clip is not pushed.
     */
    void drawUser(StripPlot strip, double[] nanos, int n, double range, DrawList list, boolean hertz,
            HudMetrics metrics) {
        Box plot = strip.plot();
        int thickness = metrics.line();
        int dash = Math.max(2, metrics.scaled(DASH));
        int gap = Math.max(1, metrics.scaled(DASH_GAP));
        for (int i = 0; i < n; i++) {
            if (nanos[i] > range || nanos[i] <= 0) {
                continue;
            }
            int y = Math.min(plot.bottom() - thickness, plot.bottom() - (int) Math.round(nanos[i] / range
                    * plot.height()));
            for (int x = plot.left(); x < plot.right(); x += dash + gap) {
                list.rect(x, y, Math.min(plot.right(), x + dash), y + thickness, HudPalette.USER_GUIDE);
            }
            line.clear();
            appendTime(line, nanos[i], hertz);
            strip.drawGuideLabel(list, y, line, HudPalette.USER_GUIDE, metrics);
        }
    }

    /** A time in ms (one decimal) or as the rate it stands for in Hz. */
    static void appendTime(TextLine line, double nanos, boolean hertz) {
        if (hertz) {
            double rate = 1e9 / nanos;
            line.appendFixed(rate, rate < 100 ? 1 : 0).append(" Hz");
        } else {
            line.appendScaled(nanos, -6, 1).append(" ms");
        }
    }
}
