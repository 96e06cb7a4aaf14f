package io.hudprof.pstats;

import java.io.PrintStream;
import java.util.Arrays;

/**
 * The viewer's {@code --text} output: per frame and thread, the collectors' times in milliseconds as an indented
 * tree (each including its static children), then the level collectors in their units, in the layout of Panda's
 * {@code text-stats} (with {@code raw}, also the start/stop events as {@code text-stats -r} prints them). For
 * terminals, logs and CI.
 *
 * <p>A frame is printed when the next frame of the same thread arrives, or when the session closes: definitions
 * travel over TCP while frames may come over UDP, and a client sends new definitions right after the frame that
 * first uses them, so waiting one frame shows what the client meant. The frame rate in the header is this frame's
 * own (text-stats prints a moving average there).
 *
 * <p>Used by one session's feeding thread; printing takes the stream's lock per frame so sessions do not
 * interleave lines.
 */
public final class TextStatsPrinter implements SessionListener {
    private final PrintStream out;
    private final boolean raw;
    private final FrameAccounting accounting = new FrameAccounting();
    private final StaticTree tree = new StaticTree();
    private ThreadState[] threads = new ThreadState[1];
    private double[] net = new double[0];
    private double[] levels = new double[0];
    private int[] walk = new int[0];
    private int[] walkDepth = new int[0];

    private static final class ThreadState {
        final FrameData pending = new FrameData();
        boolean hasPending;
        boolean[] timedEver = new boolean[0];
        boolean[] levelEver = new boolean[0];
    }

    /** @param raw also print each frame's raw events, like {@code text-stats -r} */
    public TextStatsPrinter(PrintStream out, boolean raw) {
        this.out = out;
        this.raw = raw;
    }

    @Override
    public void frame(PStatsSession session, FrameData frame) {
        int t = frame.threadIndex();
        if (t >= threads.length) {
            threads = Arrays.copyOf(threads, Math.max(t + 1, threads.length * 2));
        }
        if (threads[t] == null) {
            threads[t] = new ThreadState();
        }
        ThreadState state = threads[t];
        if (state.hasPending) {
            print(session, state);
        }
        state.pending.copyFrom(frame);
        state.hasPending = true;
    }

    @Override
    public void closed(PStatsSession session, String reason) {
        flush(session);
    }

    /** Prints every frame still waiting for its successor. */
    public void flush(PStatsSession session) {
        for (ThreadState state : threads) {
            if (state != null && state.hasPending) {
                print(session, state);
            }
        }
    }

    private void print(PStatsSession session, ThreadState state) {
        state.hasPending = false;
        FrameData frame = state.pending;
        CollectorTable table = session.collectors();
        int n = table.size();
        tree.update(table);
        accounting.account(frame, table);
        if (net.length < n) {
            net = new double[n];
            levels = new double[n];
            walk = new int[n];
            walkDepth = new int[n];
        }
        if (state.timedEver.length < n) {
            state.timedEver = Arrays.copyOf(state.timedEver, n);
            state.levelEver = Arrays.copyOf(state.levelEver, n);
        }
        for (int c = 0; c < n; c++) {
            if (accounting.timed(c)) {
                markWithAncestors(table, state.timedEver, c);
            }
            if (accounting.hasOwnLevel(c)) {
                markWithAncestors(table, state.levelEver, c);
            }
        }
        accounting.net(tree, net);
        accounting.levels(tree, levels);
        StringBuilder sb = new StringBuilder(1024);
        double frameMs = (accounting.endSeconds() - accounting.startSeconds()) * 1000.0;
        sb.append("Thread ").append(session.threadName(frame.threadIndex())).append(" frame ")
                .append(frame.frameNumber()).append(", ").append(CNumbers.g6(frameMs)).append(" ms (")
                .append(CNumbers.g6(frameMs > 0 ? 1000.0 / frameMs : 0)).append(" Hz):\n");
        if (raw) {
            sb.append("raw data:\n");
            for (int i = 0; i < frame.eventCount(); i++) {
                sb.append(CNumbers.fixed15(frame.eventTime(i))).append(frame.eventIsStart(i) ? " start " : " stop  ")
                        .append(table.fullName(frame.eventCollector(i))).append('\n');
            }
        }
        printTree(sb, table, 0, state.timedEver, net, true);
        // Then each top-level collector that carries levels, in index order as text-stats lists them.
        for (int c = 1; c < n; c++) {
            if (table.parent(c) == 0 && c < state.levelEver.length && state.levelEver[c]) {
                printTree(sb, table, c, state.levelEver, levels, false);
            }
        }
        synchronized (out) {
            out.print(sb);
        }
    }

    /**
     * Depth-first, children in display order, without recursion (a hostile tree may be deep). The time tree
     * starts below "Frame" and prints milliseconds; a level tree starts at its top collector and prints units.
     */
    private void printTree(StringBuilder sb, CollectorTable table, int root, boolean[] shown, double[] values,
            boolean time) {
        int top = 0;
        if (time) {
            for (int i = tree.childCount(root) - 1; i >= 0; i--) {
                walk[top] = tree.child(root, i);
                walkDepth[top++] = 1;
            }
        } else {
            walk[top] = root;
            walkDepth[top++] = 1;
        }
        while (top > 0) {
            int c = walk[--top];
            int depth = walkDepth[top];
            if (c >= shown.length || !shown[c]) {
                continue;
            }
            CollectorDef def = table.def(c);
            sb.append("  ".repeat(depth)).append(def.name()).append(" = ").append(CNumbers.g6(time ? values[c] * 1000.0 : values[c]));
            sb.append(time ? " ms" : " " + def.levelUnits()).append('\n');
            for (int i = tree.childCount(c) - 1; i >= 0; i--) {
                walk[top] = tree.child(c, i);
                walkDepth[top++] = depth + 1;
            }
        }
    }

    private static void markWithAncestors(CollectorTable table, boolean[] marks, int c) {
        for (int x = c, steps = 0; x > 0 && steps <= marks.length && !marks[x]; x = table.parent(x), steps++) {
            marks[x] = true;
        }
    }
}
