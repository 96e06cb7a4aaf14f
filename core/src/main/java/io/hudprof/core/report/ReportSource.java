package io.hudprof.core.report;

import io.hudprof.core.Averaging;
import io.hudprof.core.FrameHistory;
import io.hudprof.core.FrameStates;
import io.hudprof.core.Metric;
import io.hudprof.core.Problem;
import io.hudprof.core.ProfileData;
import io.hudprof.core.ThreadRoster;

/**
 * Chooses the per-state values a report shows: the live frame or one of its averages, or a history frame or a
 * stored {@link StoredFrame} loaded into scratch arrays, plus the frame its heat is compared with (the slow average live, the previous frame in
 * history). A history frame is read into a {@link FrameStates}, as a spike keeps its frame. Between {@link #open} and
 * {@link #close} the arrays are valid; {@code close} undoes exactly what the load wrote, so the scratch arrays stay
 * zero and loading costs only the frame's own entries.
 */
final class ReportSource {
    private static final Problem[] PROBLEMS = Problem.values();

    private final ProfileData data;
    private final FrameHistory history;

    double[] self;
    double[] calls;
    /** The opened values of every thread, also after {@link #restrictToThread}: where worker time is found. */
    double[] allSelf;
    double[] allCalls;
    double frameNanos;
    /** The frame's total in the opened metric (its duration, or its allocated bytes): what percentages are of. */
    double frameTotal;
    long frameNumber;
    /** The values whose change heat shows: the last frame live (whatever averaging is shown), else the shown frame. */
    double[] recentSelf;
    double[] recentCalls;
    /** The values heat compares with, or null when there are none (the oldest held history frame). */
    double[] referenceSelf;
    double[] referenceCalls;
    final long[] problemsInFrame = new long[PROBLEMS.length];
    final long[] problemsTotal = new long[PROBLEMS.length];

    /** A history frame and the one before it, as read for a report. */
    private final FrameStates shown = new FrameStates();
    private final FrameStates shownPrevious = new FrameStates();
    /** The records loaded into the scratch arrays (history's or a spike's), which {@link #close} clears. */
    private FrameStates loaded;
    private FrameStates loadedPrevious;
    private double[] historySelf = new double[64];
    private double[] historyCalls = new double[64];
    private double[] previousSelf = new double[64];
    private double[] previousCalls = new double[64];
    private int[] stateRoot = new int[0];
    private int[] stateEntry = new int[0];
    private double[] threadSelf = new double[0];
    private double[] threadCalls = new double[0];
    private double[] threadRecentSelf = new double[0];
    private double[] threadRecentCalls = new double[0];
    private double[] threadReferenceSelf = new double[0];
    private double[] threadReferenceCalls = new double[0];

    ReportSource(ProfileData data) {
        this.data = data;
        this.history = data.history();
    }

    /**
     * Selects the {@code metric} values of the frame {@code frameOffset} back (0 = live, shown with
     * {@code averaging}).
     *
     * @return false when that frame has nothing to show (no frame recorded, its per-state values not held, or the
     *         metric not recorded); problem counts are filled either way
     */
    boolean open(int frameOffset, Averaging averaging, Metric metric) {
        loadProblems(frameOffset);
        referenceSelf = null;
        referenceCalls = null;
        if (!data.records(metric)) {
            return false;
        }
        if (frameOffset == 0) {
            if (data.recordedFrames() == 0) {
                return false;
            }
            self = data.self(metric, averaging);
            calls = data.calls(averaging);
            allSelf = self;
            allCalls = calls;
            frameNanos = data.frameNanos(averaging);
            frameTotal = data.frameTotal(metric, averaging);
            frameNumber = data.recordedFrames();
            recentSelf = data.self(metric, Averaging.INSTANTANEOUS);
            recentCalls = data.calls(Averaging.INSTANTANEOUS);
            referenceSelf = data.self(metric, Averaging.SLOW);
            referenceCalls = data.calls(Averaging.SLOW);
            return true;
        }
        ensureScratch(data.stateCapacity());
        if (!history.loadStates(frameOffset, shown) || !load(shown, metric)) {
            return false;
        }
        showLoaded(history.frameNanos(frameOffset), history.frameTotal(metric, frameOffset),
                history.frameNumber(frameOffset));
        if (history.loadStates(frameOffset + 1, shownPrevious)) {
            loadPrevious(shownPrevious, metric);
        }
        return true;
    }

    /** Shows the frame loaded into the scratch arrays, which is also what its heat shows. */
    private void showLoaded(double nanos, double total, long number) {
        self = allSelf = recentSelf = historySelf;
        calls = allCalls = recentCalls = historyCalls;
        frameNanos = nanos;
        frameTotal = total;
        frameNumber = number;
    }

    private boolean load(FrameStates states, Metric metric) {
        boolean held = states.load(metric, historySelf, historyCalls);
        loaded = held ? states : null;
        return held;
    }

    private void loadPrevious(FrameStates states, Metric metric) {
        if (states.load(metric, previousSelf, previousCalls)) {
            loadedPrevious = states;
            referenceSelf = previousSelf;
            referenceCalls = previousCalls;
        }
    }

    /**
     * Selects the {@code metric} values of a stored spike, as {@link #open} does a history frame: the same scratch
     * arrays, the spike's frame time and number, heat against the frame before it (when the spike kept it, as
     * history would compare) and the problems counted in its frame; the run's totals are today's.
     *
     * @param frameNumber the frame the spike slot should still hold; a slot refilled since shows nothing
     * @return false when the slot no longer holds that frame or the metric was not recorded for it
     */
    boolean openSpike(StoredFrame spike, long frameNumber, Metric metric) {
        boolean held = spike.frameNumber() == frameNumber;
        for (Problem problem : PROBLEMS) {
            problemsTotal[problem.ordinal()] = data.problemsTotal(problem);
            problemsInFrame[problem.ordinal()] = held ? spike.problems(problem) : 0;
        }
        referenceSelf = null;
        referenceCalls = null;
        if (!data.records(metric) || !held) {
            return false;
        }
        ensureScratch(data.stateCapacity());
        if (!load(spike.states(), metric)) {
            return false;
        }
        showLoaded(spike.frameNanos(), spike.frameTotal(metric), spike.frameNumber());
        if (spike.previousStates() != null) {
            loadPrevious(spike.previousStates(), metric);
        }
        return true;
    }

    /** Fills the problem counts of the frame {@code frameOffset} back (0 = live) and the run's totals. */
    void loadProblems(int frameOffset) {
        for (Problem problem : PROBLEMS) {
            problemsTotal[problem.ordinal()] = data.problemsTotal(problem);
            problemsInFrame[problem.ordinal()] = frameOffset == 0
                    ? data.problemsInLastFrame(problem) : history.problems(frameOffset, problem);
        }
    }

    /**
     * Keeps only the states of one thread (those under the root state of {@code rootZone}) in the opened values:
     * the others read as zero, and the frame's total becomes that thread's own (the sum of its states' values, so
     * percentages are of the thread's frame). Call after a successful {@code open}, before building rows.
     */
    void restrictToThread(int rootZone, Metric metric) {
        int states = data.stateCount();
        ensureThreadScratch(data.stateCapacity());
        for (int s = 0; s < states; s++) {
            int p = data.parent(s);
            stateRoot[s] = p < 0 ? data.zone(s) : stateRoot[p];
        }
        self = restrict(self, threadSelf, states, rootZone);
        calls = restrict(calls, threadCalls, states, rootZone);
        recentSelf = restrict(recentSelf, threadRecentSelf, states, rootZone);
        recentCalls = restrict(recentCalls, threadRecentCalls, states, rootZone);
        if (referenceSelf != null) {
            referenceSelf = restrict(referenceSelf, threadReferenceSelf, states, rootZone);
            referenceCalls = restrict(referenceCalls, threadReferenceCalls, states, rootZone);
        }
        double total = 0;
        for (int s = 0; s < states; s++) {
            total += self[s];
        }
        frameTotal = total;
        if (metric == Metric.TIME) {
            frameNanos = total;
        }
    }

    private double[] restrict(double[] from, double[] to, int states, int rootZone) {
        for (int s = 0; s < states; s++) {
            to[s] = stateRoot[s] == rootZone ? from[s] : 0;
        }
        return to;
    }

    /**
     * Adds each listed thread's busy value (its states' values less its root's: time or bytes inside any zone) and
     * its total in the opened values to {@code busy}/{@code total}, indexed by {@code laneOfRootZone}'s answer.
     * Call after {@code open}, before {@link #restrictToThread}.
     */
    void threadTotals(ThreadRoster roster, double[] busy, double[] total) {
        int states = data.stateCount();
        ensureThreadScratch(data.stateCapacity());
        for (int s = 0; s < states; s++) {
            int p = data.parent(s);
            int entry = p < 0 ? roster.indexOf(data.zone(s)) : stateEntry[p];
            stateEntry[s] = entry;
            if (entry >= 0 && entry < busy.length) {
                total[entry] += self[s];
                if (p >= 0) {
                    busy[entry] += self[s];
                }
            }
        }
    }

    private void ensureThreadScratch(int states) {
        if (stateRoot.length < states) {
            stateRoot = new int[states];
            stateEntry = new int[states];
            threadSelf = new double[states];
            threadCalls = new double[states];
            threadRecentSelf = new double[states];
            threadRecentCalls = new double[states];
            threadReferenceSelf = new double[states];
            threadReferenceCalls = new double[states];
        }
    }

    /** Gives back the scratch arrays a history frame or spike was loaded into. */
    void close() {
        if (loaded != null) {
            loaded.clear(historySelf, historyCalls);
            loaded = null;
        }
        if (loadedPrevious != null) {
            loadedPrevious.clear(previousSelf, previousCalls);
            loadedPrevious = null;
        }
    }

    private void ensureScratch(int states) {
        if (historySelf.length < states) {
            historySelf = new double[states];
            historyCalls = new double[states];
            previousSelf = new double[states];
            previousCalls = new double[states];
        }
    }
}
