package io.hudprof.core;

import static org.junit.jupiter.api.Assertions.fail;

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
import java.util.Random;
import java.util.Set;
import java.util.concurrent.SynchronousQueue;
import org.junit.jupiter.api.Test;

/**
 * Random zone programs against a brute-force reference model written from the definitions (IProf's manual and
 * docs/ARCHITECTURE.md), not from the aggregator: a frame is a set of zone stacks (paths from a thread root), each
 * with the time spent with exactly that stack current (self) and the entries that made it current (count). Every
 * report row is derived from those paths by the definitions and compared with what the public API builds: both
 * flat modes, both recursion displays, the call graph of every zone, instantaneous and both averages, every held
 * history frame and the problem counts. On failure the smallest failing program found by shrinking is printed
 * with its seed. {@code -Dhudprof.modelPrograms=N} raises the program count for a soak run.
 */
class ModelCheckTest {
    private static final int PROGRAMS = Integer.getInteger("hudprof.modelPrograms", 1500);
    private static final int HISTORY = 6;
    private static final Zone[] ZONES = {Zone.local("m0"), Zone.local("m1"), Zone.local("m2"),
            Zone.define("model-shared"), Zone.local("m4")};
    private static final String WORKER = "model-worker";

    /** A node of a frame's program: advance the clock, or a zone with the nodes run inside it. */
    record Node(int zone, boolean scope, long advance, List<Node> children) {
        @Override
        public String toString() {
            if (zone < 0) {
                return "+" + advance;
            }
            return (scope ? "enter " : "begin ") + ZONES[zone].name() + children;
        }
    }

    /** One frame: what the updating thread and the worker run, and how the frame ends. */
    record Frame(List<Node> main, List<Node> worker, boolean enabled, boolean record, boolean paused) {
        @Override
        public String toString() {
            return "frame(main=" + main + ", worker=" + worker + (enabled ? "" : ", disabled")
                    + (record ? "" : ", update(false)") + (paused ? ", paused" : "") + ")";
        }
    }

    @Test
    void randomProgramsMatchTheReferenceModel() {
        long base = Long.getLong("hudprof.modelSeed", 20_261_123L);
        for (int p = 0; p < PROGRAMS; p++) {
            long seed = base + p;
            List<Frame> program = generate(new Random(seed));
            String failure = check(program);
            if (failure != null) {
                List<Frame> smallest = shrink(program);
                fail("seed " + seed + ": " + check(smallest) + "\nsmallest failing program:\n"
                        + String.join("\n", smallest.stream().map(Frame::toString).toList()));
            }
        }
    }

    private static List<Frame> generate(Random r) {
        int frames = 1 + r.nextInt(10);
        List<Frame> program = new ArrayList<>();
        for (int f = 0; f < frames; f++) {
            boolean enabled = r.nextInt(8) != 0;
            program.add(new Frame(forest(r, 3), enabled && r.nextInt(3) == 0 ? forest(r, 2) : List.of(), enabled,
                    r.nextInt(6) != 0, r.nextInt(8) == 0));
        }
        return program;
    }

    private static List<Node> forest(Random r, int depth) {
        List<Node> nodes = new ArrayList<>();
        int n = r.nextInt(4);
        for (int i = 0; i < n; i++) {
            if (depth == 0 || r.nextInt(3) == 0) {
                nodes.add(new Node(-1, false, 1 + r.nextInt(50), List.of()));
            } else {
                Node node = new Node(r.nextInt(ZONES.length), r.nextBoolean(), 0, forest(r, depth - 1));
                int repeat = r.nextInt(4) == 0 ? 2 + r.nextInt(3) : 1;
                for (int k = 0; k < repeat; k++) {
                    nodes.add(node);
                }
            }
        }
        return nodes;
    }

    // ---- running the program on a real profiler --------------------------------------------------------------

    /** Runs the program and returns the first mismatch, or null. */
    private static String check(List<Frame> program) {
        Model model = new Model();
        SynchronousQueue<Runnable> toWorker = new SynchronousQueue<>();
        SynchronousQueue<Boolean> done = new SynchronousQueue<>();
        Thread worker = new Thread(() -> {
            try {
                while (true) {
                    Runnable job = toWorker.take();
                    job.run();
                    done.put(Boolean.TRUE);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, WORKER);
        worker.setDaemon(true);
        worker.start();
        try (ProfilerFixture fx = new ProfilerFixture(ProfilerConfig.builder().historyFrames(HISTORY))) {
            model.start(fx.clock.nanoTime(), Zone.threadRoot(Thread.currentThread().getName()).id(),
                    Zone.threadRoot(WORKER).id());
            for (Frame frame : program) {
                fx.profiler.setEnabled(frame.enabled);
                fx.profiler.setPaused(frame.paused);
                run(frame.main, fx.clock, model, 0);
                if (!frame.worker.isEmpty()) {
                    toWorker.put(() -> run(frame.worker, fx.clock, model, 1));
                    done.take();
                }
                fx.profiler.update(frame.record);
                model.endFrame(fx.clock.nanoTime(), frame.enabled && frame.record && !frame.paused,
                        fx.profiler.config());
                String mismatch = compareAll(fx, model);
                if (mismatch != null) {
                    return mismatch;
                }
            }
            return null;
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        } finally {
            worker.interrupt();
        }
    }

    private static void run(List<Node> nodes, ManualClock clock, Model model, int thread) {
        for (Node node : nodes) {
            if (node.zone < 0) {
                clock.advance(node.advance);
                continue;
            }
            Zone zone = ZONES[node.zone];
            model.begin(thread, zone.id(), clock.nanoTime());
            if (node.scope) {
                try (ZoneScope z = zone.enter()) {
                    run(node.children, clock, model, thread);
                    model.end(thread, clock.nanoTime());
                }
            } else {
                zone.begin();
                run(node.children, clock, model, thread);
                model.end(thread, clock.nanoTime());
                zone.end();
            }
        }
    }

    // ---- the reference model -------------------------------------------------------------------------------

    /** Paths from a thread root to values: self time and entry count. */
    static final class Model {
        final List<List<Integer>> stacks = new ArrayList<>();
        final long[] last = new long[2];
        final boolean[] started = new boolean[2];
        boolean enabled = true;
        Map<List<Integer>, double[]> frame = new HashMap<>();
        final List<Map<List<Integer>, double[]>> history = new ArrayList<>();
        final List<Long> historyNanos = new ArrayList<>();
        Map<List<Integer>, double[]> fast;
        Map<List<Integer>, double[]> slow;
        long frameStart;

        void start(long now, int mainRoot, int workerRoot) {
            stacks.add(new ArrayList<>(List.of(mainRoot)));
            stacks.add(new ArrayList<>(List.of(workerRoot)));
            last[0] = now;
            started[0] = true;
            frameStart = now;
        }

        void credit(int thread, long now) {
            if (!started[thread]) {
                return;
            }
            long delta = now - last[thread];
            if (delta > 0) {
                frame.computeIfAbsent(List.copyOf(stacks.get(thread)), k -> new double[2])[0] += delta;
            }
            last[thread] = now;
        }

        void begin(int thread, int zone, long now) {
            if (!enabled) {
                return;
            }
            if (!started[thread]) {
                started[thread] = true;
                last[thread] = now;
            }
            credit(thread, now);
            stacks.get(thread).add(zone);
            frame.computeIfAbsent(List.copyOf(stacks.get(thread)), k -> new double[2])[1]++;
        }

        void end(int thread, long now) {
            List<Integer> stack = stacks.get(thread);
            if (!started[thread] || stack.size() == 1) {
                return;
            }
            credit(thread, now);
            stack.remove(stack.size() - 1);
        }

        void endFrame(long now, boolean recorded, ProfilerConfig config) {
            credit(0, now);
            credit(1, now);
            long frameNanos = now - frameStart;
            frameStart = now;
            if (recorded) {
                history.add(frame);
                historyNanos.add(frameNanos);
                if (fast == null) {
                    fast = copy(frame);
                    slow = copy(frame);
                    fastNanos = frameNanos;
                    slowNanos = frameNanos;
                } else {
                    average(fast, frame, config.fastAverageWeight());
                    average(slow, frame, config.slowAverageWeight());
                    fastNanos += config.fastAverageWeight() * (frameNanos - fastNanos);
                    slowNanos += config.slowAverageWeight() * (frameNanos - slowNanos);
                }
            }
            frame = new HashMap<>();
        }

        double fastNanos;
        double slowNanos;

        private static Map<List<Integer>, double[]> copy(Map<List<Integer>, double[]> values) {
            Map<List<Integer>, double[]> result = new HashMap<>();
            values.forEach((k, v) -> result.put(k, v.clone()));
            return result;
        }

        /** Exponential average per path; a path absent from the frame counts as 0. */
        private static void average(Map<List<Integer>, double[]> avg, Map<List<Integer>, double[]> now, double w) {
            Set<List<Integer>> keys = new HashSet<>(avg.keySet());
            keys.addAll(now.keySet());
            for (List<Integer> k : keys) {
                double[] a = avg.computeIfAbsent(k, x -> new double[2]);
                double[] v = now.getOrDefault(k, new double[2]);
                a[0] += w * (v[0] - a[0]);
                a[1] += w * (v[1] - a[1]);
            }
        }
    }

    // ---- derivations from the definitions ------------------------------------------------------------------

    /** A row's key: zone id and recursion level (1 when recursion is collapsed). */
    record Key(int zone, int level) {
    }

    /** The key of position i of a path. */
    private static Key keyAt(List<Integer> path, int i, boolean expanded) {
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
    private static Map<Key, double[]> flat(Map<List<Integer>, double[]> paths, boolean expanded) {
        Map<Key, double[]> rows = new HashMap<>();
        Map<Key, Boolean> data = new HashMap<>();
        paths.forEach((path, v) -> {
            Set<Key> seen = new HashSet<>();
            for (int i = 0; i < path.size(); i++) {
                Key k = keyAt(path, i, expanded);
                double[] row = rows.computeIfAbsent(k, x -> new double[3]);
                if (seen.add(k)) {
                    row[1] += v[0];
                }
                if (v[0] != 0) {
                    data.put(k, true);
                }
            }
            Key top = keyAt(path, path.size() - 1, expanded);
            rows.get(top)[0] += v[0];
            rows.get(top)[2] += v[1];
            if (v[1] != 0) {
                data.put(top, true);
            }
        });
        rows.keySet().retainAll(data.keySet());
        return rows;
    }

    /** Parent and child rows of a focus, from the paths. Index 0 self, 1 hier, 2 count. */
    private static void callGraph(Map<List<Integer>, double[]> paths, boolean expanded, Key focus,
                                  Map<Key, double[]> parents, Map<Key, double[]> children) {
        Map<Key, Boolean> parentData = new HashMap<>();
        Map<Key, Boolean> childData = new HashMap<>();
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
            // Parents: the focus entered from that parent; hier from the outermost focus on the path only.
            if (first > 0) {
                double[] row = parents.computeIfAbsent(keys[first - 1], x -> new double[3]);
                row[1] += v[0];
                if (v[0] != 0) {
                    parentData.put(keys[first - 1], true);
                }
            }
            if (n >= 2 && keys[n - 1].equals(focus)) {
                double[] row = parents.computeIfAbsent(keys[n - 2], x -> new double[3]);
                row[0] += v[0];
                row[2] += v[1];
                if (v[1] != 0) {
                    parentData.put(keys[n - 2], true);
                }
            }
            // Children: time in a callee on the focus's behalf, not counting time back inside the focus.
            if (lastFocus >= 0 && lastFocus < n - 1) {
                double[] row = children.computeIfAbsent(keys[lastFocus + 1], x -> new double[3]);
                row[1] += v[0];
                if (v[0] != 0) {
                    childData.put(keys[lastFocus + 1], true);
                }
            }
            for (int i = 1; i < n; i++) {
                if (keys[i - 1].equals(focus) && !keys[i].equals(focus) && v[0] != 0) {
                    childData.put(keys[i], true);
                }
            }
            if (n >= 2 && keys[n - 2].equals(focus)) {
                double[] row = children.computeIfAbsent(keys[n - 1], x -> new double[3]);
                if (!keys[n - 1].equals(focus)) {
                    row[0] += v[0];
                }
                row[2] += v[1];
                if (v[1] != 0 || v[0] != 0) {
                    childData.put(keys[n - 1], true);
                }
            }
        });
        parents.keySet().retainAll(parentData.keySet());
        children.keySet().retainAll(childData.keySet());
    }

    // ---- comparison ----------------------------------------------------------------------------------------

    private static String compareAll(ProfilerFixture fx, Model model) {
        if (model.history.isEmpty()) {
            return null;
        }
        ReportController c = fx.controller();
        int mainRoot = Zone.threadRoot(Thread.currentThread().getName()).id();
        for (Averaging averaging : Averaging.values()) {
            Map<List<Integer>, double[]> values = switch (averaging) {
                case INSTANTANEOUS -> model.history.get(model.history.size() - 1);
                case FAST -> model.fast;
                case SLOW -> model.slow;
            };
            String m = compareView(fx, c, values, averaging, 0, mainRoot);
            if (m != null) {
                return m;
            }
        }
        int held = Math.min(HISTORY, model.history.size());
        for (int ago = 1; ago < held; ago++) {
            String m = compareView(fx, c, model.history.get(model.history.size() - 1 - ago),
                    Averaging.INSTANTANEOUS, ago, mainRoot);
            if (m != null) {
                return m;
            }
        }
        c.setFrame(0);
        return null;
    }

    private static String compareView(ProfilerFixture fx, ReportController c, Map<List<Integer>, double[]> values,
                                      Averaging averaging, int ago, int mainRoot) {
        c.setAveraging(averaging);
        c.setFrame(ago);
        String where = averaging.label() + (ago > 0 ? " " + ago + " frames ago" : "");
        for (RecursionDisplay recursion : RecursionDisplay.values()) {
            boolean expanded = recursion == RecursionDisplay.EXPANDED;
            c.setRecursion(recursion);
            Map<Key, double[]> flat = flat(values, expanded);
            flat.keySet().removeIf(k -> Zone.byId(k.zone).isThreadRoot() && k.zone != mainRoot);
            for (ReportMode mode : new ReportMode[] {ReportMode.SELF_TIME, ReportMode.HIERARCHICAL_TIME}) {
                c.setMode(mode);
                Report report = fx.build();
                String m = compareRows(report, RowRole.FLAT, flat, where + " " + mode + " " + recursion, true);
                if (m != null) {
                    return m;
                }
                for (Problem problem : Problem.values()) {
                    if (report.problemsInFrame(problem) != 0) {
                        return where + ": unexpected problem " + problem + " in a well-formed program";
                    }
                }
            }
            for (Zone zone : ZONES) {
                Key focus = new Key(zone.id(), 1);
                Map<Key, double[]> parents = new HashMap<>();
                Map<Key, double[]> children = new HashMap<>();
                callGraph(values, expanded, focus, parents, children);
                c.showCallGraph(zone);
                Report report = fx.build();
                String label = where + " call graph of " + zone.name() + " " + recursion;
                String m = compareRows(report, RowRole.PARENT, parents, label, false);
                if (m == null) {
                    m = compareRows(report, RowRole.CHILD, children, label, false);
                }
                if (m != null) {
                    return m;
                }
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
            if (!close(row.value(Column.SELF), want[0]) || !close(row.value(Column.HIER), want[1])
                    || !close(row.value(Column.COUNT), count)) {
                return where + ": " + role + " row " + row.name() + " is self/hier/count " + row.value(Column.SELF)
                        + "/" + row.value(Column.HIER) + "/" + row.value(Column.COUNT) + ", model says " + want[0]
                        + "/" + want[1] + "/" + count;
            }
        }
        if (rows != expected.size()) {
            return where + ": " + rows + " " + role + " rows, model has " + expected.keySet();
        }
        return null;
    }

    private static boolean close(double actual, double expected) {
        return Math.abs(actual - expected) <= 1e-9 * Math.max(1, Math.abs(expected));
    }

    // ---- shrinking ----------------------------------------------------------------------------------------

    private static List<Frame> shrink(List<Frame> program) {
        List<Frame> best = program;
        boolean progress = true;
        while (progress) {
            progress = false;
            for (List<Frame> candidate : smaller(best)) {
                if (check(candidate) != null) {
                    best = candidate;
                    progress = true;
                    break;
                }
            }
        }
        return best;
    }

    private static List<List<Frame>> smaller(List<Frame> program) {
        List<List<Frame>> out = new ArrayList<>();
        for (int f = 0; f < program.size(); f++) {
            List<Frame> without = new ArrayList<>(program);
            without.remove(f);
            if (!without.isEmpty()) {
                out.add(without);
            }
        }
        for (int f = 0; f < program.size(); f++) {
            Frame frame = program.get(f);
            for (List<Node> main : smallerForests(frame.main)) {
                List<Frame> copy = new ArrayList<>(program);
                copy.set(f, new Frame(main, frame.worker, frame.enabled, frame.record, frame.paused));
                out.add(copy);
            }
            for (List<Node> worker : smallerForests(frame.worker)) {
                List<Frame> copy = new ArrayList<>(program);
                copy.set(f, new Frame(frame.main, worker, frame.enabled, frame.record, frame.paused));
                out.add(copy);
            }
        }
        return out;
    }

    private static List<List<Node>> smallerForests(List<Node> nodes) {
        List<List<Node>> out = new ArrayList<>();
        for (int i = 0; i < nodes.size(); i++) {
            List<Node> without = new ArrayList<>(nodes);
            without.remove(i);
            out.add(without);
            Node node = nodes.get(i);
            if (node.zone >= 0) {
                List<Node> flattened = new ArrayList<>(nodes);
                flattened.remove(i);
                flattened.addAll(i, node.children);
                out.add(flattened);
                for (List<Node> inner : smallerForests(node.children)) {
                    List<Node> copy = new ArrayList<>(nodes);
                    copy.set(i, new Node(node.zone, node.scope, 0, inner));
                    out.add(copy);
                }
            }
        }
        return out;
    }
}
