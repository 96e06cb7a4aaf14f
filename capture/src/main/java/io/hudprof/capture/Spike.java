package io.hudprof.capture;

import io.hudprof.core.FrameStates;
import io.hudprof.core.Metric;
import io.hudprof.core.Problem;
import io.hudprof.core.ThreadTimeline;
import io.hudprof.core.TimelineFrame;
import io.hudprof.core.Zone;
import io.hudprof.core.report.Column;
import io.hudprof.core.report.StoredFrame;
import io.hudprof.stats.Stat;
import io.hudprof.stats.StatSlots;
import io.hudprof.stats.StatSnapshot;
import io.hudprof.stats.Stats;
import java.util.Arrays;
import java.util.Locale;

/**
 * One captured spike frame with its full data, kept by {@link SpikeCapture} after the history ring has moved on:
 * the frame's number, time and place on the clock, the rule that matched, every zone-stack state's self time and
 * entry count, the zone that grew most against the slow average, with allocation per zone on also every state's self
 * allocated bytes and the zone whose allocation grew most, the previous frame's per-state values (what heat compares
 * with, when history held them), the problems counted in the frame, the statistics report's values as of the frame
 * (when statistics are attached), each thread's timeline events of the frame (when timelines are kept) and notes
 * (GC pauses and other JVM events that overlapped it, added when they arrive).
 *
 * <p>A slot: {@link SpikeCapture} owns a fixed set and refills them; the arrays grow on a spike (never per frame) up
 * to the profiler's state and timeline bounds. Read it on the thread that calls {@code update()}.
 */
public final class Spike implements StoredFrame {
    /** Notes kept per spike; later ones are counted in {@link #droppedNotes()}. */
    public static final int MAX_NOTES = 8;

    long frameNumber = -1;
    long frameNanos;
    long startNanos;
    long endNanos;
    SpikeRule.Trigger trigger;
    String thread;
    long value;
    double baseline;
    /** Per {@link Metric} (by ordinal): the zone that grew most against its slow average, or -1, and by how much. */
    final int[] grewZone = new int[Metric.values().length];
    final double[] grewBy = new double[Metric.values().length];
    /** The zone whose self time grew most and by how much, before the blame rule ({@code SpikeCapture.blame}). */
    int topZone = -1;
    double topGrew;
    /**
     * JVM pauses that overlapped the frame, clipped to it (ns): GC pauses and safepoints summed apart (a collection
     * is also a safepoint, so the larger sum counts, not both), the longest pause's note, and whether the spike is
     * blamed on the pause rather than on a zone.
     */
    long gcPauseNanos;
    long safepointNanos;
    long longestPauseNanos;
    String pauseNote;
    boolean blamesPause;
    double frameBytes;
    /** GPU values: still to come (they arrive frames after the CPU values), and the frame's GPU time or -1. */
    boolean gpuPending;
    long gpuFrameNanos = -1;

    /** The frame's own per-state values. */
    final FrameStates frame = new FrameStates();
    /** The recorded frame before it (what heat compares with), when history held its states. */
    final FrameStates previous = new FrameStates();
    boolean hasPrevious;
    /** Problems counted in the frame, by {@link Problem} ordinal. */
    final long[] problems = new long[Problem.values().length];

    /**
     * The statistics of the frame, kept raw: how many there were (ids {@code 0 .. statCount-1}; 0 when none were
     * attached), each one's frame value, and every cell as merged at the frame's end. A capture copies two arrays;
     * the run's values (run, min, max, count) are worked out from the cells when the spike is read.
     */
    int statCount;
    double[] statFrame = new double[0];
    final StatSnapshot statCells = new StatSnapshot();

    Spike() {
        Arrays.fill(grewZone, -1);
    }

    /**
     * The frame's timeline (lanes and bars) when the profiler's timeline store held it at capture: the spike's one
     * copy of its frame's zones, which its threads' events are also read from ({@link #forEachEvent}). Kept raw (the
     * frame's events); its bars are built on the first read, never inside the {@code update()} that keeps the spike.
     */
    final TimelineFrame timeline = new TimelineFrame();
    boolean hasTimeline;

    final String[] notes = new String[MAX_NOTES];
    int noteCount;
    int droppedNotes;

    /** The recorded-frame number, or -1 for an empty slot. */
    @Override
    public long frameNumber() {
        return frameNumber;
    }

    /** The frame's duration (ns). */
    @Override
    public long frameNanos() {
        return frameNanos;
    }

    /** The frame's start on the profiler's clock. */
    public long startNanos() {
        return startNanos;
    }

    /** The frame's end on the profiler's clock. */
    public long endNanos() {
        return endNanos;
    }

    /** The condition that matched. */
    public SpikeRule.Trigger trigger() {
        return trigger;
    }

    /** The thread whose time matched, or null when the rule watched the frame time. */
    public String thread() {
        return thread;
    }

    /** The watched value that matched (ns): the frame time or the thread's time inside zones. */
    public long value() {
        return value;
    }

    /** The watched value's moving average before this frame (ns), NaN when there was none. */
    public double baseline() {
        return baseline;
    }

    /**
     * The zone blamed for the spike: the one whose self time grew most against the slow average before this frame,
     * or -1: none grew, or the most any grew is under a quarter of the frame's rise over its average once the JVM
     * pauses inside the frame are taken off it (nothing is blamed for a spike it explains little of, nor for time
     * the JVM stopped the thread), or the frame rose less than a tenth over its average, or the spike is blamed on a
     * {@linkplain #blamesPause() pause}.
     */
    public int grewZone() {
        return grewZone(Metric.TIME);
    }

    /** How much that zone's self time grew (ns). */
    public double grewNanos() {
        return grew(Metric.TIME);
    }

    /**
     * Whether the spike is blamed on a JVM pause (a GC pause or safepoint noted in the frame) instead of a zone: the
     * pause explains at least a quarter of the frame's rise over its average and at least as much as the most any
     * zone grew beyond the pause (the pause lands inside some zone, which grows by it, so no zone is named for it).
     * {@link #pauseNote()} names the pause. May turn true after the spike was caught, when the pause's note arrives
     * late (a JFR safepoint, about a second).
     */
    public boolean blamesPause() {
        return blamesPause;
    }

    /** JVM pause time inside the frame (ns, clipped to the frame), from its GC and safepoint notes; 0 when none. */
    public long pauseNanos() {
        return Math.max(gcPauseNanos, safepointNanos);
    }

    /** The longest pause's note that overlapped the frame ({@code G1 Young Generation pause 36.2 ms (...)}), or null. */
    public String pauseNote() {
        return pauseNote;
    }

    /**
     * What the spike is blamed on, as the spike list and the demo say it: {@code hudprof:update +0.4 ms}, {@code JVM pause
     * 36.2 ms: G1 Young Generation pause 36.2 ms (G1 Evacuation Pause)}, or null when nothing is. Allocates: for
     * exports and printing, not for the HUD's frame loop.
     */
    public String blameText() {
        if (blamesPause) {
            return String.format(Locale.ROOT, "JVM pause %.1f ms: %s", pauseNanos() / 1e6, pauseNote);
        }
        int zone = grewZone();
        if (zone < 0) {
            return null;
        }
        Zone z = Zone.byId(zone);
        return String.format(Locale.ROOT, "%s +%.1f ms", z == null ? "?" : z.name(), grewNanos() / 1e6);
    }

    /**
     * The zone whose self value of {@code metric} (time, or allocated bytes) grew most against its slow average
     * before this frame, or -1 (also when the metric was not recorded).
     */
    public int grewZone(Metric metric) {
        return grewZone[metric.ordinal()];
    }

    /** How much that zone's self value grew, in the metric's unit (ns or bytes); 0 when no zone grew. */
    public double grew(Metric metric) {
        return grewBy[metric.ordinal()];
    }

    /** Whether allocated bytes were recorded for this frame (allocation per zone on and available). */
    public boolean hasBytes() {
        return frame.hasBytes();
    }

    /** Bytes all recorded threads allocated in the frame; 0 when not {@linkplain #hasBytes() recorded}. */
    public double frameBytes() {
        return frameBytes;
    }

    /**
     * The frame's per-state values (states of {@link io.hudprof.core.ProfileData}): self time, entry count and, when
     * {@linkplain #hasBytes() recorded}, self allocated bytes. Read only.
     */
    @Override
    public FrameStates states() {
        return frame;
    }

    /**
     * The GPU time of the spike's own frame (time inside its outermost GPU zones), or -1 while its GPU results have
     * not arrived or when they never did (no GPU timer, or the frame's results were dropped or came too late).
     * Its GPU zones' values join the spike's states when they arrive.
     */
    @Override
    public long gpuFrameNanos() {
        return gpuFrameNanos;
    }

    /** True while the spike waits for its own frame's GPU results (they arrive a few frames late). */
    public boolean gpuPending() {
        return gpuPending;
    }

    /**
     * Whether the spike kept the recorded frame before it (history held its per-state values when the spike was
     * caught): what a report's heat compares the spike with, as it does for a frame in history.
     */
    public boolean hasPreviousFrame() {
        return hasPrevious;
    }

    /** The recorded frame before it, as {@link #states()}; null when not {@linkplain #hasPreviousFrame() kept}. */
    @Override
    public FrameStates previousStates() {
        return hasPrevious ? previous : null;
    }

    /** How many times {@code problem} was counted in the spike's frame. */
    @Override
    public long problems(Problem problem) {
        return problems[problem.ordinal()];
    }

    /** Number of statistics rows kept (0 when no statistics were attached, or none had a value). */
    @Override
    public int statisticCount() {
        return statCount;
    }

    /**
     * A statistics row's value in the spike's frame as the {@link io.hudprof.core.report.ReportMode#STATISTICS}
     * report showed it then, by the row's {@linkplain io.hudprof.core.report.ValueTable#key key} (a statistic's id):
     * {@link Column#FRAME} the frame's value, {@link Column#RUN}, {@link Column#MIN}, {@link Column#MAX} and
     * {@link Column#COUNT} the run's up to that frame. NaN when the row or the column was not kept.
     */
    @Override
    public double statistic(int key, Column column) {
        if (key < 0 || key >= statCount) {
            return Double.NaN;
        }
        Stat stat = Stats.byId(key);
        return switch (column) {
            case FRAME -> statFrame[key];
            case RUN -> stat.runValue(statCells);
            case MIN -> stat.runMin(statCells);
            case MAX -> stat.runMax(statCells);
            case COUNT -> stat.runCount(statCells);
            default -> Double.NaN;
        };
    }

    /** Grows the statistics' copies to {@code stats} statistics and {@code cells} cells; what they hold is kept. */
    void ensureStatistics(int stats, int cells) {
        if (statFrame.length < stats) {
            statFrame = Arrays.copyOf(statFrame, stats);
        }
        StatSlots.reserve(statCells, cells);
    }

    /** The frame's total in {@code metric}: its duration (ns) or the bytes allocated in it (0 when not recorded). */
    @Override
    public double frameTotal(Metric metric) {
        return metric == Metric.TIME ? frameNanos : frameBytes;
    }

    /** Threads whose timeline events were kept (0 when the profiler keeps no timeline). */
    public int timelineThreads() {
        return hasTimeline ? timeline.threadLaneCount() : 0;
    }

    /** The t-th kept thread's name. */
    public String timelineThreadName(int t) {
        return timeline.laneName(checkThread(t));
    }

    /**
     * Replays the t-th kept thread's events of the frame, oldest first: read from its lane's bars (a bar cut at the
     * frame's start had its begin before the frame, one cut at its end has its end after it), so the spike keeps
     * its frame once.
     */
    public void forEachEvent(int t, ThreadTimeline.EventVisitor visitor) {
        int first = timeline.laneFirstBar(checkThread(t));
        int end = first + timeline.laneBarCount(t);
        int open = -1; // the innermost open bar; its parents are the rest of the stack
        for (int b = first; b < end; b++) {
            int depth = timeline.barDepth(b);
            while (open >= 0 && timeline.barDepth(open) >= depth) {
                open = close(open, visitor);
            }
            if (!timeline.barCutAtStart(b)) {
                visitor.event(timeline.barZone(b), true, timeline.barStart(b));
            }
            open = b;
        }
        while (open >= 0) {
            open = close(open, visitor);
        }
    }

    /** The end event of bar {@code b} (none when it ran past the frame); returns its parent. */
    private int close(int b, ThreadTimeline.EventVisitor visitor) {
        if (!timeline.barCutAtEnd(b)) {
            visitor.event(timeline.barZone(b), false, timeline.barEnd(b));
        }
        return timeline.barParent(b);
    }

    private int checkThread(int t) {
        if (t < 0 || t >= timelineThreads()) {
            throw new IndexOutOfBoundsException("thread " + t + " of " + timelineThreads());
        }
        return t;
    }

    /**
     * The frame's timeline as the timeline view draws it (a lane per thread, bars with nesting), copied when the
     * spike was caught (its events; the bars are built on the first read of them, on the reading thread), or null when the profiler kept no timeline of it. It stays after the profiler's timeline
     * store moved on, so a stored spike's timeline can still be shown.
     */
    @Override
    public TimelineFrame timeline() {
        return hasTimeline ? timeline : null;
    }

    /** Number of notes (at most {@link #MAX_NOTES}). */
    @Override
    public int noteCount() {
        return noteCount;
    }

    /** The i-th note's text, e.g. {@code G1 Young Generation pause 11.2 ms (G1 Evacuation Pause)}. */
    @Override
    public String note(int i) {
        return notes[i];
    }

    /** Notes beyond {@link #MAX_NOTES}, not kept. */
    public int droppedNotes() {
        return droppedNotes;
    }

    void addNote(String text) {
        if (noteCount < MAX_NOTES) {
            notes[noteCount++] = text;
        } else {
            droppedNotes++;
        }
    }

    /**
     * The sum of every growable array's length: arrays only ever grow, so a fill that changes this grew one (how
     * {@link SpikeCapture} counts growth inside update()).
     */
    long capacityTotal() {
        return frame.capacity() + previous.capacity() + statFrame.length + StatSlots.capacity(statCells)
                + timeline.laneCapacity() + timeline.eventCapacity();
    }

    /** True when this slot takes a spike of {@code room}'s sizes without growing any array. */
    boolean fits(SpikeRoom room) {
        return frame.capacity() >= room.states && previous.capacity() >= room.states
                && statFrame.length >= room.statRows && StatSlots.capacity(statCells) >= room.statCells
                && timeline.laneCapacity() >= room.lanes
                && timeline.eventCapacity() >= room.events;
    }

    /**
     * Grows every array to {@code room}'s sizes ({@link SpareSpikes}' grower does this to a spare slot no other thread
     * touches meanwhile); the contents are kept.
     */
    void reserve(SpikeRoom room) {
        frame.ensureCapacity(room.states);
        previous.ensureCapacity(room.states);
        ensureStatistics(room.statRows, room.statCells);
        timeline.reserveStored(room.lanes, room.events);
    }

    /**
     * Makes this slot a copy of {@code other}, reusing its own arrays where they are big enough, and growing each at
     * most once where they are not (this runs inside the update() that keeps the spike).
     */
    void copyFrom(Spike other) {
        frameNumber = other.frameNumber;
        frameNanos = other.frameNanos;
        startNanos = other.startNanos;
        endNanos = other.endNanos;
        trigger = other.trigger;
        thread = other.thread;
        value = other.value;
        baseline = other.baseline;
        System.arraycopy(other.grewZone, 0, grewZone, 0, grewZone.length);
        System.arraycopy(other.grewBy, 0, grewBy, 0, grewBy.length);
        topZone = other.topZone;
        topGrew = other.topGrew;
        gcPauseNanos = other.gcPauseNanos;
        safepointNanos = other.safepointNanos;
        longestPauseNanos = other.longestPauseNanos;
        pauseNote = other.pauseNote;
        blamesPause = other.blamesPause;
        frameBytes = other.frameBytes;
        gpuPending = other.gpuPending;
        gpuFrameNanos = other.gpuFrameNanos;
        frame.copyFrom(other.frame);
        previous.copyFrom(other.previous);
        hasPrevious = other.hasPrevious;
        System.arraycopy(other.problems, 0, problems, 0, problems.length);
        ensureStatistics(other.statCount, StatSlots.slotCount(other.statCells));
        statCount = other.statCount;
        System.arraycopy(other.statFrame, 0, statFrame, 0, statCount);
        statCells.copyFrom(other.statCells);
        hasTimeline = other.hasTimeline;
        if (hasTimeline) {
            timeline.copyFrom(other.timeline);
        }
        noteCount = other.noteCount;
        droppedNotes = other.droppedNotes;
        System.arraycopy(other.notes, 0, notes, 0, MAX_NOTES);
    }
}
