package io.hudprof.overlay;

import io.hudprof.core.ValueUnit;
import io.hudprof.stats.text.TextLine;
import io.hudprof.stats.text.UnitText;

/**
 * PStats' guide bars, shared by every strip chart. Time charts (the history graph, the category strip chart) get the
 * target frame time (drawn lighter) and its harmonic multiples and fractions (30, 20, 15 Hz... and 120, 180 Hz at a
 * 60 Hz target, drawn darker), labelled in ms or Hz ({@link #choose}); value charts get round numbers in the
 * statistic's unit (1, 2 or 5 times a power of ten, of 1024 for bytes, whole for counts), the zero line lighter
 * ({@link #chooseRound}). Either way guides that would crowd a label already chosen are skipped, and the user's own
 * bars are drawn dashed. Allocation-free; render thread only.
 */
final class GuideBars {
    private static final int MAX_GUIDES = 24;
    private static final int DASH = 6;
    private static final int DASH_GAP = 4;

    private final double targetNanos;
    /** The unit of the guides last chosen: null for time guides ({@link #choose}). */
    private ValueUnit unit;
    private final double[] guideNanos = new double[MAX_GUIDES];
    private final int[] guideY = new int[MAX_GUIDES];
    private final TextLine line = new TextLine(32);
    private int count;

    /** Guides for time charts with a target of {@code targetFrameRate} frames per second. */
    GuideBars(double targetFrameRate) {
        this.targetNanos = 1e9 / targetFrameRate;
    }

    /** Guides for value charts, which have no target: only {@link #chooseRound} and the user's bars. */
    GuideBars() {
        this.targetNanos = Double.NaN;
    }

    /** Chooses the target and harmonic guides for a plot whose top is {@code range} ns; returns how many. */
    int choose(double range, Box plot, int minSpacing) {
        count = 0;
        unit = null;
        for (int k = 1; k <= 64 && count < MAX_GUIDES; k++) {
            add(targetNanos * k, 0, range, plot, minSpacing, false);
        }
        for (int k = 2; k <= 8 && count < MAX_GUIDES; k++) {
            add(targetNanos / k, 0, range, plot, minSpacing, false);
        }
        return count;
    }

    /**
     * Chooses round-number guides in {@code unit} for a plot spanning {@code bottom..top}: zero first (when in
     * range), then every multiple of a nice step (about a quarter of the span; at least 1 for counts) up to the top;
     * returns how many.
     */
    int chooseRound(double bottom, double top, ValueUnit unit, Box plot, int minSpacing) {
        count = 0;
        this.unit = unit;
        double step = niceCeiling((top - bottom) / 4, unit);
        if (unit == ValueUnit.COUNT) {
            step = Math.max(1, step);
        }
        if (bottom <= 0 && top >= 0) {
            add(0, bottom, top, plot, minSpacing, true);
        }
        for (double v = Math.ceil(bottom / step) * step; v <= top * (1 + 1e-9) && count < MAX_GUIDES; v += step) {
            if (v != 0) {
                add(v, bottom, top, plot, minSpacing, true);
            }
        }
        return count;
    }

    /** The smallest 1, 2 or 5 times a power of ten (of 1024 for bytes, then of ten) at or above {@code value}. */
    static double niceCeiling(double value, ValueUnit unit) {
        double base = 1;
        if (unit == ValueUnit.BYTES) {
            while (value / base >= 1024) {
                base *= 1024;
            }
        }
        double scaled = value / base;
        double power = Math.pow(10, Math.floor(Math.log10(scaled)));
        double fraction = scaled / power;
        double nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
        return nice * power * base;
    }

    /** How many guides the last choice kept. */
    int count() {
        return count;
    }

    /** The value of guide {@code g} of the last choice (ns for time guides). */
    double value(int g) {
        return guideNanos[g];
    }

    /** The y of guide {@code g} of the last choice. */
    int y(int g) {
        return guideY[g];
    }

    /** The target (time guides) or the zero line (value guides) is drawn lighter than the others. */
    private boolean lighter(int g) {
        return unit == null ? g == 0 : guideNanos[g] == 0;
    }

    private static int yOf(double value, double bottom, double top, Box plot) {
        return plot.bottom() - (int) Math.round((value - bottom) / (top - bottom) * plot.height());
    }

    /**
     * Keeps a guide unless it is out of range or crowds one already kept. Time guides also keep clear of the plot's
     * top (the range there is arbitrary); a value chart's top is a round number worth labelling.
     */
    private void add(double nanos, double bottom, double top, Box plot, int minSpacing, boolean topAllowed) {
        if (nanos > top * (1 + 1e-9) || nanos < bottom) {
            return;
        }
        int y = yOf(nanos, bottom, top, plot);
        if (!topAllowed && y < plot.top() + minSpacing / 2) {
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
            appendValue(line, guideNanos[g], unit, hertz);
            strip.drawGuideLabel(list, guideY[g], line, lighter(g) ? HudPalette.TARGET_LABEL : HudPalette.GUIDE_LABEL,
                    metrics);
        }
    }

    /**
     * The chosen guides' lines across the plot, the first (the target, or zero) last so it stays on top (clipped
     * part).
     */
    void drawLines(StripPlot strip, DrawList list, HudMetrics metrics) {
        int first = unit == null ? HudPalette.TARGET_LINE : HudPalette.ZERO_LINE;
        for (int g = count - 1; g >= 0; g--) {
            strip.drawGuideLine(list, guideY[g], lighter(g) ? first : HudPalette.GUIDE_LINE, metrics);
        }
    }

    /**
     * The user's guide bars at {@code nanos[0..n)}: dashed lines across the plot and their labels, for those inside
     * the range. Drawn unclipped, so call it where the plot's clip is not pushed.
     */
    void drawUser(StripPlot strip, double[] nanos, int n, double range, DrawList list, boolean hertz,
            HudMetrics metrics) {
        drawUser(strip, nanos, n, 0, range, null, hertz, list, metrics);
    }

    /**
     * The user's guide bars at {@code values[0..n)} on a value chart spanning {@code bottom..top}, labelled in
     * {@code unit}; as {@link #drawUser(StripPlot, double[], int, double, DrawList, boolean, HudMetrics)}.
     */
    void drawUser(StripPlot strip, double[] values, int n, double bottom, double top, ValueUnit unit, DrawList list,
            HudMetrics metrics) {
        drawUser(strip, values, n, bottom, top, unit, false, list, metrics);
    }

    private void drawUser(StripPlot strip, double[] nanos, int n, double bottom, double range, ValueUnit valueUnit,
            boolean hertz, DrawList list, HudMetrics metrics) {
        Box plot = strip.plot();
        int thickness = metrics.line();
        int dash = Math.max(2, metrics.scaled(DASH));
        int gap = Math.max(1, metrics.scaled(DASH_GAP));
        for (int i = 0; i < n; i++) {
            if (nanos[i] > range || nanos[i] <= 0 || nanos[i] < bottom) {
                continue;
            }
            int y = Math.min(plot.bottom() - thickness, yOf(nanos[i], bottom, range, plot));
            for (int x = plot.left(); x < plot.right(); x += dash + gap) {
                list.rect(x, y, Math.min(plot.right(), x + dash), y + thickness, HudPalette.USER_GUIDE);
            }
            line.clear();
            appendValue(line, nanos[i], valueUnit, hertz);
            strip.drawGuideLabel(list, y, line, HudPalette.USER_GUIDE, metrics);
        }
    }

    /** A value in {@code unit}, or, when {@code unit} is null, a time as {@link #appendTime} prints it. */
    private static void appendValue(TextLine line, double value, ValueUnit unit, boolean hertz) {
        if (unit == null) {
            appendTime(line, value, hertz);
        } else {
            UnitText.append(unit, value, line);
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
