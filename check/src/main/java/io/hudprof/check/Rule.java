package io.hudprof.check;

/**
 * One rule: what to measure ({@code target}: a zone name, {@code *} for every zone, {@code Cat:*} for a category,
 * or {@code frame}), which value and statistic, and the limit. A relative limit ({@code +10%}) bounds the ratio of the
 * current statistic to the baseline's; an absolute one ({@code 2 ms}, or a count) bounds the current statistic.
 *
 * @param text      the rule as written, for reports
 * @param target    the zone name, {@code *}, {@code Cat:*} or {@code frame}
 * @param quantity  the zone value read (ignored for the frame time)
 * @param statistic the statistic over the frames
 * @param relative  true for a limit on the ratio to the baseline
 * @param limit     the largest allowed ratio (1.10 for +10 %), or the largest allowed value (ns, or a count)
 */
public record Rule(String text, String target, Quantity quantity, Statistic statistic, boolean relative,
                   double limit) {
    /** The target that stands for the frame time. */
    public static final String FRAME = "frame";
    /** The target that stands for every zone of the game (not hudprof's own {@code hudprof:} zones). */
    public static final String EVERY_ZONE = "*";

    /** True when the target is the frame time. */
    public boolean isFrame() {
        return target.equalsIgnoreCase(FRAME);
    }

    /** True when the target is every zone. */
    public boolean isEveryZone() {
        return target.equals(EVERY_ZONE);
    }

    /** True when the target is a category ({@code Sim:*}): its zones' summed self time. */
    public boolean isCategory() {
        return target.length() > 2 && target.endsWith(":*");
    }

    /** The category's name, for a category target. */
    public String category() {
        return target.substring(0, target.length() - 2);
    }

    /**
     * The default rules: every zone's self time and the frame time, median within {@code tolerance} (0.25: +25 %)
     * of the baseline's. A zone's median is over the frames it was entered in, so a zone that runs now and then is
     * judged by its typical entry frame.
     */
    public static java.util.List<Rule> defaults(double tolerance) {
        String pct = RuleParser.percent(tolerance);
        return java.util.List.of(
                new Rule("* self median <= " + pct, EVERY_ZONE, Quantity.SELF, Statistic.MEDIAN, true, 1 + tolerance),
                new Rule("frame median <= " + pct, FRAME, Quantity.SELF, Statistic.MEDIAN, true, 1 + tolerance));
    }
}
