package io.hudprof.core;

import io.hudprof.core.report.Column;
import io.hudprof.core.report.RecursionDisplay;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.ReportMode;
import io.hudprof.core.report.ReportRow;
import io.hudprof.core.report.RowRole;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.SynchronousQueue;

/**
 * The reference model's report side, shared by the model tests: what the recorded frames of a model are (per
 * zone-stack path its self time and entry count, per problem its count), the moving averages over them, and every
 * report row derived from those paths by the documented definitions (IProf's manual, docs/ARCHITECTURE.md), never
 * from the aggregator's code. {@link #compareAll} builds every report the public API offers and returns the first
 * difference.
 */
final class ModelReports {
    static final int PROBLEMS = Problem.values().length;

    private ModelReports() {
    }

    /**
     * The model tests' configuration: {@code history} frames, with history entry rings far larger than the
     * programs need (so every held frame keeps its states) but far below the defaults, since each program makes
     * a profiler.
     */
    static ProfilerConfig.Builder config(int history) {
        return ProfilerConfig.builder().historyFrames(history).zoneHistoryEntries(1 << 12)
                .stateHistoryEntries(1 << 13);
    }

    /** A row's key: zone id and recursion level (1 when recursion is collapsed). */
    record Key(int zone, int level) {
    }

    /** One recorded frame of the model. */
    record Frame(Map<List<Integer>, double[]> values, long[] problems, long nanos) {
    }

    /**
     * What a profiler shows, per the model: the recorded frames, the averages (the first recorded frame sets them,
     * each later one moves them by the weight, a path absent from a frame counts as 0) and the problem totals
     * (every frame, recorded or not).
     */
    static final class Recorded {
        final List<Frame> history = new ArrayList<>();
        final long[] totals = new long[PROBLEMS];
        Map<List<Integer>, double[]> fast;
        Map<List<Integer>, double[]> slow;
        double fastNanos;
        double slowNanos;

        void endFrame(Map<List<Integer>, double[]> values, long[] problems, long nanos, boolean recorded,
                      ProfilerConfig config) {
            for (int p = 0; p < PROBLEMS; p++) {
                totals[p] += problems[p];
            }
            if (!recorded) {
                return;
            }
            history.add(new Frame(values, problems.clone(), nanos));
            if (fast == null) {
                fast = copy(values);
                slow = copy(values);
                fastNanos = nanos;
                slowNanos = nanos;
            } else {
                average(fast, values, config.fastAverageWeight());
                average(slow, values, config.slowAverageWeight());
                fastNanos += config.fastAverageWeight() * (nanos - fastNanos);
                slowNanos += config.slowAverageWeight() * (nanos - slowNanos);
            }
        }

        private static Map<List<Integer>, double[]> copy(Map<List<Integer>, double[]> values) {
            Map<List<Integer>, double[]> result = new HashMap<>();
            values.forEach((k, v) -> result.put(k, v.clone()));
            return result;
        }

        private static void average(Map<List<Integer>, double[]> avg, Map<List<Integer>, double[]> now, double w) {
            Set<List<Integer>> keys = new HashSet<>(avg.keySet());
            keys.addAll(now.keySet());
            double[] none = new double[2];
            for (List<Integer> k : keys) {
                double[] a = avg.computeIfAbsent(k, x -> new double[2]);
                double[] v = now.getOrDefault(k, none);
                a[0] += w * (v[0] - a[0]);
                a[1] += w * (v[1] - a[1]);
            }
        }
    }

    /**
     * A second recording thread that runs one job at a time for the updating thread, so both threads' zones
     * interleave deterministically. One per test class: a profiler made later gives it a fresh recorder.
     */
    static final class Worker {
        private final SynchronousQueue<Runnable> jobs = new SynchronousQueue<>();
        private final SynchronousQueue<Object> done = new SynchronousQueue<>();

        Worker(String name) {
            Thread thread = new Thread(() -> {
                try {
                    while (true) {
                        Runnable job = jobs.take();
                        Object outcome = Boolean.TRUE;
                        try {
                            job.run();
                        } catch (RuntimeException | Error e) {
                            outcome = e;
                        }
                        done.put(outcome);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, name);
            thread.setDaemon(true);
            thread.start();
        }

        /** Runs the job on the worker and returns when it has finished; what it threw is thrown here. */
        void run(Runnable job) {
            Object outcome;
            try {
                jobs.put(job);
                outcome = done.take();
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
            if (outcome instanceof Throwable t) {
                throw new AssertionError("on the worker: " + t, t);
            }
        }
    }

    // ---- derivations from the definitions ------------------------------------------------------------------

    /** The key of position i of a path: the zone, and with recursion expanded how often it occurs up to i. */
    static Key keyAt(List<Integer> path, int i, boolean expanded) {
        if (!expanded) {
            return new Key(path.get(i), 1);
        }
        int level = 0;
        for (int j = 0; j <= i; j++) {
            if (path.get(j).equals(path.get(i))) {
                level++;
            }
        }
        return new Key(path.get(i), level);
    }

    /** Flat rows: self of paths ending in the key, hier of paths containing it (once), count of its entries. */
    static Map<Key, double[]> flat(Map<List<Integer>, double[]> paths, boolean expanded) {
        Map<Key, double[]> rows = new HashMap<>();
        Set<Key> data = new HashSet<>();
        paths.forEach((path, v) -> {
            Set<Key> seen = new HashSet<>();
            for (int i = 0; i < path.size(); i++) {
                Key k = keyAt(path, i, expanded);
                double[] row = rows.computeIfAbsent(k, x -> new double[3]);
                if (seen.add(k)) {
                    row[1] += v[0];
                }
                if (v[0] != 0) {
                    data.add(k);
                }
            }
            Key top = keyAt(path, path.size() - 1, expanded);
            rows.get(top)[0] += v[0];
            rows.get(top)[2] += v[1];
            if (v[1] != 0) {
                data.add(top);
            }
        });
        rows.keySet().retainAll(data);
        return rows;
    }

    /**
     * Parent and child rows of a focus, from the paths. Index 0 self, 1 hier, 2 count. A key is listed as a parent
     * when the focus was entered from it by a stack with time (its own or beneath it) or entries in these values,
     * and as a child when it was entered from the focus by such a stack.
     */
    static void callGraph(Map<List<Integer>, double[]> paths, boolean expanded, Key focus,
                          Map<Key, double[]> parents, Map<Key, double[]> children) {
        Set<Key> parentData = new HashSet<>();
        Set<Key> childData = new HashSet<>();
        paths.forEach((path, v) -> {
            int n = path.size();
            Key[] keys = new Key[n];
            for (int i = 0; i < n; i++) {
                keys[i] = keyAt(path, i, expanded);
            }
            int first = -1;
            int lastFocus = -1;
            for (int i = 0; i < n; i++) {
                if (keys[i].equals(focus)) {
                    if (first < 0) {
                        first = i;
                    }
                    lastFocus = i;
                }
            }
            // Listed rows: every stack that is a prefix of this path has this path's time beneath it.
            for (int i = 1; i < n; i++) {
                if (v[0] != 0 || (i == n - 1 && v[1] != 0)) {
                    if (keys[i].equals(focus)) {
                        parentData.add(keys[i - 1]);
                    }
                    if (keys[i - 1].equals(focus)) {
                        childData.add(keys[i]);
                    }
                }
            }
            // Parents: the focus entered from that parent; hier from the outermost focus on the path only.
            if (first > 0) {
                parents.computeIfAbsent(keys[first - 1], x -> new double[3])[1] += v[0];
            }
            if (n >= 2 && keys[n - 1].equals(focus)) {
                double[] row = parents.computeIfAbsent(keys[n - 2], x -> new double[3]);
                row[0] += v[0];
                row[2] += v[1];
            }
            // Children: time in a callee on the focus's behalf, not counting time back inside the focus.
            if (lastFocus >= 0 && lastFocus < n - 1) {
                children.computeIfAbsent(keys[lastFocus + 1], x -> new double[3])[1] += v[0];
            }
            if (n >= 2 && keys[n - 2].equals(focus)) {
                double[] row = children.computeIfAbsent(keys[n - 1], x -> new double[3]);
                if (!keys[n - 1].equals(focus)) {
                    row[0] += v[0];
                }
                row[2] += v[1];
            }
        });
        for (Key k : parentData) {
            parents.computeIfAbsent(k, x -> new double[3]);
        }
        for (Key k : childData) {
            children.computeIfAbsent(k, x -> new double[3]);
        }
        parents.keySet().retainAll(parentData);
        children.keySet().retainAll(childData);
    }

    // ---- comparison ----------------------------------------------------------------------------------------

    /**
     * Compares every report with the model: live instantaneous, fast and slow, the frame before, and with
     * {@code allHistory} every held history frame; in each, both flat modes and both recursion displays with
     * their problem counts, and the call graph of every zone in {@code zones} at every recursion level shown.
     *
     * @return the first difference, or null
     */
    static String compareAll(ProfilerFixture fx, Recorded model, Zone[] zones, int heldFrames, boolean allHistory) {
        if (model.history.isEmpty()) {
            return null;
        }
        ReportController c = fx.controller();
        int mainRoot = Zone.threadRoot(Thread.currentThread().getName()).id();
        Frame last = model.history.get(model.history.size() - 1);
        for (Averaging averaging : Averaging.values()) {
            Map<List<Integer>, double[]> values = switch (averaging) {
                case INSTANTANEOUS -> last.values;
                case FAST -> model.fast;
                case SLOW -> model.slow;
            };
            double nanos = switch (averaging) {
                case INSTANTANEOUS -> last.nanos;
                case FAST -> model.fastNanos;
                case SLOW -> model.slowNanos;
            };
            String m = compareView(fx, c, values, nanos, last.problems, model.totals, averaging, 0, mainRoot, zones);
            if (m != null) {
                return m;
            }
        }
        int held = Math.min(heldFrames, model.history.size());
        for (int ago = 1; ago < (allHistory ? held : Math.min(2, held)); ago++) {
            Frame frame = model.history.get(model.history.size() - 1 - ago);
            String m = compareView(fx, c, frame.values, frame.nanos, frame.problems, model.totals,
                    Averaging.INSTANTANEOUS, ago, mainRoot, zones);
            if (m != null) {
                return m;
            }
        }
        c.setFrame(0);
        return null;
    }

    private static String compareView(ProfilerFixture fx, ReportController c, Map<List<Integer>, double[]> values,
                                      double nanos, long[] problems, long[] totals, Averaging averaging, int ago,
                                      int mainRoot, Zone[] zones) {
        c.setAveraging(averaging);
        c.setFrame(ago);
        String where = averaging.label() + (ago > 0 ? " " + ago + " frames ago" : "");
        for (RecursionDisplay recursion : RecursionDisplay.values()) {
            boolean expanded = recursion == RecursionDisplay.EXPANDED;
            c.setRecursion(recursion);
            Map<Key, double[]> flat = flat(values, expanded);
            flat.keySet().removeIf(k -> Zone.byId(k.zone).isThreadRoot() && k.zone != mainRoot);
            for (ReportMode mode : new ReportMode[] {ReportMode.HIERARCHICAL_TIME, ReportMode.SELF_TIME}) {
                c.setMode(mode);
                Report report = fx.build();
                String label = where + " " + mode + " " + recursion;
                String m = compareRows(report, RowRole.FLAT, flat, label, true);
                if (m == null) {
                    m = compareHeader(report, nanos, problems, totals, label);
                }
                if (m != null) {
                    return m;
                }
            }
            // The SELF_TIME report just built lists every key with data; focus each zone at each level shown.
            List<Key> focuses = new ArrayList<>();
            for (Zone zone : zones) {
                focuses.add(new Key(zone.id(), 1));
            }
            if (expanded) {
                Report report = fx.report;
                for (int i = 0; i < report.rowCount(); i++) {
                    ReportRow row = report.row(i);
                    if (row.recursionLevel() > 1) {
                        focuses.add(new Key(row.zoneId(), row.recursionLevel()));
                    }
                }
            }
            for (Key focus : focuses) {
                String m = compareCallGraph(fx, c, values, expanded, focus, flat, where + " " + recursion);
                if (m != null) {
                    return m;
                }
            }
        }
        return null;
    }

    /** Focuses {@code focus} the way a user does (level 1 by zone, deeper levels by selecting their row). */
    private static String compareCallGraph(ProfilerFixture fx, ReportController c, Map<List<Integer>, double[]> values,
                                           boolean expanded, Key focus, Map<Key, double[]> flat, String where) {
        if (focus.level == 1) {
            c.showCallGraph(Zone.byId(focus.zone));
        } else {
            c.setMode(ReportMode.SELF_TIME);
            Report listed = fx.build();
            int at = -1;
            for (int i = 0; i < listed.rowCount() && at < 0; i++) {
                ReportRow row = listed.row(i);
                if (row.zoneId() == focus.zone && row.recursionLevel() == focus.level) {
                    at = i;
                }
            }
            if (at < 0) {
                return where + ": no row for " + Zone.byId(focus.zone).name() + "[" + focus.level + "]";
            }
            c.setCursor(at);
            c.select();
        }
        Map<Key, double[]> parents = new HashMap<>();
        Map<Key, double[]> children = new HashMap<>();
        callGraph(values, expanded, focus, parents, children);
        Report report = fx.build();
        String label = where + " call graph of " + Zone.byId(focus.zone).name()
                + (focus.level > 1 ? "[" + focus.level + "]" : "");
        String m = compareRows(report, RowRole.PARENT, parents, label, false);
        if (m == null) {
            m = compareRows(report, RowRole.CHILD, children, label, false);
        }
        if (m == null) {
            m = compareFocus(report, flat.get(focus), label);
        }
        return m;
    }

    /** The focus row carries the focus key's flat values (zeros when it has none in this frame). */
    private static String compareFocus(Report report, double[] want, String where) {
        double[] expected = want == null ? new double[3] : want;
        for (int i = 0; i < report.rowCount(); i++) {
            ReportRow row = report.row(i);
            if (row.role() == RowRole.FOCUS) {
                return same(row, expected, expected[2]) ? null : where + ": focus row " + describe(row, expected,
                        expected[2]);
            }
        }
        return want == null ? null : where + ": no focus row, model has " + describe(null, expected, expected[2]);
    }

    private static String compareHeader(Report report, double nanos, long[] problems, long[] totals, String where) {
        if (!close(report.frameNanos(), nanos)) {
            return where + ": frame time " + report.frameNanos() + ", model says " + nanos;
        }
        for (Problem problem : Problem.values()) {
            if (report.problemsInFrame(problem) != problems[problem.ordinal()]) {
                return where + ": " + problem + " in frame " + report.problemsInFrame(problem) + ", model says "
                        + problems[problem.ordinal()];
            }
            if (report.problemsTotal(problem) != totals[problem.ordinal()]) {
                return where + ": " + problem + " in total " + report.problemsTotal(problem) + ", model says "
                        + totals[problem.ordinal()];
            }
        }
        return null;
    }

    private static String compareRows(Report report, RowRole role, Map<Key, double[]> expected, String where,
                                      boolean countBlankForRoots) {
        int rows = 0;
        for (int i = 0; i < report.rowCount(); i++) {
            ReportRow row = report.row(i);
            if (row.role() != role) {
                continue;
            }
            rows++;
            Key key = new Key(row.zoneId(), Math.max(1, row.recursionLevel()));
            double[] want = expected.get(key);
            if (want == null) {
                return where + ": unexpected " + role + " row " + row.name();
            }
            double count = countBlankForRoots && Zone.byId(row.zoneId()).isThreadRoot() ? 0 : want[2];
            if (!same(row, want, count)) {
                return where + ": " + role + " row " + describe(row, want, count);
            }
        }
        if (rows != expected.size()) {
            return where + ": " + rows + " " + role + " rows, model has " + names(expected.keySet());
        }
        return null;
    }

    private static boolean same(ReportRow row, double[] want, double count) {
        return close(row.value(Column.SELF), want[0]) && close(row.value(Column.HIER), want[1])
                && close(row.value(Column.COUNT), count);
    }

    private static String describe(ReportRow row, double[] want, double count) {
        String got = row == null ? "" : row.name() + " is self/hier/count " + row.value(Column.SELF) + "/"
                + row.value(Column.HIER) + "/" + row.value(Column.COUNT) + ", ";
        return got + "model says " + want[0] + "/" + want[1] + "/" + count;
    }

    static String names(Set<Key> keys) {
        List<String> out = new ArrayList<>();
        for (Key k : keys) {
            out.add(Zone.byId(k.zone).name() + (k.level > 1 ? "[" + k.level + "]" : ""));
        }
        return out.toString();
    }

    static boolean close(double actual, double expected) {
        return Math.abs(actual - expected) <= 1e-9 * Math.max(1, Math.abs(expected));
    }
}
