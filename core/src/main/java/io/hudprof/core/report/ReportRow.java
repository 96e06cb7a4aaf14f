package io.hudprof.core.report;

import io.hudprof.core.ValueUnit;
import io.hudprof.core.Zone;

/**
 * One line of a {@link Report}: a zone (or, with {@link RecursionDisplay#EXPANDED}, one recursion depth of a
 * zone) and its values. Rows are owned and reused by their report; read them before the report is rebuilt.
 */
public final class ReportRow {
    private String name = "";
    private int zoneId = -1;
    private int recursionLevel = 1;
    private int indent;
    private RowRole role = RowRole.FLAT;
    private boolean drillable;
    private boolean threadRoot;
    private double heat;
    private final double[] values = new double[Column.values().length];
    private int shownMask;
    private int key = -1;
    private ValueUnit unit = ValueUnit.NANOS;

    ReportRow() {
    }

    /** The zone's name as registered; rows of distinct private zones may share a name. */
    public String name() {
        return name;
    }

    /** The id of the zone this row describes ({@link Zone#id()}). */
    public int zoneId() {
        return zoneId;
    }

    /**
     * The identity of a {@link ReportMode#STATISTICS} row ({@link ValueTable#key(int)}), stable across frames;
     * -1 on zone rows.
     */
    public int key() {
        return key;
    }

    /**
     * The unit of the {@link Column#FRAME}, {@link Column#RUN}, {@link Column#MIN} and {@link Column#MAX} values of
     * a statistics row; on zone rows, the unit of {@link Column#SELF} and {@link Column#HIER}: {@link ValueUnit#NANOS}
     * for time, {@link ValueUnit#BYTES} for allocated bytes ({@link Report#metric()}).
     */
    public ValueUnit unit() {
        return unit;
    }

    /** 1 for a zone's outermost activation; 2, 3, ... for recursion depths when they are shown expanded. */
    public int recursionLevel() {
        return recursionLevel;
    }

    /** Indentation in levels (call-graph parents and children are indented under the focus). */
    public int indent() {
        return indent;
    }

    /** Where the row sits: flat list, or parent / focus / child of a call graph. */
    public RowRole role() {
        return role;
    }

    /**
     * True for a thread's root row ({@code <main>}): the thread's time outside any zone. A root is never
     * entered, so its count is blank in flat lists; as a caller in a call graph it counts the focus's entries.
     */
    public boolean threadRoot() {
        return threadRoot;
    }

    /** True when selecting this row would show something new (it has callees, or is not the focus). */
    public boolean drillable() {
        return drillable;
    }

    /**
     * How fast this row is changing, 0 (steady) to 1 (changing by its whole size): the relative difference
     * between the shown value and the same value one step back (the slow average for a live report, the
     * previous frame for a history frame).
     */
    public double heat() {
        return heat;
    }

    /** The value of a column; times are nanoseconds, allocated bytes are bytes, percentages are 0–100. */
    public double value(Column column) {
        return values[column.ordinal()];
    }

    /** Whether a renderer should print this column for this row (blank otherwise). */
    public boolean shown(Column column) {
        return (shownMask & (1 << column.ordinal())) != 0;
    }

    void set(String name, int zoneId, int recursionLevel, int indent, RowRole role, boolean drillable) {
        this.name = name;
        this.zoneId = zoneId;
        this.recursionLevel = recursionLevel;
        this.indent = indent;
        this.role = role;
        this.drillable = drillable;
        Zone zone = zoneId >= 0 ? Zone.byId(zoneId) : null;
        this.threadRoot = zone != null && zone.isThreadRoot();
        this.key = -1;
        this.unit = ValueUnit.NANOS;
        this.heat = 0;
        this.shownMask = 0;
        java.util.Arrays.fill(values, 0);
    }

    void setValueRow(String name, int key, int indent, ValueUnit unit) {
        set(name, -1, 1, indent, RowRole.FLAT, false);
        this.key = key;
        this.unit = unit;
    }

    void value(Column column, double value) {
        values[column.ordinal()] = value;
        shownMask |= 1 << column.ordinal();
    }

    void clear(Column column) {
        values[column.ordinal()] = 0;
        shownMask &= ~(1 << column.ordinal());
    }

    void unit(ValueUnit unit) {
        this.unit = unit;
    }

    void heat(double heat) {
        this.heat = heat;
    }
}
