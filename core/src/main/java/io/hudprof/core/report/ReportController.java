package io.hudprof.core.report;

import io.hudprof.core.Averaging;
import io.hudprof.core.FrameHistory;
import io.hudprof.core.Metric;
import io.hudprof.core.ProfileData;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerSlot;
import io.hudprof.core.SelfZones;
import io.hudprof.core.ThreadRoster;
import io.hudprof.core.Zone;

import java.util.Arrays;

/**
 * The report builder: {@link #build(Report)} fills a report for the navigation state in its {@link #view()} (mode,
 * cursor, call-graph focus, history frame, averaging, recursion display), which IProf's navigation methods here
 * edit. Choosing the values a report shows is {@code ReportSource}'s job and turning them into rows
 * {@code RowBuilder}'s; this class reads the profile only through {@link ProfileData}.
 *
 * <p>The cursor follows its zone when rows reorder between frames. Navigation acts on the rows of the last
 * built report (building one first if none was built), as a user acts on what the HUD shows.
 *
 * <p>A profiler has one, {@link #of(Profiler)}, which every view of it shares (the HUD, the text report, tools).
 * Use it on the thread that calls {@code update()}. Building is allocation-free once the scratch arrays have grown
 * to the profile's size.
 */
public final class ReportController {
    private static final ProfilerSlot<ReportController> SLOT =
            new ProfilerSlot<>(profiler -> new ReportController(profiler.data(), Annexes.of(profiler)));

    private static final Column[] SELF_COLUMNS = {Column.SELF, Column.HIER, Column.COUNT, Column.SELF_PERCENT};
    private static final Column[] HIER_COLUMNS = {Column.HIER, Column.SELF, Column.COUNT, Column.HIER_PERCENT};
    private static final Column[] GRAPH_COLUMNS = {Column.SELF, Column.HIER, Column.COUNT, Column.HIER_PERCENT};
    private static final Column[] STATISTICS_COLUMNS = {Column.FRAME, Column.RUN, Column.MIN, Column.MAX,
        Column.COUNT};

    private static final Column[] DISTRIBUTION_COLUMNS = {Column.DIST_MIN, Column.DIST_MEDIAN, Column.DIST_P95,
        Column.DIST_P99, Column.DIST_MAX};
    private static final Column[] SELF_DIST_COLUMNS = withDistributions(SELF_COLUMNS);
    private static final Column[] HIER_DIST_COLUMNS = withDistributions(HIER_COLUMNS);
    private static final Column[] GRAPH_DIST_COLUMNS = withDistributions(GRAPH_COLUMNS);

    private final ProfileData data;
    private final FrameHistory history;
    private final ReportSource source;
    private final RowBuilder rows;

    private final ReportView view = new ReportView();
    /** The distribution of one key, as {@link DistributionSource#select} fills it. */
    private final double[] distributionStats = new double[DISTRIBUTION_COLUMNS.length];
    private double[] entryBusy = new double[8];
    private double[] entryTotal = new double[8];

    private final Report navigationReport = new Report();
    private boolean layoutBuilt;
    private int layoutCount;
    private int[] layoutZone = new int[64];
    private int[] layoutLevel = new int[64];
    private RowRole[] layoutRole = new RowRole[64];
    private int[] layoutKey = new int[64];
    /** What modules above core plug in (statistics rows, pinned notes, a status), asked each time it is needed. */
    private final Annexes annexes;
    private long builds;
    private Report lastBuiltInto;
    private long lastBuiltChanges;
    private long lastBuiltView;

    /** A controller over the given profile that asks {@code annexes} for what modules above core add. */
    private ReportController(ProfileData data, Annexes annexes) {
        if (data == null || annexes == null) {
            throw new IllegalArgumentException("hudprof: profile data or annexes is null");
        }
        this.data = data;
        this.annexes = annexes;
        this.history = data.history();
        this.source = new ReportSource(data);
        this.rows = new RowBuilder(data);
    }

    /** {@code profiler}'s navigation state and report builder, made on first use. */
    public static ReportController of(Profiler profiler) {
        return SLOT.of(profiler);
    }

    /** The navigation state reports are built for; {@link ReportView#copyFrom} copies or restores it as one. */
    public ReportView view() {
        return view;
    }

    /** The report mode. */
    public ReportMode mode() {
        return view.mode;
    }

    /**
     * Selects what the report shows. Entering {@link ReportMode#CALL_GRAPH} without a focus focuses the zone
     * under the cursor.
     */
    public void setMode(ReportMode mode) {
        nonNull(mode, "report mode");
        if (mode == ReportMode.CALL_GRAPH && view.focusZone < 0) {
            ensureLayout();
            if (layoutCount > 0 && layoutZone[view.cursor] >= 0) {
                focus(layoutZone[view.cursor], layoutLevel[view.cursor]);
            }
        }
        view.mode = mode;
    }

    /**
     * Switches to the next mode (self → hier → call graph → statistics → self); statistics is skipped while no
     * {@linkplain #statistics() statistics table} is plugged in.
     */
    public void cycleMode() {
        ReportMode next = view.mode.next();
        if (next == ReportMode.STATISTICS && statistics() == null) {
            next = next.next();
        }
        setMode(next);
    }

    /** The statistics rows an annex plugged in ({@link ReportAnnex#statistics()}), or {@code null}. */
    public ValueTable statistics() {
        return annexes.statistics();
    }

    /** The notes pinned to frames an annex plugged in ({@link ReportAnnex#notes()}), or {@code null}. */
    public PinnedNotes notes() {
        return annexes.notes();
    }

    /** The status an annex plugged in ({@link ReportAnnex#status()}), or {@code null}. Safe from any thread. */
    public StatusSource status() {
        return annexes.status();
    }

    /**
     * The per-frame values behind the distribution columns an annex plugged in ({@link ReportAnnex#distributions()}),
     * or {@code null}: then zone reports show no distribution columns.
     */
    public DistributionSource distributions() {
        return annexes.distributions();
    }

    /** Moves the cursor by {@code delta} rows, clamped to the report. */
    public void moveCursor(int delta) {
        ensureLayout();
        setCursor(view.cursor + delta);
    }

    /** Puts the cursor on row {@code position}, clamped to the report. */
    public void setCursor(int position) {
        ensureLayout();
        if (layoutCount == 0) {
            view.cursor = 0;
            return;
        }
        view.cursor = Math.max(0, Math.min(layoutCount - 1, position));
        view.cursorZone = layoutZone[view.cursor];
        view.cursorLevel = layoutLevel[view.cursor];
        view.cursorRole = layoutRole[view.cursor];
        view.cursorKey = layoutKey[view.cursor];
    }

    /** The cursor's row index in the last built report. */
    public int cursor() {
        return view.cursor;
    }

    /**
     * Goes to the call graph of the zone under the cursor (IProf's {@code Prof_select}); does nothing on a row
     * that is not a zone (statistics).
     */
    public void select() {
        ensureLayout();
        if (layoutCount > 0 && layoutZone[view.cursor] >= 0) {
            focus(layoutZone[view.cursor], layoutLevel[view.cursor]);
        }
    }

    /**
     * Goes to the call graph of the caller that spent the most hierarchical time in the focus zone ("go up a
     * directory"); in a flat mode, of the zone under the cursor. Stays put at a thread root.
     */
    public void selectParent() {
        ensureLayout();
        int zone;
        int level;
        if (view.mode == ReportMode.CALL_GRAPH && view.focusZone >= 0) {
            zone = view.focusZone;
            level = view.focusLevel;
        } else if (layoutCount > 0 && layoutZone[view.cursor] >= 0) {
            zone = layoutZone[view.cursor];
            level = layoutLevel[view.cursor];
        } else {
            return;
        }
        boolean expanded = view.recursion == RecursionDisplay.EXPANDED;
        int key = rows.keyOf(zone, level, expanded);
        if (key < 0) {
            return;
        }
        boolean available = openSource(view.averaging);
        if (available && view.threadRoot >= 0) {
            source.restrictToThread(view.threadRoot, view.metric);
        }
        if (available) {
            rows.shownValues().compute(data, source.self, source.calls, expanded, key);
        }
        source.close();
        if (!available) {
            return;
        }
        KeyedValues shown = rows.shownValues();
        int best = -1;
        for (int k = 0; k < shown.keyCount; k++) {
            if (shown.isParent[k] && (best < 0 || shown.parentHier[k] > shown.parentHier[best])) {
                best = k;
            }
        }
        if (best < 0) {
            return;
        }
        focus(rows.zoneOfKey(best, expanded), rows.levelOfKey(best, expanded));
    }

    /** The history frame shown: 0 = live, n = n recorded frames back. */
    public int frameOffset() {
        return view.frameOffset;
    }

    /** Moves back (positive) or forward (negative) in history, clamped to what history holds. */
    public void moveFrame(int delta) {
        setFrame(view.frameOffset + delta);
    }

    /**
     * Shows the frame {@code framesAgo} back (0 = live), clamped to what history holds; leaves a
     * {@linkplain #showSpike(StoredFrame) shown spike}.
     */
    public void setFrame(int framesAgo) {
        view.shownSpike = null;
        clampFrame(framesAgo);
    }

    private void clampFrame(int framesAgo) {
        view.frameOffset = Math.max(0, Math.min(Math.max(0, history.size() - 1), framesAgo));
    }

    /**
     * Shows a spike a spike capture stored, also one whose frame has left the history ring: every mode and the call
     * graph read its per-state values as they read a history frame's. {@link #setFrame}, {@link #moveFrame} (from
     * live) or {@code showSpike(null)} leave it. The spike slot is remembered with its frame number; if the capture
     * refills the slot with another frame the report says no data for this frame.
     */
    public void showSpike(StoredFrame spike) {
        if (spike == null || spike.frameNumber() < 0) {
            view.shownSpike = null;
            return;
        }
        view.shownSpike = spike;
        view.shownSpikeFrame = spike.frameNumber();
        view.frameOffset = 0;
    }

    /** The stored spike shown ({@link #showSpike(StoredFrame)}), or null. */
    public StoredFrame shownSpike() {
        return view.shownSpike;
    }

    private boolean openSource(Averaging shownAveraging) {
        return view.shownSpike != null ? source.openSpike(view.shownSpike, view.shownSpikeFrame, view.metric)
                : source.open(view.frameOffset, shownAveraging, view.metric);
    }

    /**
     * The thread-root zone ({@link io.hudprof.core.ThreadRoster#rootZone(int)}) whose states the zone reports and
     * call graph show, or -1 when they combine all threads (the default).
     */
    public int thread() {
        return view.threadRoot;
    }

    /**
     * Restricts the zone reports and the call graph to one thread's states ({@code rootZone}, a thread's root zone
     * as {@link Report#threadRootZone(int)} gives it), or combines all threads again with -1. The report's title
     * names the thread, and its frame total becomes the thread's.
     */
    public void setThread(int rootZone) {
        view.threadRoot = rootZone < 0 ? -1 : rootZone;
    }

    /**
     * Selects the next ({@code direction} &gt; 0) or previous thread the profile knows, with "all threads" between
     * the last and the first; returns the root zone now selected (-1 for all).
     */
    public int cycleThread(int direction) {
        ThreadRoster roster = data.threads();
        int n = roster.count();
        int at = view.threadRoot < 0 ? -1 : roster.indexOf(view.threadRoot);
        // Positions 0..n-1 are threads, n is "all threads".
        int position = at < 0 ? n : at;
        position = Math.floorMod(position + (direction >= 0 ? 1 : -1), n + 1);
        view.threadRoot = position == n ? -1 : roster.rootZone(position);
        return view.threadRoot;
    }

    /** Which averaging live reports show. */
    public Averaging averaging() {
        return view.averaging;
    }

    /** Selects the averaging for live reports (history frames are always instantaneous). */
    public void setAveraging(Averaging averaging) {
        view.averaging = nonNull(averaging, "averaging");
    }

    /** Switches to the next averaging (instant → fast → slow → instant). */
    public void cycleAveraging() {
        view.averaging = view.averaging.next();
    }

    /** What zone reports measure: time (the default) or allocated bytes. */
    public Metric metric() {
        return view.metric;
    }

    /**
     * Selects what zone reports measure. {@link Metric#ALLOCATED_BYTES} where it is not recorded is accepted; the
     * reports then say why ({@link Report#metricUnavailable()}) and show no rows. Navigation state is kept.
     */
    public void setMetric(Metric metric) {
        view.metric = nonNull(metric, "metric");
    }

    /** Switches between time and allocated bytes and returns the metric now shown. */
    public Metric toggleMetric() {
        setMetric(view.metric == Metric.TIME ? Metric.ALLOCATED_BYTES : Metric.TIME);
        return view.metric;
    }

    /**
     * Which per-frame value the distribution columns of zone reports show: {@link Distribution#OFF} (the default),
     * each zone's self or hierarchical value, over the frames history holds with their per-state values. They are
     * shown while an annex plugs in their {@linkplain #distributions() per-frame values}.
     */
    public Distribution distribution() {
        return view.distribution;
    }

    /** Shows or hides the distribution columns ({@link Column#DIST_MIN} to {@link Column#DIST_MAX}). */
    public void setDistribution(Distribution distribution) {
        view.distribution = nonNull(distribution, "distribution");
    }

    /**
     * Switches to the next distribution (off → self → hier → off) and returns it; stays off while no
     * {@linkplain #distributions() per-frame values} are plugged in.
     */
    public Distribution cycleDistribution() {
        view.distribution = distributions() == null ? Distribution.OFF : view.distribution.next();
        return view.distribution;
    }

    /**
     * Copies the per-frame values of {@code zone} (its outermost level) into {@code dest}, latest frame first, as
     * the distribution columns see them: {@code basis} (self, or hierarchical when OFF is given) in the current
     * metric, for the current thread choice, over the frames history holds with per-state values. For views that
     * draw one zone's distribution (the HUD's histogram); allocation-free once grown.
     *
     * @return how many values were copied (0 when the metric is not recorded or no per-frame values are plugged in)
     */
    public int zoneFrameValues(int zone, Distribution basis, double[] dest) {
        DistributionSource d = distributions();
        if (d == null || !data.records(view.metric)) {
            return 0;
        }
        boolean expanded = view.recursion == RecursionDisplay.EXPANDED;
        d.update(view.metric, expanded, view.threadRoot);
        return d.frameValues(rows.keyOf(zone, 1, expanded), basis == Distribution.OFF ? Distribution.HIER : basis,
                dest);
    }

    /** How recursive zones are shown. */
    public RecursionDisplay recursion() {
        return view.recursion;
    }

    /** Shows recursive zones as one row, or one row per depth. */
    public void setRecursion(RecursionDisplay recursion) {
        view.recursion = nonNull(recursion, "recursion display");
        if (view.recursion == RecursionDisplay.COLLAPSED) {
            view.focusLevel = 1;
        }
    }

    /** The call graph's focus zone, or {@code null} if none was chosen. */
    public Zone focus() {
        return view.focusZone < 0 ? null : Zone.byId(view.focusZone);
    }

    /** Focuses the call graph on {@code zone} (its outermost level) and switches to call-graph mode. */
    public void showCallGraph(Zone zone) {
        focus(zone.id(), 1);
    }

    /**
     * {@link #build(Report)}, but only when the report would differ from the one this method last built into
     * {@code dest}: the profile changed ({@link ProfileData#changes()}) or the navigation state did. A view that shows
     * a report every frame (the HUD) calls this, so a paused or unchanged profile costs nothing to show.
     *
     * @return whether it built
     */
    public boolean buildIfChanged(Report dest) {
        long changes = data.changes();
        long state = view.signature(statistics(), distributions(), notes());
        if (dest == lastBuiltInto && changes == lastBuiltChanges && state == lastBuiltView) {
            return false;
        }
        build(dest);
        lastBuiltInto = dest;
        lastBuiltChanges = changes;
        // The build may move the cursor (it follows its zone): what the next call compares with is the state after.
        lastBuiltView = view.signature(statistics(), distributions(), notes());
        return true;
    }

    /**
     * Which zones the zone reports keep (the HUD's {@code /} search), or {@code null} for all (the default): see
     * {@link ZoneFilter}; the focus always shows, a focus on a call path through a match keeps every caller leading to
     * it, and work handed to other threads is not filtered. The next {@link #buildIfChanged} sees its
     * {@linkplain ZoneFilter#generation() changes}.
     */
    public void setFilter(ZoneFilter filter) {
        view.filter = filter;
    }

    /** The zone filter set, or {@code null}. */
    public ZoneFilter filter() {
        return view.filter;
    }

    /** Reports built since start-up (every {@link #build(Report)}, for views and tests that count them). */
    public long builds() {
        return builds;
    }

    /** Fills {@code dest} with the report for the current navigation state. Allocation-free in steady state. */
    public void build(Report dest) {
        builds++;
        if (!data.selfProfiling()) {
            fill(dest);
            return;
        }
        SelfZones.REPORT.begin();
        try {
            fill(dest);
        } finally {
            SelfZones.REPORT.end();
        }
    }

    private void fill(Report dest) {
        boolean expanded = view.recursion == RecursionDisplay.EXPANDED;
        clampFrame(view.frameOffset);
        boolean spike = view.shownSpike != null;
        Averaging shownAveraging = view.frameOffset == 0 && !spike ? view.averaging : Averaging.INSTANTANEOUS;
        dest.clearRows();
        dest.clearNotes();
        DistributionSource distributions = view.distribution == Distribution.OFF ? null : distributions();
        boolean withDistribution = distributions != null && view.mode != ReportMode.STATISTICS && !spike;
        dest.columns(columnsFor(view.mode, withDistribution));
        dest.distribution(Distribution.OFF, 0);
        if (view.mode == ReportMode.STATISTICS) {
            buildStatistics(dest, shownAveraging);
        } else {
            int focusKey = view.mode == ReportMode.CALL_GRAPH && view.focusZone >= 0
                    ? rows.keyOf(view.focusZone, view.focusLevel, expanded) : -1;
            Zone focus = view.mode == ReportMode.CALL_GRAPH && view.focusZone >= 0 ? Zone.byId(view.focusZone) : null;
            boolean available = openSource(shownAveraging);
            listThreads(dest, available, !spike && view.frameOffset == 0);
            if (available && view.threadRoot >= 0) {
                source.restrictToThread(view.threadRoot, view.metric);
            }
            dest.title(view.mode, shownAveraging, view.frameOffset, data.frozen(), available,
                    available ? source.frameNumber : 0, available ? source.frameNanos : 0, view.recursion,
                    focus == null ? null : focus.name());
            dest.spike(spike, view.shownSpikeFrame);
            boolean live = view.frameOffset == 0 && !spike;
            dest.gpu(spike ? view.shownSpike.gpuFrameNanos()
                    : live ? data.gpuFrameNanos() : history.gpuFrameNanos(view.frameOffset),
                    live ? data.gpuFramesLate() : -1, data.gpuUnavailableReason());
            dest.metric(view.metric, data.unavailableReason(view.metric), available ? source.frameTotal : 0);
            dest.problems(source.problemsInFrame, source.problemsTotal);
            if (available) {
                if (withDistribution) {
                    distributions.update(view.metric, expanded, view.threadRoot);
                }
                rows.alsoList(withDistribution ? distributions : null);
                rows.zoneRows(dest, view.mode, view.metric, source, expanded, focusKey, view.filter);
                if (withDistribution) {
                    distributionCells(dest, distributions, expanded);
                }
            }
            source.close();
        }
        addNotes(dest);
        if (dest.rowCount() > 0) {
            placeCursor(dest);
        } else {
            dest.cursor(-1);
        }
        recordLayout(dest);
    }

    /** The notes of the frame the report shows: a stored spike's own, else those pinned to that frame number. */
    private void addNotes(Report dest) {
        if (!dest.frameAvailable()) {
            return;
        }
        if (view.shownSpike != null) {
            for (int i = 0; i < view.shownSpike.noteCount(); i++) {
                dest.addNote(view.shownSpike.note(i));
            }
            return;
        }
        PinnedNotes pinned = notes();
        if (pinned == null) {
            return;
        }
        long frame = dest.frameNumber();
        for (long n = pinned.oldest(); n < pinned.end(); n++) {
            if (pinned.touches(n, frame)) {
                dest.addNote(pinned.text(n));
            }
        }
    }

    /**
     * Fills the report's thread list: the threads with events in the shown frame (live: the live ones and those
     * that ended in the latest frame), each with its busy and whole value there, and which one is shown.
     */
    private void listThreads(Report dest, boolean available, boolean live) {
        dest.clearThreads();
        ThreadRoster roster = data.threads();
        int n = roster.count();
        if (view.threadRoot >= 0 && roster.indexOf(view.threadRoot) < 0) {
            // Its last frame left history: nothing of it can be shown any more.
            view.threadRoot = -1;
        }
        if (entryBusy.length < n) {
            entryBusy = new double[Math.max(n, entryBusy.length * 2)];
            entryTotal = new double[entryBusy.length];
        }
        Arrays.fill(entryBusy, 0, n, 0);
        Arrays.fill(entryTotal, 0, n, 0);
        long shown = available ? source.frameNumber : -1;
        if (available) {
            source.threadTotals(roster, entryBusy, entryTotal);
        }
        for (int i = 0; i < n; i++) {
            boolean listed = live ? roster.alive(i) || roster.lastFrame(i) == data.recordedFrames()
                    : roster.inFrame(i, shown);
            if (!listed && roster.rootZone(i) != view.threadRoot) {
                continue;
            }
            boolean ended = roster.endedFrame(i) >= 0 && roster.endedFrame(i) == (live ? data.recordedFrames() : shown);
            int t = dest.addThread(roster.name(i), roster.rootZone(i), ended, ended && roster.endedInZone(i));
            dest.threadValues(t, entryBusy[i], entryTotal[i]);
            if (roster.rootZone(i) == view.threadRoot) {
                dest.shownThread(t);
            }
        }
    }

    /**
     * The statistics table's rows (names, units, order) with the shown frame's values; for a stored spike, those it
     * kept of its frame (the frame's value and the run's up to it), a statistic defined after the spike blank.
     */
    private void buildStatistics(Report dest, Averaging shownAveraging) {
        StoredFrame spike = view.shownSpike;
        int offset = view.frameOffset; // 0 while a spike is shown
        boolean live = offset == 0;
        long number = spike != null ? view.shownSpikeFrame : live ? data.recordedFrames() : history.frameNumber(offset);
        double frameNanos = spike != null ? spike.frameNanos()
                : live ? data.frameNanos(shownAveraging) : history.frameNanos(offset);
        ValueTable table = statistics();
        boolean kept = spike == null ? number > 0 : spike.frameNumber() == number && spike.statisticCount() > 0;
        boolean available = table != null && kept && table.prepare(offset, shownAveraging);
        dest.clearThreads();
        dest.title(ReportMode.STATISTICS, shownAveraging, offset, data.frozen(), available,
                available ? number : 0, available ? frameNanos : 0, view.recursion, null);
        dest.spike(spike != null, spike != null ? number : 0);
        if (spike == null) {
            dest.gpu(live ? data.gpuFrameNanos() : history.gpuFrameNanos(offset), live ? data.gpuFramesLate() : -1,
                    data.gpuUnavailableReason());
            source.loadProblems(offset);
        } else {
            source.openSpike(spike, number, Metric.TIME);
            source.close();
        }
        dest.metric(Metric.TIME, null, available ? frameNanos : 0);
        dest.problems(source.problemsInFrame, source.problemsTotal);
        for (int r = 0; available && r < table.rowCount(); r++) {
            ReportRow row = dest.addRow();
            int key = table.key(r);
            row.setValueRow(table.name(r), key, table.indent(r), table.unit(r));
            for (Column column : STATISTICS_COLUMNS) {
                double value = spike == null ? table.value(r, column)
                        : table.indent(r) == 0 ? Double.NaN : spike.statistic(key, column);
                if (!Double.isNaN(value)) {
                    row.value(column, value);
                }
            }
        }
    }

    /** Puts the cursor on its zone's row, or keeps its index in range; {@code dest} has rows. */
    private void placeCursor(Report dest) {
        int rows = dest.rowCount();
        int found = -1;
        if (view.cursorZone >= 0 || view.cursorKey != -1) {
            for (int i = 0; i < rows && found < 0; i++) {
                ReportRow row = dest.row(i);
                if (row.zoneId() == view.cursorZone && row.recursionLevel() == view.cursorLevel
                        && row.role() == view.cursorRole && row.key() == view.cursorKey) {
                    found = i;
                }
            }
        }
        view.cursor = found >= 0 ? found : Math.max(0, Math.min(rows - 1, view.cursor));
        ReportRow at = dest.row(view.cursor);
        view.cursorZone = at.zoneId();
        view.cursorLevel = at.recursionLevel();
        view.cursorRole = at.role();
        view.cursorKey = at.key();
        dest.cursor(view.cursor);
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
            view.cursor = Math.max(0, Math.min(rows - 1, view.cursor));
        }
    }

    private void ensureLayout() {
        if (!layoutBuilt) {
            build(navigationReport);
        }
    }

    /** Focuses the call graph on {@code zone} at {@code level} (its outermost while collapsed) and shows it. */
    private void focus(int zone, int level) {
        view.mode = ReportMode.CALL_GRAPH;
        view.focusZone = zone;
        view.focusLevel = view.recursion == RecursionDisplay.EXPANDED ? level : 1;
        view.cursorZone = zone;
        view.cursorLevel = view.focusLevel;
        view.cursorRole = RowRole.FOCUS;
        view.cursorKey = -1;
    }

    /**
     * Fills the distribution cells of the zone rows that stand for a zone's own values (flat rows and the call
     * graph's focus); caller, callee and worker rows hold values on behalf of another zone and leave them blank.
     */
    private void distributionCells(Report dest, DistributionSource d, boolean expanded) {
        dest.distribution(view.distribution, d.frames());
        for (int i = 0; i < dest.rowCount(); i++) {
            ReportRow row = dest.row(i);
            if ((row.role() != RowRole.FLAT && row.role() != RowRole.FOCUS)
                    || !d.select(rows.keyOf(row.zoneId(), row.recursionLevel(), expanded), view.distribution,
                            distributionStats)) {
                continue;
            }
            for (int c = 0; c < DISTRIBUTION_COLUMNS.length; c++) {
                row.value(DISTRIBUTION_COLUMNS[c], distributionStats[c]);
            }
        }
    }

    private static <T> T nonNull(T value, String what) {
        if (value == null) {
            throw new IllegalArgumentException("hudprof: " + what + " is null");
        }
        return value;
    }

    private static Column[] columnsFor(ReportMode mode, boolean withDistribution) {
        return switch (mode) {
            case SELF_TIME -> withDistribution ? SELF_DIST_COLUMNS : SELF_COLUMNS;
            case HIERARCHICAL_TIME -> withDistribution ? HIER_DIST_COLUMNS : HIER_COLUMNS;
            case CALL_GRAPH -> withDistribution ? GRAPH_DIST_COLUMNS : GRAPH_COLUMNS;
            case STATISTICS -> STATISTICS_COLUMNS;
        };
    }

    /** A zone mode's columns with the percentage column left out (room in the HUD) and the distribution added. */
    private static Column[] withDistributions(Column[] columns) {
        Column[] result = Arrays.copyOf(columns, columns.length - 1 + DISTRIBUTION_COLUMNS.length);
        System.arraycopy(DISTRIBUTION_COLUMNS, 0, result, columns.length - 1, DISTRIBUTION_COLUMNS.length);
        return result;
    }
}
