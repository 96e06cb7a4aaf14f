package io.hudprof.core.report;

import io.hudprof.core.Averaging;
import io.hudprof.core.FrameHistory;
import io.hudprof.core.Metric;
import io.hudprof.core.Problem;
import io.hudprof.core.ProfileData;
import io.hudprof.core.spike.Spike;

/**
 * Chooses the per-state values a report shows: the live frame or one of its averages, or a history frame or a
 * stored {@link Spike} loaded into scratch arrays, plus the frame its heat is compared with (the slow average live, the previous frame in
 * history). Between {@link #open} and {@link #close} the arrays are valid; {@code close} undoes exactly what the
 * history load wrote, so the scratch arrays stay zero and loading costs only the frame's own entries.
 */
final class ReportSource {
    private static final Problem[] PROBLEMS = Problem.values();

    private final ProfileData data;
    private final FrameHistory history;

    double[] self;
    double[] calls;
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

    private int loadedOffset = -1;
    private int loadedReferenceOffset = -1;
    private Spike loadedSpike;
    private boolean previousFromSpike;
    private double[] historySelf = new double[64];
    private double[] historyCalls = new double[64];
    private double[] previousSelf = new double[64];
    private double[] previousCalls = new double[64];

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
            frameNanos = data.frameNanos(averaging);
            frameTotal = data.frameTotal(metric, averaging);
            frameNumber = data.recordedFrames();
            recentSelf = data.self(metric, Averaging.INSTANTANEOUS);
            recentCalls = data.calls(Averaging.INSTANTANEOUS);
            referenceSelf = data.self(metric, Averaging.SLOW);
            referenceCalls = data.calls(Averaging.SLOW);
            return true;
        }
        if (!data.historyHasStates(frameOffset)) {
            return false;
        }
        ensureScratch(data.stateCapacity());
        data.loadHistoryStates(frameOffset, metric, historySelf, historyCalls);
        loadedOffset = frameOffset;
        self = historySelf;
        calls = historyCalls;
        frameNanos = history.frameNanos(frameOffset);
        frameTotal = history.frameTotal(metric, frameOffset);
        frameNumber = history.frameNumber(frameOffset);
        recentSelf = self;
        recentCalls = calls;
        if (data.historyHasStates(frameOffset + 1)) {
            data.loadHistoryStates(frameOffset + 1, metric, previousSelf, previousCalls);
            loadedReferenceOffset = frameOffset + 1;
            referenceSelf = previousSelf;
            referenceCalls = previousCalls;
        }
        return true;
    }

    /**
     * Selects the {@code metric} values of a stored spike, as {@link #open} does a history frame: the same scratch
     * arrays, the spike's frame time and number, heat against the frame before it (when the spike kept it, as
     * history would compare) and the problems counted in its frame; the run's totals are today's.
     *
     * @param frameNumber the frame the spike slot should still hold; a slot refilled since shows nothing
     * @return false when the slot no longer holds that frame or the metric was not recorded for it
     */
    boolean openSpike(Spike spike, long frameNumber, Metric metric) {
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
        if (!spike.loadStates(metric, historySelf, historyCalls)) {
            return false;
        }
        loadedSpike = spike;
        self = historySelf;
        calls = historyCalls;
        frameNanos = spike.frameNanos();
        frameTotal = spike.frameTotal(metric);
        this.frameNumber = spike.frameNumber();
        recentSelf = self;
        recentCalls = calls;
        if (spike.loadPreviousStates(metric, previousSelf, previousCalls)) {
            previousFromSpike = true;
            referenceSelf = previousSelf;
            referenceCalls = previousCalls;
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

    /** Gives back the scratch arrays a history frame was loaded into. */
    void close() {
        if (loadedSpike != null) {
            loadedSpike.clearStates(historySelf, historyCalls);
            if (previousFromSpike) {
                loadedSpike.clearPreviousStates(previousSelf, previousCalls);
                previousFromSpike = false;
            }
            loadedSpike = null;
        }
        if (loadedOffset >= 0) {
            data.clearHistoryStates(loadedOffset, historySelf, historyCalls);
            loadedOffset = -1;
        }
        if (loadedReferenceOffset >= 0) {
            data.clearHistoryStates(loadedReferenceOffset, previousSelf, previousCalls);
            loadedReferenceOffset = -1;
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
