package io.hudprof.core;

import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Random well-formed zone programs on two threads against a brute-force reference model written from the
 * definitions (IProf's manual and docs/ARCHITECTURE.md), not from the aggregator: a frame is a set of zone stacks
 * (paths from a thread root), each with the time spent with exactly that stack current (self) and the entries that
 * made it current (count). Every report row is derived from those paths by the definitions ({@link ModelReports})
 * and compared with what the public API builds: both flat modes, both recursion displays, the call graph of every
 * zone at every recursion level shown, instantaneous and both averages, the frame before each frame and, at the
 * end, every held history frame, with the frame time and the problem counts (none, in a well-formed program).
 * Unbalanced programs, limits and drops are {@link ModelCheckUnbalancedTest}'s. On failure the smallest failing
 * program found by shrinking is printed with its seed. {@code -Dhudprof.modelPrograms=N} raises the program count
 * for a soak run.
 */
class ModelCheckTest {
    private static final int PROGRAMS = Integer.getInteger("hudprof.modelPrograms", 1500);
    private static final int HISTORY = 6;
    private static final Zone[] ZONES = {Zone.local("m0"), Zone.local("m1"), Zone.local("m2"),
            Zone.define("model-shared"), Zone.local("m4")};
    private static final String WORKER = "model-worker";
    private static final ModelReports.Worker WORKER_THREAD = new ModelReports.Worker(WORKER);

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
        try (ProfilerFixture fx = new ProfilerFixture(ModelReports.config(HISTORY))) {
            model.start(fx.clock.nanoTime(), Zone.threadRoot(Thread.currentThread().getName()).id(),
                    Zone.threadRoot(WORKER).id());
            for (int f = 0; f < program.size(); f++) {
                Frame frame = program.get(f);
                fx.profiler.setEnabled(frame.enabled);
                fx.profiler.setPaused(frame.paused);
                model.enabled = frame.enabled;
                run(frame.main, fx.clock, model, 0);
                if (!frame.worker.isEmpty()) {
                    WORKER_THREAD.run(() -> run(frame.worker, fx.clock, model, 1));
                }
                fx.profiler.update(frame.record);
                model.endFrame(fx.clock.nanoTime(), frame.enabled && frame.record && !frame.paused,
                        fx.profiler.config());
                String mismatch = ModelReports.compareAll(fx, model.recorded(), ZONES, HISTORY,
                        f == program.size() - 1);
                if (mismatch != null) {
                    return mismatch;
                }
            }
            return null;
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
        private final ModelReports.Recorded recorded = new ModelReports.Recorded();
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
            recorded().endFrame(frame, new long[ModelReports.PROBLEMS], frameNanos, recorded, config);
            frame = new HashMap<>();
        }

        ModelReports.Recorded recorded() {
            return recorded;
        }
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
