package io.hudprof.core.report;

import io.hudprof.core.Metric;
import io.hudprof.core.ProfileData;
import io.hudprof.core.ValueUnit;
import io.hudprof.core.Zone;

/**
 * Turns per-state values into report rows: the flat lists sorted by self or hierarchical value, and IProf's call
 * graph (callers, focus, callees), each row with its heat. The values are one metric's (time or allocated bytes),
 * whichever {@link ReportSource} opened: the rows are the same code for both. Allocation-free once its arrays have
 * grown.
 */
final class RowBuilder {
    private final ProfileData data;
    private final KeyedValues shown = new KeyedValues();
    private final KeyedValues recent = new KeyedValues();
    private final KeyedValues reference = new KeyedValues();
    private int[] order = new int[64];
    private double[] sortKey = new double[64];
    private ValueUnit unit = ValueUnit.NANOS;
    private double[] stateHier = new double[64];
    private int spawnedCount;
    private int[] taskZones = new int[4];
    private int[] spawnedZone = new int[8];
    private double[] spawnedSelf = new double[8];
    private double[] spawnedHier = new double[8];
    private double[] spawnedCalls = new double[8];
    /** While distribution columns are shown: flat lists also list the keys with values in any held frame. */
    private DistributionSource alsoListed;
    /** Where the filter's matches lie, for the rows being built while {@link #filtering}. */
    private final FilterMarks marks = new FilterMarks();
    private boolean filtering;

    RowBuilder(ProfileData data) {
        this.data = data;
    }

    /**
     * Adds the rows of a flat mode or of the call graph of {@code focusKey} (a zone, or an expanded key) from the
     * values {@code source} opened.
     */
    void zoneRows(Report dest, ReportMode mode, Metric metric, ReportSource source, boolean expanded,
                  int focusKey, ZoneFilter filter) {
        unit = metric.unit();
        shown.compute(data, source.self, source.calls, expanded, focusKey);
        filtering = filter != null && filter.active();
        if (filtering) {
            marks.markKeys(filter, data, expanded, shown.keyCount);
        }
        KeyedValues recentValues = valuesFor(recent, source.recentSelf, source.recentCalls, source, expanded,
                focusKey);
        KeyedValues referenceValues = source.referenceSelf == null ? null
                : valuesFor(reference, source.referenceSelf, source.referenceCalls, source, expanded, focusKey);
        if (referenceValues == null) {
            recentValues = null;
        }
        if (mode == ReportMode.CALL_GRAPH) {
            callGraph(dest, focusKey, expanded, source.frameTotal, recentValues, referenceValues);
            if (focusKey >= 0) {
                spawnedRows(dest, zoneOfKey(focusKey, expanded), source.allSelf, source.allCalls, source.frameTotal);
            }
        } else {
            flat(dest, mode == ReportMode.SELF_TIME, expanded, source.frameTotal, recentValues, referenceValues);
        }
    }

    /**
     * Makes the flat lists of the following {@link #zoneRows} calls also list the keys {@code distributions} saw in
     * any held frame (with this frame's zeros), so a zone that runs now and then keeps its row and its distribution;
     * null: only the keys with values in the shown frame.
     */
    void alsoList(DistributionSource distributions) {
        alsoListed = distributions;
    }

    /** The call-graph values of the last {@link #zoneRows} call, for "go to the heaviest caller". */
    KeyedValues shownValues() {
        return shown;
    }

    /** Computes the keyed values of {@code self}/{@code calls}, reusing the shown ones when they are the same. */
    private KeyedValues valuesFor(KeyedValues scratch, double[] self, double[] calls, ReportSource source,
                                  boolean expanded, int focusKey) {
        if (self == source.self) {
            return shown;
        }
        scratch.compute(data, self, calls, expanded, focusKey);
        return scratch;
    }

    private void flat(Report dest, boolean bySelf, boolean expanded, double frameNanos, KeyedValues recentValues,
                      KeyedValues referenceValues) {
        KeyedValues v = shown;
        int n = 0;
        ensureOrder(v.keyCount);
        for (int k = 0; k < v.keyCount; k++) {
            if ((!v.hasData[k] && (alsoListed == null || !alsoListed.heldAnywhere(k)))
                    || hiddenInFlatList(zoneOfKey(k, expanded))) {
                continue;
            }
            // Searching: the self list shows the matches; the hierarchical or expanded one also what leads to them.
            if (filtering && !(bySelf && !expanded ? marks.keyMatches(k) : marks.keyMatchesOrLeads(k))) {
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
            fill(row, v.self[k], v.hier[k], v.calls[k], frameNanos, true);
            if (recentValues != null) {
                double[] recentValue = bySelf ? recentValues.self : recentValues.hier;
                double[] referenceValue = bySelf ? referenceValues.self : referenceValues.hier;
                row.heat(heat(recentValue[k], referenceValue[k]));
            }
        }
    }

    private void callGraph(Report dest, int focusKey, boolean expanded, double frameNanos, KeyedValues recentValues,
                           KeyedValues referenceValues) {
        if (focusKey < 0) {
            return;
        }
        KeyedValues v = shown;
        ensureOrder(v.keyCount);
        int n = 0;
        for (int k = 0; k < v.keyCount; k++) {
            if (v.isParent[k] && (!filtering || marks.keyOnMatchPath(k))) {
                order[n++] = k;
                sortKey[k] = v.parentHier[k];
            }
        }
        IndexSort.descending(order, n, sortKey);
        for (int i = 0; i < n; i++) {
            int k = order[i];
            ReportRow row = dest.addRow();
            row.set(nameOf(k, expanded), zoneOfKey(k, expanded), levelOfKey(k, expanded), 0, RowRole.PARENT, true);
            // A parent row's count is the focus's entries made from that parent, a thread root's included.
            fill(row, v.parentSelf[k], v.parentHier[k], v.parentCalls[k], frameNanos, false);
            if (recentValues != null) {
                row.heat(heat(recentValues.parentHier[k], referenceValues.parentHier[k]));
            }
        }
        ReportRow focusRow = dest.addRow();
        focusRow.set(nameOf(focusKey, expanded), zoneOfKey(focusKey, expanded), levelOfKey(focusKey, expanded), 1,
                RowRole.FOCUS, v.hasCallees[focusKey]);
        fill(focusRow, v.self[focusKey], v.hier[focusKey], v.calls[focusKey], frameNanos, true);
        if (recentValues != null) {
            focusRow.heat(heat(recentValues.hier[focusKey], referenceValues.hier[focusKey]));
        }
        n = 0;
        for (int k = 0; k < v.keyCount; k++) {
            if (v.isChild[k] && (!filtering || marks.keyOnMatchPath(k))) {
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
            fill(row, v.childSelf[k], v.childHier[k], v.childCalls[k], frameNanos, true);
            if (recentValues != null) {
                row.heat(heat(recentValues.childHier[k], referenceValues.childHier[k]));
            }
        }
    }

    /**
     * The {@link RowRole#SPAWNED} rows, one group per task zone of the focus (one per open zone path it handed work
     * over from, {@link ProfileData#taskZoneOf}), in the order the states met them: the task zone's row first (its own self value:
     * the tasks' time outside their zones; named by {@link ProfileData#taskContextName}, the path outside the focus), then, for every state of that task zone (whichever
     * thread ran it), the zones entered right inside it, by zone, with their hierarchical values there, largest first.
     * Read from every thread's values, so a thread-restricted report still shows what its zone handed to workers.
     */
    private void spawnedRows(Report dest, int focusZone, double[] self, double[] calls, double frameTotal) {
        if (data.taskZoneOf(focusZone) < 0 || self == null) {
            return;
        }
        int states = data.stateCount();
        int groups = 0;
        for (int s = 0; s < states; s++) {
            int zone = data.zone(s);
            if (data.spawnerOf(zone) == focusZone && indexOf(taskZones, groups, zone) < 0) {
                if (groups == taskZones.length) {
                    taskZones = java.util.Arrays.copyOf(taskZones, groups * 2);
                }
                taskZones[groups++] = zone;
            }
        }
        if (groups == 0) {
            return;
        }
        if (stateHier.length < states) {
            stateHier = new double[Math.max(states, stateHier.length * 2)];
        }
        for (int s = 0; s < states; s++) {
            stateHier[s] = self[s];
        }
        // State order is topological: one reverse pass sums each state's subtree.
        for (int s = states - 1; s >= 0; s--) {
            int p = data.parent(s);
            if (p >= 0) {
                stateHier[p] += stateHier[s];
            }
        }
        for (int g = 0; g < groups; g++) {
            spawnedGroup(dest, taskZones[g], self, calls, frameTotal);
        }
    }

    private void spawnedGroup(Report dest, int taskZone, double[] self, double[] calls, double frameTotal) {
        int states = data.stateCount();
        spawnedCount = 0;
        addSpawned(taskZone, 0, 0, 0);
        for (int s = 0; s < states; s++) {
            int zone = data.zone(s);
            if (zone == taskZone) {
                addSpawned(zone, self[s], self[s], 0);
                continue;
            }
            int p = data.parent(s);
            if (p >= 0 && data.zone(p) == taskZone) {
                addSpawned(zone, self[s], stateHier[s], calls[s]);
            }
        }
        ensureOrder(spawnedCount);
        int n = 0;
        // Entry 0 is the task zone: it leads its group.
        for (int i = 1; i < spawnedCount; i++) {
            if (spawnedHier[i] > 0 || spawnedCalls[i] > 0) {
                order[n++] = i;
                sortKey[i] = spawnedHier[i];
            }
        }
        if (n == 0 && spawnedHier[0] <= 0) {
            return;
        }
        IndexSort.descending(order, n, sortKey);
        for (int i = -1; i < n; i++) {
            int k = i < 0 ? 0 : order[i];
            int zone = spawnedZone[k];
            ReportRow row = dest.addRow();
            row.set(zone == taskZone ? data.taskContextName(zone) : data.workersName(zone), zone, 1, 2,
                    RowRole.SPAWNED, false);
            fill(row, spawnedSelf[k], spawnedHier[k], spawnedCalls[k], frameTotal, true);
            if (zone == taskZone) {
                row.clear(Column.COUNT);
            }
        }
    }

    private static int indexOf(int[] values, int count, int value) {
        for (int i = 0; i < count; i++) {
            if (values[i] == value) {
                return i;
            }
        }
        return -1;
    }

    private void addSpawned(int zone, double self, double hier, double count) {
        int i = 0;
        while (i < spawnedCount && spawnedZone[i] != zone) {
            i++;
        }
        if (i == spawnedCount) {
            if (spawnedCount == spawnedZone.length) {
                int size = spawnedCount * 2;
                spawnedZone = java.util.Arrays.copyOf(spawnedZone, size);
                spawnedSelf = java.util.Arrays.copyOf(spawnedSelf, size);
                spawnedHier = java.util.Arrays.copyOf(spawnedHier, size);
                spawnedCalls = java.util.Arrays.copyOf(spawnedCalls, size);
            }
            spawnedZone[i] = zone;
            spawnedSelf[i] = 0;
            spawnedHier[i] = 0;
            spawnedCalls[i] = 0;
            spawnedCount++;
        }
        spawnedSelf[i] += self;
        spawnedHier[i] += hier;
        spawnedCalls[i] += count;
    }

    /**
     * @param blankRootCount leave a thread root's count blank: the root is never entered, so its own count would
     *                       read as a misleading 0
     */
    private void fill(ReportRow row, double self, double hier, double calls, double frameNanos,
                      boolean blankRootCount) {
        row.unit(unit);
        row.value(Column.SELF, self);
        row.value(Column.HIER, hier);
        if (!blankRootCount || !row.threadRoot()) {
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
        return zone != null && zone.isThreadRoot() && zoneId != data.updateThreadRootZone();
    }

    int keyOf(int zone, int level, boolean expanded) {
        if (!expanded) {
            return zone;
        }
        int key = data.findExpandedKey(zone, level);
        return key >= 0 ? key : data.findExpandedKey(zone, 1);
    }

    int zoneOfKey(int key, boolean expanded) {
        return expanded ? data.expandedKeyZone(key) : key;
    }

    int levelOfKey(int key, boolean expanded) {
        return expanded ? data.expandedKeyLevel(key) : 1;
    }

    private String nameOf(int key, boolean expanded) {
        return expanded ? data.expandedName(key) : Zone.byId(key).name();
    }

    private void ensureOrder(int keys) {
        if (order.length < keys) {
            int size = Math.max(keys, order.length * 2);
            order = new int[size];
            sortKey = new double[size];
        }
    }
}
