package io.hudprof.core;

import java.util.Arrays;

/**
 * IProf's display controls and report generator: the navigation state (mode, cursor, call-graph focus,
 * history frame, averaging, recursion display) and {@link #build(Report)}, which turns the profile into rows.
 *
 * <p>The cursor follows its zone when rows reorder between frames. Navigation acts on the rows of the last
 * built report (building one first if none was built), as a user acts on what the HUD shows.
 *
 * <p>Use it on the thread that calls {@code update()}. Building is allocation-free once the scratch arrays have
 * grown to the profile's size.
 */
public final class ReportController {
    private static final Column[] SELF_COLUMNS = {Column.SELF, Column.HIER, Column.COUNT, Column.SELF_PERCENT};
    private static final Column[] HIER_COLUMNS = {Column.HIER, Column.SELF, Column.COUNT, Column.HIER_PERCENT};
    private static final Column[] GRAPH_COLUMNS = {Column.SELF, Column.HIER, Column.COUNT, Column.HIER_PERCENT};
    private static final Column[] STATISTICS_COLUMNS = {Column.FRAME, Column.RUN, Column.MIN, Column.MAX,
        Column.COUNT};

    private final Profiler profiler;
    private final FrameAggregator aggregator;
    private final FrameHistory history;

    private ReportMode mode = ReportMode.SELF_TIME;
    private Averaging averaging = Averaging.FAST;
    private RecursionDisplay recursion = RecursionDisplay.COLLAPSED;
    private int frameOffset;
    private int cursor;
    private int cursorZone = -1;
    private int cursorLevel = 1;
    private RowRole cursorRole = RowRole.FLAT;
    private int cursorKey = -1;
    private int focusZone = -1;
    private int focusLevel = 1;

    private final Report navigationReport = new Report();
    private boolean layoutBuilt;
    private int layoutCount;
    private int[] layoutZone = new int[64];
    private int[] layoutLevel = new int[64];
    private RowRole[] layoutRole = new RowRole[64];
    private int[] layoutKey = new int[64];
    private ValueTable statistics;

    private final KeyedValues shownValues = new KeyedValues();
    private final KeyedValues recentValues = new KeyedValues();
    private final KeyedValues referenceValues = new KeyedValues();
    private double[] historySelf = new double[64];
    private double[] historyCalls = new double[64];
    private double[] previousSelf = new double[64];
    private double[] previousCalls = new double[64];
    private final long[] historyProblems = new long[Problem.values().length];
    private int[] order = new int[64];
    private double[] sortKey = new double[64];

    ReportController(Profiler profiler, FrameAggregator aggregator, FrameHistory history) {
        this.profiler = profiler;
        this.aggregator = aggregator;
        this.history = history;
    }

    /** The report mode. */
    public ReportMode mode() {
        return mode;
    }

    /**
     * Selects what the report shows. Entering {@link ReportMode#CALL_GRAPH} without a focus focuses the zone
     * under the cursor.
     */
    public void setMode(ReportMode mode) {
        if (mode == null) {
            throw new IllegalArgumentException("hudprof: report mode is null");
        }
        if (mode == ReportMode.CALL_GRAPH && focusZone < 0) {
            ensureLayout();
            if (layoutCount > 0 && layoutZone[cursor] >= 0) {
                focus(layoutZone[cursor], layoutLevel[cursor]);
            }
        }
        this.mode = mode;
    }

    /**
     * Switches to the next mode (self → hier → call graph → statistics → self); statistics is skipped while no
     * {@linkplain #setStatistics(ValueTable) statistics table} is plugged in.
     */
    public void cycleMode() {
        ReportMode next = mode.next();
        if (next == ReportMode.STATISTICS && statistics == null) {
            next = next.next();
        }
        setMode(next);
    }

    /**
     * Plugs in the rows of the {@link ReportMode#STATISTICS} report (the statistics package's per-frame values);
     * {@code null} unplugs them, after which that mode shows no rows.
     */
    public void setStatistics(ValueTable table) {
        this.statistics = table;
    }

    /** The table plugged in with {@link #setStatistics(ValueTable)}, or {@code null}. */
    public ValueTable statistics() {
        return statistics;
    }

    /** Moves the cursor by {@code delta} rows, clamped to the report. */
    public void moveCursor(int delta) {
        ensureLayout();
        setCursor(cursor + delta);
    }

    /** Puts the cursor on row {@code position}, clamped to the report. */
    public void setCursor(int position) {
        ensureLayout();
        if (layoutCount == 0) {
            cursor = 0;
            return;
        }
        cursor = Math.max(0, Math.min(layoutCount - 1, position));
        cursorZone = layoutZone[cursor];
        cursorLevel = layoutLevel[cursor];
        cursorRole = layoutRole[cursor];
        cursorKey = layoutKey[cursor];
    }

    /** The cursor's row index in the last built report. */
    public int cursor() {
        return cursor;
    }

    /**
     * Goes to the call graph of the zone under the cursor (IProf's {@code Prof_select}); does nothing on a row
     * that is not a zone (statistics).
     */
    public void select() {
        ensureLayout();
        if (layoutCount == 0 || layoutZone[cursor] < 0) {
            return;
        }
        focus(layoutZone[cursor], layoutLevel[cursor]);
        mode = ReportMode.CALL_GRAPH;
    }

    /**
     * Goes to the call graph of the caller that spent the most hierarchical time in the focus zone ("go up a
     * directory"); in a flat mode, of the zone under the cursor. Stays put at a thread root.
     */
    public void selectParent() {
        ensureLayout();
        int zone;
        int level;
        if (mode == ReportMode.CALL_GRAPH && focusZone >= 0) {
            zone = focusZone;
            level = focusLevel;
        } else if (layoutCount > 0 && layoutZone[cursor] >= 0) {
            zone = layoutZone[cursor];
            level = layoutLevel[cursor];
        } else {
            return;
        }
        boolean expanded = recursion == RecursionDisplay.EXPANDED;
        int key = keyOf(zone, level, expanded);
        if (key < 0) {
            return;
        }
        Source source = resolveSource();
        if (source == null) {
            return;
        }
        shownValues.compute(aggregator.tree, source.self, source.calls, expanded, key);
        releaseSource(source);
        int best = -1;
        for (int k = 0; k < shownValues.keyCount; k++) {
            if (shownValues.isParent[k] && (best < 0 || shownValues.parentHier[k] > shownValues.parentHier[best])) {
                best = k;
            }
        }
        if (best < 0) {
            return;
        }
        focus(zoneOfKey(best, expanded), levelOfKey(best, expanded));
        mode = ReportMode.CALL_GRAPH;
    }

    /** The history frame shown: 0 = live, n = n recorded frames back. */
    public int frameOffset() {
        return frameOffset;
    }

    /** Moves back (positive) or forward (negative) in history, clamped to what history holds. */
    public void moveFrame(int delta) {
        setFrame(frameOffset + delta);
    }

    /** Shows the frame {@code framesAgo} back (0 = live), clamped to what history holds. */
    public void setFrame(int framesAgo) {
        frameOffset = Math.max(0, Math.min(Math.max(0, history.size() - 1), framesAgo));
    }

    /** Which averaging live reports show. */
    public Averaging averaging() {
        return averaging;
    }

    /** Selects the averaging for live reports (history frames are always instantaneous). */
    public void setAveraging(Averaging averaging) {
        if (averaging == null) {
            throw new IllegalArgumentException("hudprof: averaging is null");
        }
        this.averaging = averaging;
    }

    /** Switches to the next averaging (instant → fast → slow → instant). */
    public void cycleAveraging() {
        averaging = averaging.next();
    }

    /** How recursive zones are shown. */
    public RecursionDisplay recursion() {
        return recursion;
    }

    /** Shows recursive zones as one row, or one row per depth. */
    public void setRecursion(RecursionDisplay recursion) {
        if (recursion == null) {
            throw new IllegalArgumentException("hudprof: recursion display is null");
        }
        this.recursion = recursion;
        if (recursion == RecursionDisplay.COLLAPSED) {
            focusLevel = 1;
        }
    }

    /** The call graph's focus zone, or {@code null} if none was chosen. */
    public Zone focus() {
        return focusZone < 0 ? null : Zone.byId(focusZone);
    }

    /** Focuses the call graph on {@code zone} (its outermost level) and switches to call-graph mode. */
    public void showCallGraph(Zone zone) {
        focus(zone.id(), 1);
        mode = ReportMode.CALL_GRAPH;
    }

    /** Fills {@code dest} with the report for the current navigation state. Allocation-free in steady state. */
    public void build(Report dest) {
        boolean expanded = recursion == RecursionDisplay.EXPANDED;
        setFrame(frameOffset);
        boolean live = frameOffset == 0;
        Averaging shownAveraging = live ? averaging : Averaging.INSTANTANEOUS;
        if (mode == ReportMode.STATISTICS) {
            buildStatistics(dest, shownAveraging);
            return;
        }
        Source source = resolveSource();
        int focusKey = mode == ReportMode.CALL_GRAPH && focusZone >= 0 ? keyOf(focusZone, focusLevel, expanded) : -1;
        boolean paused = profiler.paused() || (profiler.recordedFrames() > 0 && !profiler.lastFrameRecorded());
        Zone focus = mode == ReportMode.CALL_GRAPH && focusZone >= 0 ? Zone.byId(focusZone) : null;
        dest.clearRows();
        if (source == null) {
            dest.title(mode, shownAveraging, frameOffset, paused, false, 0, 0, recursion,
                    focus == null ? null : focus.name());
            dest.problems(aggregator.lastFrameProblems, aggregator.totalProblems);
            dest.columns(columnsFor(mode));
            recordLayout(dest);
            return;
        }
        dest.title(mode, shownAveraging, frameOffset, paused, true, source.frameNumber, source.frameNanos,
                recursion, focus == null ? null : focus.name());
        dest.problems(live ? aggregator.lastFrameProblems : historyProblems, aggregator.totalProblems);
        dest.columns(columnsFor(mode));

        shownValues.compute(aggregator.tree, source.self, source.calls, expanded, focusKey);
        KeyedValues recent = null;
        KeyedValues reference = null;
        if (live) {
            recent = shownAveraging == Averaging.INSTANTANEOUS ? shownValues : recentValues;
            reference = shownAveraging == Averaging.SLOW ? shownValues : referenceValues;
            if (recent == recentValues) {
                recentValues.compute(aggregator.tree, aggregator.instSelf, aggregator.instCalls, expanded, focusKey);
            }
            if (reference == referenceValues) {
                referenceValues.compute(aggregator.tree, aggregator.slowSelf, aggregator.slowCalls, expanded,
                        focusKey);
            }
        } else if (history.hasStates(frameOffset + 1)) {
            recent = shownValues;
            reference = referenceValues;
            history.loadStates(frameOffset + 1, previousSelf, previousCalls);
            referenceValues.compute(aggregator.tree, previousSelf, previousCalls, expanded, focusKey);
            history.clearStates(frameOffset + 1, previousSelf, previousCalls);
        }
        releaseSource(source);

        if (mode == ReportMode.CALL_GRAPH) {
            buildCallGraph(dest, focusKey, expanded, source.frameNanos, recent, reference);
        } else {
            buildFlat(dest, expanded, source.frameNanos, recent, reference);
        }
        placeCursor(dest);
        recordLayout(dest);
    }

    private void buildStatistics(Report dest, Averaging shownAveraging) {
        boolean paused = profiler.paused() || (profiler.recordedFrames() > 0 && !profiler.lastFrameRecorded());
        boolean live = frameOffset == 0;
        long number = live ? aggregator.recordedFrames : history.frameNumber(frameOffset);
        double frameNanos;
        if (live) {
            frameNanos = switch (shownAveraging) {
                case INSTANTANEOUS -> aggregator.instFrameNanos;
                case FAST -> aggregator.fastFrameNanos;
                case SLOW -> aggregator.slowFrameNanos;
            };
        } else {
            frameNanos = history.frameNanos(frameOffset);
        }
        ValueTable table = statistics;
        boolean available = table != null && number > 0 && table.prepare(frameOffset, shownAveraging);
        dest.clearRows();
        dest.title(ReportMode.STATISTICS, shownAveraging, frameOffset, paused, available, available ? number : 0,
                available ? frameNanos : 0, recursion, null);
        if (!live) {
            for (Problem problem : PROBLEMS) {
                historyProblems[problem.ordinal()] = history.problems(frameOffset, problem);
            }
        }
        dest.problems(live ? aggregator.lastFrameProblems : historyProblems, aggregator.totalProblems);
        dest.columns(STATISTICS_COLUMNS);
        if (available) {
            for (int r = 0; r < table.rowCount(); r++) {
                ReportRow row = dest.addRow();
                row.setValueRow(table.name(r), table.key(r), table.indent(r), table.unit(r));
                for (Column column : STATISTICS_COLUMNS) {
                    double value = table.value(r, column);
                    if (!Double.isNaN(value)) {
                        row.value(column, value);
                    }
                }
            }
        }
        placeCursor(dest);
        recordLayout(dest);
    }

    private void buildFlat(Report dest, boolean expanded, double frameNanos, KeyedValues recent,
                           KeyedValues reference) {
        KeyedValues v = shownValues;
        boolean bySelf = mode == ReportMode.SELF_TIME;
        int n = 0;
        ensureOrder(v.keyCount);
        for (int k = 0; k < v.keyCount; k++) {
            if (!v.hasData[k] || hiddenInFlatList(zoneOfKey(k, expanded))) {
                continue;
            }
            order[n++] = k;
            sortKey[k] = bySelf ? v.self[k] : v.hier[k];
        }
        IndexSort.descending(order, n, sortKey);
        for (int i = 0; i < n; i++) {
            int k = order[i];
            ReportRow row = dest.addRow();
            row.set(nameOf(k, expanded), zoneOfKey(k, expanded), levelOfKey(k, expanded), 0, RowRole.FLAT,
                    v.hasCallees[k]);
            fill(row, v.self[k], v.hier[k], v.calls[k], frameNanos);
            if (recent != null) {
                double[] recentValue = bySelf ? recent.self : recent.hier;
                double[] referenceValue = bySelf ? reference.self : reference.hier;
                row.heat(heat(recentValue[k], referenceValue[k]));
            }
        }
    }

    private void buildCallGraph(Report dest, int focusKey, boolean expanded, double frameNanos,
                                KeyedValues recent, KeyedValues reference) {
        if (focusKey < 0) {
            return;
        }
        KeyedValues v = shownValues;
        ensureOrder(v.keyCount);
        int n = 0;
        for (int k = 0; k < v.keyCount; k++) {
            if (v.isParent[k]) {
                order[n++] = k;
                sortKey[k] = v.parentHier[k];
            }
        }
        IndexSort.descending(order, n, sortKey);
        for (int i = 0; i < n; i++) {
            int k = order[i];
            ReportRow row = dest.addRow();
            row.set(nameOf(k, expanded), zoneOfKey(k, expanded), levelOfKey(k, expanded), 0, RowRole.PARENT, true);
            fill(row, v.parentSelf[k], v.parentHier[k], v.parentCalls[k], frameNanos);
            // A parent row counts the focus's entries made from that parent, a thread root's included.
            row.value(Column.COUNT, v.parentCalls[k]);
            if (recent != null) {
                row.heat(heat(recent.parentHier[k], reference.parentHier[k]));
            }
        }
        ReportRow focusRow = dest.addRow();
        focusRow.set(nameOf(focusKey, expanded), zoneOfKey(focusKey, expanded), levelOfKey(focusKey, expanded), 1,
                RowRole.FOCUS, v.hasCallees[focusKey]);
        fill(focusRow, v.self[focusKey], v.hier[focusKey], v.calls[focusKey], frameNanos);
        if (recent != null) {
            focusRow.heat(heat(recent.hier[focusKey], reference.hier[focusKey]));
        }
        n = 0;
        for (int k = 0; k < v.keyCount; k++) {
            if (v.isChild[k]) {
                order[n++] = k;
                sortKey[k] = v.childHier[k];
            }
        }
        IndexSort.descending(order, n, sortKey);
        for (int i = 0; i < n; i++) {
            int k = order[i];
            ReportRow row = dest.addRow();
            row.set(nameOf(k, expanded), zoneOfKey(k, expanded), levelOfKey(k, expanded), 2, RowRole.CHILD,
                    v.hasCallees[k] && k != focusKey);
            fill(row, v.childSelf[k], v.childHier[k], v.childCalls[k], frameNanos);
            if (recent != null) {
                row.heat(heat(recent.childHier[k], reference.childHier[k]));
            }
        }
    }

    private static void fill(ReportRow row, double self, double hier, double calls, double frameNanos) {
        row.value(Column.SELF, self);
        row.value(Column.HIER, hier);
        if (!Zone.byId(row.zoneId()).isThreadRoot()) {
            // A thread root is never entered; its count column stays blank rather than showing a misleading 0.
            row.value(Column.COUNT, calls);
        }
        row.value(Column.SELF_PERCENT, frameNanos > 0 ? 100.0 * self / frameNanos : 0);
        row.value(Column.HIER_PERCENT, frameNanos > 0 ? 100.0 * hier / frameNanos : 0);
    }

    private static double heat(double recent, double reference) {
        double scale = Math.max(Math.abs(recent), Math.abs(reference));
        return scale == 0 ? 0 : Math.min(1, Math.abs(recent - reference) / scale);
    }

    /** Only the updating thread's root is listed flat; other threads' roots are their idle time. */
    private boolean hiddenInFlatList(int zoneId) {
        Zone zone = Zone.byId(zoneId);
        return zone != null && zone.isThreadRoot() && zoneId != aggregator.updateRootZone;
    }

    private void placeCursor(Report dest) {
        int rows = dest.rowCount();
        if (rows == 0) {
            dest.cursor(-1);
            return;
        }
        int found = -1;
        if (cursorZone >= 0 || cursorKey != -1) {
            for (int i = 0; i < rows && found < 0; i++) {
                ReportRow row = dest.row(i);
                if (row.zoneId() == cursorZone && row.recursionLevel() == cursorLevel && row.role() == cursorRole
                        && row.key() == cursorKey) {
                    found = i;
                }
            }
        }
        cursor = found >= 0 ? found : Math.max(0, Math.min(rows - 1, cursor));
        ReportRow at = dest.row(cursor);
        cursorZone = at.zoneId();
        cursorLevel = at.recursionLevel();
        cursorRole = at.role();
        cursorKey = at.key();
        dest.cursor(cursor);
    }

    private void recordLayout(Report dest) {
        int rows = dest.rowCount();
        if (layoutZone.length < rows) {
            int size = Math.max(rows, layoutZone.length * 2);
            layoutZone = Arrays.copyOf(layoutZone, size);
            layoutLevel = Arrays.copyOf(layoutLevel, size);
            layoutRole = Arrays.copyOf(layoutRole, size);
            layoutKey = Arrays.copyOf(layoutKey, size);
        }
        for (int i = 0; i < rows; i++) {
            ReportRow row = dest.row(i);
            layoutZone[i] = row.zoneId();
            layoutLevel[i] = row.recursionLevel();
            layoutRole[i] = row.role();
            layoutKey[i] = row.key();
        }
        layoutCount = rows;
        layoutBuilt = true;
        if (rows > 0) {
            cursor = Math.max(0, Math.min(rows - 1, cursor));
        }
    }

    private void ensureLayout() {
        if (!layoutBuilt) {
            build(navigationReport);
        }
    }

    private void focus(int zone, int level) {
        focusZone = zone;
        focusLevel = recursion == RecursionDisplay.EXPANDED ? level : 1;
        cursorZone = zone;
        cursorLevel = focusLevel;
        cursorRole = RowRole.FOCUS;
        cursorKey = -1;
    }

    private static Column[] columnsFor(ReportMode mode) {
        return switch (mode) {
            case SELF_TIME -> SELF_COLUMNS;
            case HIERARCHICAL_TIME -> HIER_COLUMNS;
            case CALL_GRAPH -> GRAPH_COLUMNS;
            case STATISTICS -> STATISTICS_COLUMNS;
        };
    }

    private int keyOf(int zone, int level, boolean expanded) {
        if (!expanded) {
            return zone;
        }
        int key = aggregator.tree.findExpandedKey(zone, level);
        return key >= 0 ? key : aggregator.tree.findExpandedKey(zone, 1);
    }

    private int zoneOfKey(int key, boolean expanded) {
        return expanded ? aggregator.tree.expandedKeyZone[key] : key;
    }

    private int levelOfKey(int key, boolean expanded) {
        return expanded ? aggregator.tree.expandedKeyLevel[key] : 1;
    }

    private String nameOf(int key, boolean expanded) {
        return expanded ? aggregator.tree.expandedName(key) : Zone.byId(key).name();
    }

    private void ensureOrder(int keys) {
        if (order.length < keys) {
            int size = Math.max(keys, order.length * 2);
            order = new int[size];
            sortKey = new double[size];
        }
    }

    /** Per-state values to report on, with the frame they describe. */
    private static final class Source {
        double[] self;
        double[] calls;
        double frameNanos;
        long frameNumber;
        boolean fromHistory;
    }

    private final Source source = new Source();

    /** The values for the current frame offset and averaging, or null when that frame has none to show. */
    private Source resolveSource() {
        if (frameOffset == 0) {
            if (aggregator.recordedFrames == 0) {
                return null;
            }
            source.fromHistory = false;
            source.frameNumber = aggregator.recordedFrames;
            switch (averaging) {
                case INSTANTANEOUS -> {
                    source.self = aggregator.instSelf;
                    source.calls = aggregator.instCalls;
                    source.frameNanos = aggregator.instFrameNanos;
                }
                case FAST -> {
                    source.self = aggregator.fastSelf;
                    source.calls = aggregator.fastCalls;
                    source.frameNanos = aggregator.fastFrameNanos;
                }
                case SLOW -> {
                    source.self = aggregator.slowSelf;
                    source.calls = aggregator.slowCalls;
                    source.frameNanos = aggregator.slowFrameNanos;
                }
            }
            return source;
        }
        if (!history.hasStates(frameOffset)) {
            return null;
        }
        int states = aggregator.tree.capacity();
        if (historySelf.length < states) {
            historySelf = new double[states];
            historyCalls = new double[states];
            previousSelf = new double[states];
            previousCalls = new double[states];
        }
        history.loadStates(frameOffset, historySelf, historyCalls);
        for (Problem problem : PROBLEMS) {
            historyProblems[problem.ordinal()] = history.problems(frameOffset, problem);
        }
        source.fromHistory = true;
        source.self = historySelf;
        source.calls = historyCalls;
        source.frameNanos = history.frameNanos(frameOffset);
        source.frameNumber = history.frameNumber(frameOffset);
        return source;
    }

    private void releaseSource(Source used) {
        if (used != null && used.fromHistory) {
            history.clearStates(frameOffset, historySelf, historyCalls);
        }
    }

    private static final Problem[] PROBLEMS = Problem.values();
}
