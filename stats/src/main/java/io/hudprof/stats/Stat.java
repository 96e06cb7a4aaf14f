package io.hudprof.stats;

import io.hudprof.core.ValueUnit;
import io.hudprof.stats.text.TextLine;
import io.hudprof.stats.text.UnitText;

/**
 * A statistic (pbrt's STAT_* trackers): a named value that any thread updates as cheaply as a plain field and
 * that hudprof merges per frame (for the HUD and value charts) and over the run (for the exit report).
 *
 * <p>Define each statistic once, in a {@code static final} field, with a name of the form {@code Category/Name}
 * ({@code "Render/Triangles drawn"}); statistics of one category are reported together. Defining a name again
 * returns the same statistic. An update is a thread-local lookup and a store into memory only that thread writes:
 * no lock, no atomic read-modify-write, no allocation (after the thread's first update). With
 * {@code -Dhudprof.enabled=false} every update is a no-op.
 *
 * <p>Values: {@link #frameValue} is the value over an interval between two snapshots (a frame), {@link #runValue}
 * the value since start-up; both in the statistic's {@link #unit()}.
 */
public abstract sealed class Stat
        permits Counter, MemoryCounter, Distribution, Fraction, StatTimer {

    /** What the registry assigns a statistic: its id, name and where its cells are. */
    record Identity(int id, String name, StatKind kind, ValueUnit unit, boolean level, int slot) {
    }

    private final Identity identity;
    private final String category;
    private final String shortName;
    /** First cell of this statistic in every thread's cells. */
    final int slot;

    Stat(Identity identity) {
        this.identity = identity;
        this.slot = identity.slot();
        int slash = identity.name().indexOf('/');
        this.category = identity.name().substring(0, slash);
        this.shortName = identity.name().substring(slash + 1);
    }

    Identity identity() {
        return identity;
    }

    /** Small dense id, 0 ≤ id &lt; number of statistics; stable for the life of the JVM. */
    public int id() {
        return identity.id();
    }

    /** The full name, {@code Category/Name}. */
    public String name() {
        return identity.name();
    }

    /** The part of the name before the first {@code /}. */
    public String category() {
        return category;
    }

    /** The part of the name after the first {@code /}. */
    public String shortName() {
        return shortName;
    }

    /** The kind of statistic. */
    public StatKind kind() {
        return identity.kind();
    }

    /** The unit of {@link #frameValue}, {@link #runValue}, {@link #runMin} and {@link #runMax}. */
    public ValueUnit unit() {
        return identity.unit();
    }

    /**
     * True for a counter that tracks an amount in use (memory held, things alive) rather than events: its frame
     * value and chart show the amount at the frame's end instead of what was added during the frame.
     */
    public boolean isLevel() {
        return identity.level();
    }

    /**
     * The value over the interval from {@code before} to {@code now} (a frame): what was counted in it, the
     * average of the values reported in it, the percentage or ratio of what was added in it; for a level, the
     * amount at {@code now}. {@code NaN} when the interval has nothing to average or divide.
     */
    public abstract double frameValue(StatSnapshot now, StatSnapshot before);

    /** The value over the whole run up to {@code now}; {@code NaN} when there is nothing to average or divide. */
    public abstract double runValue(StatSnapshot now);

    /** The smallest value a distribution received in the run; {@code NaN} for other kinds or no values. */
    public double runMin(StatSnapshot now) {
        return Double.NaN;
    }

    /** The largest value a distribution received in the run; {@code NaN} for other kinds or no values. */
    public double runMax(StatSnapshot now) {
        return Double.NaN;
    }

    /**
     * How many values the run value is made of: values reported to a distribution, the denominator of a
     * percentage or ratio, the timings of a timer; {@code NaN} for counters.
     */
    public double runCount(StatSnapshot now) {
        return Double.NaN;
    }

    /** Appends the exit report's value and detail cells for the run up to {@code now}. */
    void appendRun(StatSnapshot now, TextLine value, TextLine detail) {
        UnitText.append(unit(), runValue(now), value);
        if (isLevel()) {
            detail.append("current");
        }
    }

    /** "a counter", "an int distribution in bytes": for messages. */
    String describe() {
        return kind().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ') + " in " + unit()
                + (isLevel() ? " (level)" : "");
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + name() + "]";
    }

    static double divide(double numerator, double denominator) {
        return denominator == 0 ? Double.NaN : numerator / denominator;
    }
}
