package io.hudprof.core;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Random <em>unbalanced</em> zone programs on two threads against a reference model of the documented repair rules,
 * limits and drops, compared report by report through {@link ModelReports} (every flat mode, recursion display,
 * call graph at every recursion level, averaging, held history frame, and each frame's problem counts).
 *
 * <p>The model's rules, from the javadoc of {@link Zone#end()}, {@link Problem}, {@code ThreadRecorder} and
 * {@code StateTree}, and docs/ARCHITECTURE.md:
 * <ul>
 *   <li>An explicit end closes the innermost open entry of its zone that was begun explicitly; entries opened
 *       inside it are closed first, each a {@link Problem#MISSING_END}. It never crosses an entry opened with
 *       {@link Zone#enter()} (only that scope's own {@code close()} ends it): an end that finds nothing before such
 *       an entry changes nothing and is an {@link Problem#EXTRA_END}.</li>
 *   <li>A scope's {@code close()} on its own thread closes the innermost try-with-resources entry, entries above it
 *       each a missing end; with none open it is an extra end. On another thread it changes nothing and is a
 *       {@link Problem#FOREIGN_THREAD_CLOSE}.</li>
 *   <li>While profiling is off, begins and enters do nothing; ends and closes still close open zones; an end with
 *       nothing open on its thread is not counted (the end of a begin skipped while off).</li>
 *   <li>{@code update()} closes every zone still open on the updating thread, innermost first, each an
 *       {@link Problem#OPEN_AT_UPDATE}; zones open on the worker stay open into the next frame.</li>
 *   <li>Each transition and each repair writes one event; a thread holds {@code eventCapacity} events between two
 *       updates. When it is full, every later event of that frame is dropped and counted as
 *       {@link Problem#DROPPED_EVENTS} in that frame; the reader keeps the stack of the last event it saw until
 *       the boundary (the gap is credited to it), then adopts the true stack. The first event after a frame with
 *       drops is preceded by a resync of 1 + depth events (the stack before that transition).</li>
 *   <li>A state (zone stack) is made on the first entry that reaches it, thread roots when update() first sees
 *       their thread, replayed thread by thread in the order the threads first recorded. Past {@code maxStates}
 *       (one of which is the overflow state) an entry, or a stack under one that did not fit, resolves to the one
 *       overflow state (a root with the overflow zone), and every such resolution is a {@link Problem#STATE_LIMIT}
 *       in the frame it happens.</li>
 * </ul>
 * On failure the smallest failing program found by shrinking is printed with its seed.
 * {@code -Dhudprof.modelPrograms=N} runs N programs of each kind for a soak.
 */
class ModelCheckUnbalancedTest {
    private static final Integer SOAK = Integer.getInteger("hudprof.modelPrograms");
    private static final int HISTORY = 4;
    private static final int SMALL_STATES = 64;
    private static final int SMALL_RING = 64;
    private static final Zone[] ZONES = {Zone.local("u0"), Zone.local("u1"), Zone.define("model-shared"),
            Zone.local("u3")};
    private static final String WORKER = "model-unbalanced-worker";
    private static final ModelReports.Worker WORKER_THREAD = new ModelReports.Worker(WORKER);

    /** Which limit a program runs against: none reached, a small state limit, or a small event ring. */
    enum Limit { NONE, STATES, EVENTS }

    enum Kind { ADVANCE, BEGIN, END, ENTER, CLOSE, FOREIGN_CLOSE }

    /** One call of the program: advance the clock, or a zone call on the thread that runs it. */
    record Op(Kind kind, int arg) {
        @Override
        public String toString() {
            return switch (kind) {
                case ADVANCE -> "+" + arg;
                case BEGIN -> "begin " + ZONES[arg].name();
                case END -> "end " + ZONES[arg].name();
                case ENTER -> "enter " + ZONES[arg].name();
                case CLOSE -> "close";
                case FOREIGN_CLOSE -> "close the other thread's scope";
            };
        }
    }

    /** One frame: what the updating thread runs, then the worker, then how the frame ends. */
    record Frame(List<Op> main, List<Op> worker, boolean enabled, boolean record, boolean paused) {
        @Override
        public String toString() {
            return "frame(main=" + main + ", worker=" + worker + (enabled ? "" : ", disabled")
                    + (record ? "" : ", update(false)") + (paused ? ", paused" : "") + ")";
        }

        Frame with(List<Op> newMain, List<Op> newWorker) {
            return new Frame(newMain, newWorker, enabled, record, paused);
        }
    }

    @Test
    void unbalancedProgramsAreRepairedCountedAndReportedExactly() {
        runPrograms(Limit.NONE, SOAK != null ? SOAK : 1200, 20_261_201L, Problem.MISSING_END, Problem.EXTRA_END,
                Problem.OPEN_AT_UPDATE, Problem.FOREIGN_THREAD_CLOSE);
    }

    @Test
    void pastTheStateLimitEveryOverflowIsCountedAndWhatFitStaysExact() {
        runPrograms(Limit.STATES, SOAK != null ? SOAK : 500, 20_261_202L, Problem.STATE_LIMIT);
    }

    @Test
    void dropsAreCountedInTheirFrameAndTheFramesAfterAreExact() {
        runPrograms(Limit.EVENTS, SOAK != null ? SOAK : 600, 20_261_203L, Problem.DROPPED_EVENTS);
    }

    /**
     * Checks {@code programs} seeded programs; {@code exercised} are the problems that must occur in at least a
     * tenth of them, so the generator cannot drift away from what the test is about.
     */
    private static void runPrograms(Limit limit, int programs, long defaultSeed, Problem... exercised) {
        long base = Long.getLong("hudprof.modelSeed", defaultSeed);
        int[] programsWith = new int[ModelReports.PROBLEMS];
        for (int p = 0; p < programs; p++) {
            long seed = base + p;
            List<Frame> program = generate(new Random(seed), limit);
            long[] totals = new long[ModelReports.PROBLEMS];
            String failure = check(program, limit, totals);
            if (failure != null) {
                List<Frame> smallest = shrink(program, limit);
                fail(limit + " seed " + seed + ": " + check(smallest, limit, totals)
                        + "\nsmallest failing program:\n"
                        + String.join("\n", smallest.stream().map(Frame::toString).toList()));
            }
            for (int k = 0; k < totals.length; k++) {
                programsWith[k] += totals[k] > 0 ? 1 : 0;
            }
        }
        for (Problem problem : exercised) {
            assertTrue(programsWith[problem.ordinal()] * 10 >= programs, problem + " occurred in only "
                    + programsWith[problem.ordinal()] + " of " + programs + " programs");
        }
    }

    // ---- generating programs -------------------------------------------------------------------------------

    private static List<Frame> generate(Random r, Limit limit) {
        int frames = 1 + r.nextInt(limit == Limit.STATES ? 8 : 6);
        List<Frame> program = new ArrayList<>();
        Deque<int[]> workerStack = new ArrayDeque<>();
        for (int f = 0; f < frames; f++) {
            boolean enabled = r.nextInt(8) != 0;
            List<Op> main = ops(r, limit, new ArrayDeque<>());
            List<Op> worker = r.nextInt(2) == 0 ? ops(r, limit, workerStack) : List.of();
            program.add(new Frame(main, worker, enabled, r.nextInt(6) != 0, r.nextInt(8) == 0));
        }
        return program;
    }

    /**
     * Ops for one thread in one frame. {@code intended} is the generator's rough idea of what is open (zone,
     * 1 for a scope), only to make ends and closes mostly plausible: nesting, recursion and every kind of mistake.
     */
    private static List<Op> ops(Random r, Limit limit, Deque<int[]> intended) {
        List<Op> ops = new ArrayList<>();
        int n = limit == Limit.STATES ? 10 + r.nextInt(40) : r.nextInt(12);
        for (int i = 0; i < n; i++) {
            int x = r.nextInt(100);
            if (x < 22) {
                ops.add(new Op(Kind.ADVANCE, 1 + r.nextInt(40)));
            } else if (x < 57) {
                int zone = !intended.isEmpty() && r.nextInt(3) == 0 ? pick(r, intended)[0] : r.nextInt(ZONES.length);
                boolean scope = x >= 45;
                ops.add(new Op(scope ? Kind.ENTER : Kind.BEGIN, zone));
                intended.push(new int[] {zone, scope ? 1 : 0});
            } else if (x < 82) {
                int zone;
                int y = r.nextInt(100);
                if (y < 65 && !intended.isEmpty()) {
                    zone = intended.peek()[0];
                    intended.pop();
                } else if (y < 85 && !intended.isEmpty()) {
                    int[] entry = pick(r, intended);
                    zone = entry[0];
                    while (!intended.isEmpty() && intended.pop() != entry) {
                        // the entries inside it are closed as missing ends
                    }
                } else {
                    zone = r.nextInt(ZONES.length);
                }
                ops.add(new Op(Kind.END, zone));
            } else if (x < 95) {
                ops.add(new Op(Kind.CLOSE, 0));
                while (!intended.isEmpty() && intended.pop()[1] == 0) {
                    // a close ends the innermost scope and what was begun inside it
                }
            } else {
                ops.add(new Op(Kind.FOREIGN_CLOSE, 0));
            }
        }
        if (limit == Limit.EVENTS && r.nextInt(3) == 0) {
            // A burst of short zones that overflows (or nearly fills) the ring.
            int zone = r.nextInt(ZONES.length);
            int at = r.nextInt(ops.size() + 1);
            List<Op> burst = new ArrayList<>();
            for (int k = 20 + r.nextInt(25); k > 0; k--) {
                burst.add(new Op(Kind.BEGIN, zone));
                burst.add(new Op(Kind.ADVANCE, 1 + r.nextInt(3)));
                burst.add(new Op(Kind.END, zone));
            }
            ops.addAll(at, burst);
        }
        return ops;
    }

    private static int[] pick(Random r, Deque<int[]> stack) {
        int i = r.nextInt(stack.size());
        for (int[] entry : stack) {
            if (i-- == 0) {
                return entry;
            }
        }
        throw new AssertionError();
    }

    // ---- running a program on a real profiler --------------------------------------------------------------

    private static ProfilerConfig.Builder config(Limit limit) {
        ProfilerConfig.Builder config = ModelReports.config(HISTORY);
        return switch (limit) {
            case NONE -> config;
            case STATES -> config.maxStates(SMALL_STATES);
            case EVENTS -> config.eventCapacity(SMALL_RING);
        };
    }

    /** Runs the program and returns the first difference from the model, or null. */
    private static String check(List<Frame> program, Limit limit, long[] totals) {
        try (ProfilerFixture fx = new ProfilerFixture(config(limit))) {
            Model model = new Model(fx.clock.nanoTime(), limit == Limit.STATES ? SMALL_STATES : Integer.MAX_VALUE,
                    limit == Limit.EVENTS ? SMALL_RING : Integer.MAX_VALUE);
            List<Deque<ZoneScope>> scopes = List.of(new ArrayDeque<>(), new ArrayDeque<>());
            ZoneScope[] realScope = new ZoneScope[2];
            for (int f = 0; f < program.size(); f++) {
                Frame frame = program.get(f);
                fx.profiler.setEnabled(frame.enabled);
                fx.profiler.setPaused(frame.paused);
                model.enabled = frame.enabled;
                run(frame.main, 0, fx.clock, model, scopes, realScope);
                if (!frame.worker.isEmpty()) {
                    WORKER_THREAD.run(() -> run(frame.worker, 1, fx.clock, model, scopes, realScope));
                }
                fx.profiler.update(frame.record);
                model.update(fx.clock.nanoTime(), frame.enabled && frame.record && !frame.paused,
                        fx.profiler.config());
                String mismatch = ModelReports.compareAll(fx, model.recorded, ZONES, HISTORY,
                        f == program.size() - 1);
                if (mismatch != null) {
                    return "frame " + (f + 1) + ": " + mismatch;
                }
            }
            System.arraycopy(model.recorded.totals, 0, totals, 0, totals.length);
            return null;
        }
    }

    private static void run(List<Op> ops, int t, ManualClock clock, Model model, List<Deque<ZoneScope>> scopes,
                            ZoneScope[] realScope) {
        Deque<ZoneScope> own = scopes.get(t);
        for (Op op : ops) {
            long now = clock.nanoTime();
            switch (op.kind) {
                case ADVANCE -> clock.advance(op.arg);
                case BEGIN -> {
                    model.begin(t, ZONES[op.arg].id(), false, now);
                    ZONES[op.arg].begin();
                }
                case ENTER -> {
                    model.begin(t, ZONES[op.arg].id(), true, now);
                    ZoneScope scope = ZONES[op.arg].enter();
                    own.push(scope);
                    if (scope != ZoneScope.NONE) {
                        realScope[t] = scope;
                    }
                }
                case END -> {
                    model.end(t, ZONES[op.arg].id(), now);
                    ZONES[op.arg].end();
                }
                case CLOSE -> {
                    if (own.isEmpty()) {
                        continue;
                    }
                    ZoneScope scope = own.pop();
                    if (scope != ZoneScope.NONE) {
                        model.close(t, now);
                    }
                    scope.close();
                }
                case FOREIGN_CLOSE -> {
                    ZoneScope other = realScope[1 - t];
                    if (other != null) {
                        model.foreignClose();
                        other.close();
                    }
                }
            }
        }
    }

    // ---- the reference model -------------------------------------------------------------------------------

    /** One thread as the model sees it: its true zone stack and the stack the reader has replayed. */
    static final class ThreadModel {
        final List<Integer> root;
        /** The recorder's open entries: zone id, and whether try-with-resources opened it. */
        final List<int[]> stack = new ArrayList<>();
        /** The replayed path, from the thread root: the true stack unless events were dropped. */
        final List<Integer> reader = new ArrayList<>();
        /** Paths of the entries replayed this frame, in order. */
        final List<List<Integer>> entries = new ArrayList<>();
        boolean registered;
        boolean started;
        long last;
        int slots;
        boolean dropping;
        long drops;

        ThreadModel(int rootZone) {
            root = List.of(rootZone);
            reader.add(rootZone);
        }
    }

    static final class Model {
        final ModelReports.Recorded recorded = new ModelReports.Recorded();
        final ThreadModel[] threads = {
            new ThreadModel(Zone.threadRoot(Thread.currentThread().getName()).id()),
            new ThreadModel(Zone.threadRoot(WORKER).id())};
        final int maxStates;
        final int capacity;
        boolean enabled = true;
        Map<List<Integer>, double[]> frame = new HashMap<>();
        long[] problems = new long[ModelReports.PROBLEMS];
        long frameStart;
        /** Threads in the order they first recorded, and those update() has not seen yet. */
        final List<Integer> registration = new ArrayList<>();
        final List<Integer> untracked = new ArrayList<>();
        /** Per path: whether it has its own state (false: it resolved to the overflow state). */
        final Map<List<Integer>, Boolean> states = new HashMap<>();
        int stateCount;

        Model(long start, int maxStates, int capacity) {
            this.maxStates = maxStates;
            this.capacity = capacity;
            frameStart = start;
            // The updating thread's root owns the frame from the profiler's start.
            threads[0].started = true;
            threads[0].last = start;
        }

        /** A zone call reached the profiler: the thread's recorder exists from now on. */
        private void register(int t, long now) {
            ThreadModel th = threads[t];
            if (!th.registered) {
                th.registered = true;
                registration.add(t);
                untracked.add(t);
            }
            if (!th.started) {
                th.started = true;
                th.last = now;
            }
        }

        private void credit(int t, long now) {
            ThreadModel th = threads[t];
            if (!th.started) {
                return;
            }
            long delta = now - th.last;
            if (delta > 0) {
                frame.computeIfAbsent(List.copyOf(th.reader), k -> new double[2])[0] += delta;
            }
            th.last = now;
        }

        /** One event written by thread t, with its stack as it is before the transition: true if it fits. */
        private boolean write(ThreadModel th) {
            if (!th.dropping) {
                if (th.slots < capacity) {
                    th.slots++;
                    return true;
                }
                th.dropping = true;
                th.drops++;
                return false;
            }
            long needed = th.stack.size() + 2L;
            if (capacity - th.slots >= needed) {
                th.slots += (int) needed;
                th.dropping = false;
                return true;
            }
            th.drops++;
            return false;
        }

        void begin(int t, int zone, boolean scope, long now) {
            if (!enabled) {
                return;
            }
            register(t, now);
            credit(t, now);
            ThreadModel th = threads[t];
            boolean seen = write(th);
            th.stack.add(new int[] {zone, scope ? 1 : 0});
            if (seen) {
                th.reader.add(zone);
                List<Integer> path = List.copyOf(th.reader);
                frame.computeIfAbsent(path, k -> new double[2])[1]++;
                th.entries.add(path);
            }
        }

        /** The innermost explicitly begun entry of the zone not behind a scope entry, or -1. */
        private int explicitEntry(ThreadModel th, int zone) {
            for (int i = th.stack.size() - 1; i >= 0; i--) {
                int[] entry = th.stack.get(i);
                if (entry[1] == 1) {
                    return -1;
                }
                if (entry[0] == zone) {
                    return i;
                }
            }
            return -1;
        }

        void end(int t, int zone, long now) {
            register(t, now);
            ThreadModel th = threads[t];
            int found = explicitEntry(th, zone);
            if (found < 0 && !enabled) {
                // The end of a begin skipped while off: nothing to close, and not a mistake.
                return;
            }
            credit(t, now);
            if (found < 0) {
                if (write(th)) {
                    problems[Problem.EXTRA_END.ordinal()]++;
                }
                return;
            }
            closeDownTo(th, found);
        }

        void close(int t, long now) {
            register(t, now);
            credit(t, now);
            ThreadModel th = threads[t];
            int found = -1;
            for (int i = th.stack.size() - 1; i >= 0 && found < 0; i--) {
                if (th.stack.get(i)[1] == 1) {
                    found = i;
                }
            }
            if (found < 0) {
                if (write(th)) {
                    problems[Problem.EXTRA_END.ordinal()]++;
                }
                return;
            }
            closeDownTo(th, found);
        }

        void foreignClose() {
            problems[Problem.FOREIGN_THREAD_CLOSE.ordinal()]++;
        }

        /** Ends entry {@code index}; the entries above it first, each a missing end. */
        private void closeDownTo(ThreadModel th, int index) {
            while (th.stack.size() > index) {
                boolean innerOne = th.stack.size() > index + 1;
                if (write(th)) {
                    th.reader.remove(th.reader.size() - 1);
                    if (innerOne) {
                        problems[Problem.MISSING_END.ordinal()]++;
                    }
                }
                th.stack.remove(th.stack.size() - 1);
            }
        }

        void update(long now, boolean recordedFrame, ProfilerConfig config) {
            ThreadModel main = threads[0];
            register(0, now);
            credit(0, now);
            while (!main.stack.isEmpty()) {
                if (write(main)) {
                    main.reader.remove(main.reader.size() - 1);
                    problems[Problem.OPEN_AT_UPDATE.ordinal()]++;
                }
                main.stack.remove(main.stack.size() - 1);
            }
            for (int t : untracked) {
                resolve(threads[t].root);
            }
            untracked.clear();
            for (int t : registration) {
                ThreadModel th = threads[t];
                for (List<Integer> path : th.entries) {
                    resolve(path);
                }
                th.entries.clear();
                credit(t, now);
                if (th.dropping) {
                    // The reader adopts the true stack at the boundary.
                    th.reader.clear();
                    th.reader.addAll(th.root);
                    for (int[] entry : th.stack) {
                        th.reader.add(entry[0]);
                        resolve(List.copyOf(th.reader));
                    }
                }
                problems[Problem.DROPPED_EVENTS.ordinal()] += th.drops;
                th.drops = 0;
                th.slots = 0;
            }
            Map<List<Integer>, double[]> values = new HashMap<>();
            List<Integer> overflow = List.of(ZoneRegistry.OVERFLOW.id());
            frame.forEach((path, v) -> {
                double[] into = values.computeIfAbsent(states.get(path) ? path : overflow, k -> new double[2]);
                into[0] += v[0];
                into[1] += v[1];
            });
            recorded.endFrame(values, problems, now - frameStart, recordedFrame, config);
            frameStart = now;
            frame = new HashMap<>();
            problems = new long[ModelReports.PROBLEMS];
        }

        /** Resolves a path to its own state or the overflow state, counting each overflow. */
        private void resolve(List<Integer> path) {
            Boolean own = states.get(path);
            if (own == null) {
                boolean parentFits = path.size() == 1 || states.get(path.subList(0, path.size() - 1));
                own = parentFits && stateCount < maxStates - 1;
                if (own) {
                    stateCount++;
                }
                states.put(path, own);
            }
            if (!own) {
                problems[Problem.STATE_LIMIT.ordinal()]++;
            }
        }
    }

    // ---- shrinking ----------------------------------------------------------------------------------------

    private static List<Frame> shrink(List<Frame> program, Limit limit) {
        List<Frame> best = program;
        boolean progress = true;
        while (progress) {
            progress = false;
            for (List<Frame> candidate : smaller(best)) {
                if (check(candidate, limit, new long[ModelReports.PROBLEMS]) != null) {
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
            for (List<Op> main : smallerOps(frame.main)) {
                List<Frame> copy = new ArrayList<>(program);
                copy.set(f, frame.with(main, frame.worker));
                out.add(copy);
            }
            for (List<Op> worker : smallerOps(frame.worker)) {
                List<Frame> copy = new ArrayList<>(program);
                copy.set(f, frame.with(frame.main, worker));
                out.add(copy);
            }
        }
        return out;
    }

    /** Without a run of ops: halves first, so bursts shrink fast, then single ops; clock advances made 1. */
    private static List<List<Op>> smallerOps(List<Op> ops) {
        List<List<Op>> out = new ArrayList<>();
        for (int size = Math.max(1, ops.size() / 2); size >= 1; size /= 2) {
            for (int from = 0; from + size <= ops.size(); from += size) {
                List<Op> without = new ArrayList<>(ops.subList(0, from));
                without.addAll(ops.subList(from + size, ops.size()));
                out.add(without);
            }
            if (size == 1) {
                break;
            }
        }
        for (int i = 0; i < ops.size(); i++) {
            if (ops.get(i).kind == Kind.ADVANCE && ops.get(i).arg > 1) {
                List<Op> copy = new ArrayList<>(ops);
                copy.set(i, new Op(Kind.ADVANCE, 1));
                out.add(copy);
            }
        }
        return out;
    }
}
