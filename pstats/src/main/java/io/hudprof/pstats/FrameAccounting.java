package io.hudprof.pstats;

import java.util.Arrays;

/**
 * PStats' server-side rule for turning one frame's start/stop events into per-collector times (protocol note §4,
 * {@code PStatView}'s frame sample): at every instant the wall time goes to the innermost running collector only;
 * a collector started while it runs counts its nesting and only the outermost pair counts time; a stop without a
 * start counts from the frame's first timestamp; whatever still runs ends at the frame's last timestamp; events
 * of undefined collectors are ignored. A collector's {@linkplain #net net} time adds its static children's.
 *
 * <p>Also the level rule (§3.5): a reported level is a collector's total; a collector without its own value shows
 * the sum of its children.
 *
 * <p>Reusable; arrays grow to the largest collector index seen. Not thread-safe.
 */
public final class FrameAccounting {
    private double[] alone = new double[64];
    private long[] count = new long[64];
    private int[] started = new int[64];
    private boolean[] pushed = new boolean[64];
    private boolean[] timed = new boolean[64];
    private int[] stack = new int[64];
    private int depth;
    private double[] level = new double[64];
    private boolean[] hasLevel = new boolean[64];
    private int size;
    private double start;
    private double end;
    private int ignoredEvents;

    /** Accounts one frame's events and levels against the client's definitions. */
    public FrameAccounting account(FrameData frame, CollectorTable collectors) {
        ensure(collectors.size());
        size = collectors.size();
        Arrays.fill(alone, 0, size, 0);
        Arrays.fill(count, 0, size, 0);
        Arrays.fill(started, 0, size, 0);
        Arrays.fill(pushed, 0, size, false);
        Arrays.fill(timed, 0, size, false);
        Arrays.fill(level, 0, size, 0);
        Arrays.fill(hasLevel, 0, size, false);
        depth = 0;
        ignoredEvents = 0;
        int n = frame.eventCount();
        start = n > 0 ? frame.eventTime(0) : 0;
        end = n > 0 ? frame.eventTime(n - 1) : 0;
        for (int i = 0; i < n; i++) {
            int c = frame.eventCollector(i);
            if (!collectors.isDefined(c)) {
                ignoredEvents++;
                continue;
            }
            double t = frame.eventTime(i);
            timed[c] = true;
            if (frame.eventIsStart(i)) {
                start(c, t);
            } else {
                if (started[c] == 0) {
                    start(c, start);
                }
                stop(c, t);
            }
        }
        while (depth > 0) {
            int c = stack[depth - 1];
            started[c] = 1;
            stop(c, end);
        }
        for (int i = 0; i < frame.levelCount(); i++) {
            int c = frame.levelCollector(i);
            if (collectors.isDefined(c)) {
                level[c] = frame.levelValue(i);
                hasLevel[c] = true;
            }
        }
        return this;
    }

    private void start(int c, double t) {
        started[c]++;
        count[c]++;
        if (started[c] == 1) {
            alone[c] -= t;
            for (int k = 0; k < depth; k++) {
                int s = stack[k];
                if (!pushed[s]) {
                    pushed[s] = true;
                    alone[s] += t;
                }
            }
            stack[depth++] = c;
        }
    }

    private void stop(int c, double t) {
        started[c]--;
        if (started[c] != 0) {
            return;
        }
        if (pushed[c]) {
            remove(c);
            pushed[c] = false;
            return;
        }
        alone[c] += t;
        remove(c);
        for (int k = depth - 1; k >= 0; k--) {
            int s = stack[k];
            if (pushed[s]) {
                pushed[s] = false;
                alone[s] -= t;
                break;
            }
        }
    }

    private void remove(int c) {
        for (int k = depth - 1; k >= 0; k--) {
            if (stack[k] == c) {
                System.arraycopy(stack, k + 1, stack, k, depth - k - 1);
                depth--;
                return;
            }
        }
    }

    private void ensure(int n) {
        if (n > alone.length) {
            int m = Math.max(n, alone.length * 2);
            alone = Arrays.copyOf(alone, m);
            count = Arrays.copyOf(count, m);
            started = Arrays.copyOf(started, m);
            pushed = Arrays.copyOf(pushed, m);
            timed = Arrays.copyOf(timed, m);
            stack = Arrays.copyOf(stack, m);
            level = Arrays.copyOf(level, m);
            hasLevel = Arrays.copyOf(hasLevel, m);
        }
    }

    /** The frame's first event time, in the client's seconds. */
    public double startSeconds() {
        return start;
    }

    /** The frame's last event time. */
    public double endSeconds() {
        return end;
    }

    /** Events skipped because their collector was not defined (yet). */
    public int ignoredEvents() {
        return ignoredEvents;
    }

    /** Seconds the collector itself was the innermost running one. */
    public double alone(int c) {
        return c >= 0 && c < size ? alone[c] : 0;
    }

    /** How often the collector was started in this frame (nested starts included). */
    public long count(int c) {
        return c >= 0 && c < size ? count[c] : 0;
    }

    /** Whether the collector had events in this frame. */
    public boolean timed(int c) {
        return c >= 0 && c < size && timed[c];
    }

    /** Whether the collector reported its own level value in this frame. */
    public boolean hasOwnLevel(int c) {
        return c >= 0 && c < size && hasLevel[c];
    }

    /**
     * Fills {@code dest[c]} with the seconds credited to each collector and its static descendants: {@link #alone}
     * plus the children's net, added in display order so sums round as the server's do. Iterative, so a deep
     * hostile tree cannot overflow the stack.
     */
    public void net(StaticTree tree, double[] dest) {
        for (int k = tree.orderSize() - 1; k >= 0; k--) {
            int c = tree.order(k);
            double v = alone(c);
            for (int i = 0, n = tree.childCount(c); i < n; i++) {
                v += dest[tree.child(c, i)];
            }
            dest[c] = v;
        }
    }

    /** Fills {@code dest[c]} with each level collector's shown value: its own, or the sum of its children's. */
    public void levels(StaticTree tree, double[] dest) {
        for (int k = tree.orderSize() - 1; k >= 0; k--) {
            int c = tree.order(k);
            double v;
            if (hasOwnLevel(c)) {
                v = level[c];
            } else {
                v = 0;
                for (int i = 0, n = tree.childCount(c); i < n; i++) {
                    v += dest[tree.child(c, i)];
                }
            }
            dest[c] = v;
        }
    }

}
