package io.hudprof.core.report;

import io.hudprof.core.Averaging;
import io.hudprof.core.Metric;
import io.hudprof.core.Problem;

/**
 * The report model: title fields, the columns to show, and rows, one of which may carry the cursor. It is the
 * single contract between hudprof's numbers and every way of showing them (HUD, plain text, export).
 *
 * <p>A report is a reusable container: {@link ReportController#build(Report)} refills it in place without
 * allocating once its row pool has grown to the largest report seen. Read it on the thread that built it.
 */
public final class Report {
    private static final Problem[] PROBLEMS = Problem.values();

    private ReportMode mode = ReportMode.SELF_TIME;
    private Averaging averaging = Averaging.INSTANTANEOUS;
    private Metric metric = Metric.TIME;
    private String metricUnavailable;
    private double frameTotal;
    private int frameOffset;
    private boolean paused;
    private boolean frameAvailable;
    private boolean storedSpike;
    private long spikeFrameNumber;
    /** JVM events pinned to the shown frame (GC pauses, safepoints, compilations), as text. */
    private final String[] notes = new String[MAX_NOTES];
    private int noteCount;
    private int notesLeftOut;

    /** Notes a report holds; more are counted in {@link #notesLeftOut()}. */
    public static final int MAX_NOTES = 8;
    private long frameNumber;
    private double frameNanos;
    private long gpuFrameNanos = -1;
    private int gpuFramesLate = -1;
    private String gpuUnavailable;
    private RecursionDisplay recursion = RecursionDisplay.COLLAPSED;
    private String focusName;
    private final long[] problemsInFrame = new long[PROBLEMS.length];
    private final long[] problemsTotal = new long[PROBLEMS.length];
    private Column[] columns = new Column[0];
    private Distribution distribution = Distribution.OFF;
    private int distributionFrames;
    private ReportRow[] rows = new ReportRow[0];
    private int rowCount;
    private int cursor = -1;
    private int shownThread = -1;
    private int threadCount;
    private String[] threadNames = new String[8];
    private int[] threadRoots = new int[8];
    private double[] threadBusy = new double[8];
    private double[] threadTotal = new double[8];
    private boolean[] threadEnded = new boolean[8];
    private boolean[] threadDiedInZone = new boolean[8];

    /** Creates an empty report; fill it with {@link ReportController#build(Report)}. */
    public Report() {
    }

    /** The report mode the rows follow. */
    public ReportMode mode() {
        return mode;
    }

    /**
     * What the zone rows' self and hierarchical values measure: time, or allocated bytes. Statistics reports are
     * always {@link Metric#TIME}.
     */
    public Metric metric() {
        return metric;
    }

    /**
     * {@code null} when the report's metric is recorded; else why not ("allocation per zone unavailable: ...") and
     * the report has no rows ({@link #frameAvailable()} is false).
     */
    public String metricUnavailable() {
        return metricUnavailable;
    }

    /**
     * The shown frame's total in the report's metric, which the percentage columns are of: its duration (ns, as
     * {@link #frameNanos()}) or the bytes all recorded threads allocated in it.
     */
    public double frameTotal() {
        return frameTotal;
    }

    /** Which averaging the values show (always {@link Averaging#INSTANTANEOUS} for history frames). */
    public Averaging averaging() {
        return averaging;
    }

    /** 0 for the live (latest recorded) frame, n for n frames back in history. */
    public int frameOffset() {
        return frameOffset;
    }

    /**
     * True when the report shows a spike kept by a spike capture ({@link ReportController#showSpike}) rather than
     * the live frame or a history frame; {@link #frameOffset()} is then 0 and the values are the spike frame's own
     * (instantaneous, without heat: a spike keeps no previous frame to compare with).
     */
    public boolean storedSpike() {
        return storedSpike;
    }

    /**
     * Number of notes on the shown frame: JVM events pinned to it by timestamp ({@code G1 Young Generation pause
     * 11.2 ms (G1 Evacuation Pause)}), from the notes store plugged into the controller or a stored spike's own.
     */
    public int noteCount() {
        return noteCount;
    }

    /** The i-th note's text. */
    public String note(int i) {
        if (i < 0 || i >= noteCount) {
            throw new IndexOutOfBoundsException("note " + i + " of " + noteCount);
        }
        return notes[i];
    }

    /** Notes on the shown frame beyond {@link #MAX_NOTES}. */
    public int notesLeftOut() {
        return notesLeftOut;
    }

    /** The frame number of the shown {@linkplain #storedSpike() stored spike}, or 0 when none is shown. */
    public long spikeFrameNumber() {
        return spikeFrameNumber;
    }

    /** True while recording is paused ({@code update(false)}): the profile and history are frozen. */
    public boolean paused() {
        return paused;
    }

    /**
     * False when the requested frame has no data to show: nothing recorded yet, a history frame older than the
     * history holds, or one whose full (per-state) history was not kept. The rows are then empty.
     */
    public boolean frameAvailable() {
        return frameAvailable;
    }

    /** The number of the shown frame, counting recorded frames from 1. */
    public long frameNumber() {
        return frameNumber;
    }

    /** Duration of the shown frame (or its average) in nanoseconds; percentages are relative to it. */
    public double frameNanos() {
        return frameNanos;
    }

    /** How recursive zones are shown. */
    public RecursionDisplay recursion() {
        return recursion;
    }

    /** The call graph's focus zone name, or {@code null} in the flat modes. */
    public String focusName() {
        return focusName;
    }

    /** How often a problem occurred in the recorded frame that is shown (the live frame's for averages). */
    public long problemsInFrame(Problem problem) {
        return problemsInFrame[problem.ordinal()];
    }

    /** How often a problem occurred since the profiler started. */
    public long problemsTotal(Problem problem) {
        return problemsTotal[problem.ordinal()];
    }

    /** True when any problem has ever been counted; renderers then show the counts. */
    public boolean hasProblems() {
        for (long count : problemsTotal) {
            if (count != 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * Which per-frame value the distribution columns describe ({@link Distribution#OFF}: none are shown), and over
     * how many history frames ({@link #distributionFrames()}).
     */
    public Distribution distribution() {
        return distribution;
    }

    /** How many history frames the distribution columns are over; 0 without them. */
    public int distributionFrames() {
        return distributionFrames;
    }

    /** How many columns are shown. */
    public int columnCount() {
        return columns.length;
    }

    /** The i-th shown column, left to right (the name column is implicit and always first). */
    public Column column(int i) {
        return columns[i];
    }

    /** A copy of the shown columns, for code that is not on a per-frame path. */
    public Column[] columns() {
        return columns.clone();
    }

    /** Number of rows. */
    public int rowCount() {
        return rowCount;
    }

    /** The i-th row, 0 ≤ i &lt; {@link #rowCount()}. */
    public ReportRow row(int i) {
        if (i < 0 || i >= rowCount) {
            throw new IndexOutOfBoundsException("row " + i + " of " + rowCount);
        }
        return rows[i];
    }

    /** The row index under the cursor, or -1 when the report has no rows. */
    public int cursor() {
        return cursor;
    }

    /**
     * The thread the zone rows are restricted to, as an index into the thread list, or -1 when they combine all
     * threads. With one thread selected, its states alone are shown and {@link #frameTotal()} (and, for time,
     * {@link #frameNanos()}) is that thread's frame: the sum of its states, so percentages are of the thread.
     */
    public int shownThread() {
        return shownThread;
    }

    /** The shown thread's name, or {@code null} when all threads are combined. */
    public String shownThreadName() {
        return shownThread < 0 ? null : threadNames[shownThread];
    }

    /**
     * Threads with events in the shown frame (for a live average: the live threads and those that ended in the
     * latest frame), in the order the profiler first saw them. Zero in statistics reports.
     */
    public int threadCount() {
        return threadCount;
    }

    /** The i-th listed thread's name. */
    public String threadName(int i) {
        return threadNames[checkThread(i)];
    }

    /** The i-th listed thread's root zone (what {@link ReportController#setThread(int)} takes). */
    public int threadRootZone(int i) {
        return threadRoots[checkThread(i)];
    }

    /**
     * The i-th thread's busy value in the shown frame (or average), in the report's metric: its time (or bytes)
     * inside any zone, that is its frame less the time it spent outside every zone.
     */
    public double threadBusy(int i) {
        return threadBusy[checkThread(i)];
    }

    /** The i-th thread's whole value in the shown frame: busy plus outside any zone. */
    public double threadTotal(int i) {
        return threadTotal[checkThread(i)];
    }

    /** True when the i-th thread ended during the shown frame ("ended mid-frame"). */
    public boolean threadEndedInFrame(int i) {
        return threadEnded[checkThread(i)];
    }

    /** True when the i-th thread ended with zones still open. */
    public boolean threadDiedInZone(int i) {
        return threadDiedInZone[checkThread(i)];
    }

    private int checkThread(int i) {
        if (i < 0 || i >= threadCount) {
            throw new IndexOutOfBoundsException("thread " + i + " of " + threadCount);
        }
        return i;
    }

    void clearThreads() {
        threadCount = 0;
        shownThread = -1;
    }

    int addThread(String name, int root, boolean ended, boolean diedInZone) {
        if (threadCount == threadNames.length) {
            int size = threadCount * 2;
            threadNames = java.util.Arrays.copyOf(threadNames, size);
            threadRoots = java.util.Arrays.copyOf(threadRoots, size);
            threadBusy = java.util.Arrays.copyOf(threadBusy, size);
            threadTotal = java.util.Arrays.copyOf(threadTotal, size);
            threadEnded = java.util.Arrays.copyOf(threadEnded, size);
            threadDiedInZone = java.util.Arrays.copyOf(threadDiedInZone, size);
        }
        int i = threadCount++;
        threadNames[i] = name;
        threadRoots[i] = root;
        threadBusy[i] = 0;
        threadTotal[i] = 0;
        threadEnded[i] = ended;
        threadDiedInZone[i] = diedInZone;
        return i;
    }

    void threadValues(int i, double busy, double total) {
        threadBusy[i] = busy;
        threadTotal[i] = total;
    }

    void shownThread(int i) {
        shownThread = i;
    }

    void title(ReportMode mode, Averaging averaging, int frameOffset, boolean paused, boolean frameAvailable,
               long frameNumber, double frameNanos, RecursionDisplay recursion, String focusName) {
        this.mode = mode;
        this.averaging = averaging;
        this.frameOffset = frameOffset;
        this.paused = paused;
        this.frameAvailable = frameAvailable;
        this.frameNumber = frameNumber;
        this.frameNanos = frameNanos;
        this.recursion = recursion;
        this.focusName = focusName;
    }

    /**
     * The GPU side of the shown frame: its GPU time (-1 when it has none, or its results have not arrived), how many
     * frames behind the live CPU values the live GPU values are (-1: none; only for the live view) and why GPU timing
     * is unavailable (null when it works or was never set up).
     */
    void gpu(long frameNanos, int framesLate, String unavailable) {
        this.gpuFrameNanos = frameNanos;
        this.gpuFramesLate = framesLate;
        this.gpuUnavailable = unavailable;
    }

    /** The shown frame's GPU time (time inside its outermost GPU zones, ns), or -1 when it has none (yet). */
    public long gpuFrameNanos() {
        return gpuFrameNanos;
    }

    /**
     * Live view only: how many frames behind the CPU numbers the GPU numbers are (GPU results arrive late), or -1
     * when there are no live GPU numbers or a history frame is shown (its GPU values are its own).
     */
    public int gpuFramesLate() {
        return gpuFramesLate;
    }

    /** "GPU timing unavailable: ..." when a GPU timer found no timer queries; null otherwise. */
    public String gpuUnavailable() {
        return gpuUnavailable;
    }

    void spike(boolean stored, long frameNumber) {
        this.storedSpike = stored;
        this.spikeFrameNumber = stored ? frameNumber : 0;
    }

    void metric(Metric metric, String unavailable, double frameTotal) {
        this.metric = metric;
        this.metricUnavailable = unavailable;
        this.frameTotal = frameTotal;
    }

    void problems(long[] inFrame, long[] total) {
        System.arraycopy(inFrame, 0, problemsInFrame, 0, problemsInFrame.length);
        System.arraycopy(total, 0, problemsTotal, 0, problemsTotal.length);
    }

    void columns(Column[] shownColumns) {
        this.columns = shownColumns;
    }

    void distribution(Distribution distribution, int frames) {
        this.distribution = distribution;
        this.distributionFrames = frames;
    }

    void clearNotes() {
        noteCount = 0;
        notesLeftOut = 0;
    }

    void addNote(String text) {
        if (noteCount < MAX_NOTES) {
            notes[noteCount++] = text;
        } else {
            notesLeftOut++;
        }
    }

    void clearRows() {
        rowCount = 0;
        cursor = -1;
    }

    ReportRow addRow() {
        if (rowCount == rows.length) {
            ReportRow[] grown = java.util.Arrays.copyOf(rows, Math.max(16, rows.length * 2));
            for (int i = rows.length; i < grown.length; i++) {
                grown[i] = new ReportRow();
            }
            rows = grown;
        }
        return rows[rowCount++];
    }

    void cursor(int cursor) {
        this.cursor = cursor;
    }
}
