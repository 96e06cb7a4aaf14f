package io.hudprof.capture;

import io.hudprof.core.FrameHistory;
import io.hudprof.core.Metric;
import io.hudprof.core.Profiler;
import io.hudprof.core.ThreadTimeline;
import io.hudprof.core.Zone;
import io.hudprof.core.ValueUnit;
import io.hudprof.stats.FrameStatistics;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * A copy of the last frames in the Chrome trace event format (the JSON that Perfetto, speedscope, Spall and
 * Tracy's importer read), taken on the updating thread by {@link #capture} and written later, on any thread, by
 * {@link #write}.
 *
 * <p>What a trace holds: process and thread names (metadata events); per profiled thread, properly nested begin
 * ({@code B}) and end ({@code E}) events replayed from its {@link ThreadTimeline}; a {@code frames} track with one
 * complete event ({@code X}) per frame, named {@code frame N} (N the recorded-frame number) and a {@code frame ms}
 * counter ({@code C}), and with allocation per zone recorded a {@code bytes} counter (the bytes all recorded threads
 * allocated in the frame, for frames the history still holds); with {@link FrameStatistics} attached, one counter
 * ({@code C}, category {@code stat}) per charted statistic named as the statistic, with its value in each frame the
 * statistics history holds (times in ms, bytes in B); a {@code JVM} track with each {@link FrameNotes} event (GC pause, safepoint, compilation) as
 * a complete event, plus an instant event ({@code i}) with the note's text; with GPU zones, a {@code <gpu>} track of
 * each frame's resolved GPU zones where they ran (those that had arrived when the trace was copied). Timestamps are microseconds (with
 * nanosecond fractions) from the first exported frame's start.
 *
 * <p>Nesting is always valid: a zone already open when the exported window starts gets its begin at the start of
 * the window, and a zone still open at its end gets its end there (the window cuts it, the trace says so in
 * {@code otherData}). Threads without a timeline ({@code ProfilerConfig.timelineCapacity} 0) contribute only their
 * name: nothing is synthesised.
 */
public final class ChromeTrace {
    /** Thread id of the frames track (after the profiled threads, 1..n, so tools open on the first thread). */
    static final int FRAMES_TID = 100_000;
    /** Thread id of the JVM events track. */
    static final int JVM_TID = 100_001;
    /** Thread id of the GPU track. */
    static final int GPU_TID = 100_002;

    private record Thread(String name, int tid, String[] names, boolean[] begins, long[] nanos, int count,
                          boolean timeline) {
    }

    private final long originNanos;
    private final long endNanos;
    private final String title;
    private final long[] frameNumbers;
    private final long[] frameStarts;
    private final long[] frameEnds;
    /** Bytes allocated per frame (-1: not held), or null when allocation per zone is not recorded. */
    private final long[] frameBytes;
    private final List<Thread> threads;
    /** Statistics counters: the frame (index into frameStarts), the statistic's name, its unit key and value. */
    private final int[] counterFrames;
    private final List<String> counterNames;
    private final List<String> counterKeys;
    private final double[] counterValues;
    private final List<String> noteTexts;
    private final List<String> noteWhats;
    private final long[] noteStarts;
    private final long[] noteDurations;
    private final int cutZones;
    /** Whether the notes' sources had delivered everything up to the window's end: null when not asked. */
    private final Boolean notesComplete;

    private ChromeTrace(Builder b) {
        originNanos = b.originNanos;
        endNanos = b.endNanos;
        title = b.title;
        frameNumbers = b.frameNumbers;
        frameStarts = b.frameStarts;
        frameEnds = b.frameEnds;
        frameBytes = b.frameBytes;
        threads = b.threads;
        counterFrames = Arrays.copyOf(b.counterFrames, b.counterNames.size());
        counterNames = b.counterNames;
        counterKeys = b.counterKeys;
        counterValues = Arrays.copyOf(b.counterValues, b.counterNames.size());
        noteTexts = b.noteTexts;
        noteWhats = b.noteWhats;
        noteStarts = Arrays.copyOf(b.noteStarts, b.noteTexts.size());
        noteDurations = Arrays.copyOf(b.noteDurations, b.noteTexts.size());
        cutZones = b.cutZones;
        notesComplete = b.notesComplete;
    }

    /** This trace with other notes (and a title, when not null): shares everything else (immutable) with {@code base}. */
    private ChromeTrace(ChromeTrace base, Builder notes, String title) {
        originNanos = base.originNanos;
        endNanos = base.endNanos;
        this.title = title != null ? title : base.title;
        frameNumbers = base.frameNumbers;
        frameStarts = base.frameStarts;
        frameEnds = base.frameEnds;
        frameBytes = base.frameBytes;
        threads = base.threads;
        counterFrames = base.counterFrames;
        counterNames = base.counterNames;
        counterKeys = base.counterKeys;
        counterValues = base.counterValues;
        cutZones = base.cutZones;
        noteTexts = notes.noteTexts;
        noteWhats = notes.noteWhats;
        noteStarts = Arrays.copyOf(notes.noteStarts, notes.noteTexts.size());
        noteDurations = Arrays.copyOf(notes.noteDurations, notes.noteTexts.size());
        notesComplete = notes.notesComplete;
    }

    /**
     * Copies the last {@code frames} frames (fewer when fewer are held) of every tracked thread's timeline, the
     * frame times and the notes overlapping them. Call it on the thread that calls {@code update()}.
     *
     * @param notes JVM events to include; may be null
     */
    public static ChromeTrace capture(Profiler profiler, FrameTimes times, FrameNotes notes, int frames,
                                      String title) {
        if (frames < 1) {
            throw new IllegalArgumentException("hudprof: export at least 1 frame, got " + frames);
        }
        Builder b = new Builder();
        b.title = title;
        int n = Math.min(frames, times.size());
        b.frameNumbers = new long[n];
        b.frameStarts = new long[n];
        b.frameEnds = new long[n];
        for (int k = 0; k < n; k++) {
            int ago = n - 1 - k;
            b.frameNumbers[k] = times.frameNumber(ago);
            b.frameStarts[k] = times.startNanos(ago);
            b.frameEnds[k] = times.endNanos(ago);
        }
        FrameHistory history = profiler.history();
        if (profiler.data().records(Metric.ALLOCATED_BYTES) && history.holds(Metric.ALLOCATED_BYTES)) {
            b.frameBytes = new long[n];
            long newest = history.size() > 0 ? history.frameNumber(0) : -1;
            for (int k = 0; k < n; k++) {
                long number = b.frameNumbers[k];
                long ago = newest - number;
                boolean held = number >= 0 && ago >= 0 && ago < history.size()
                        && history.frameNumber((int) ago) == number;
                b.frameBytes[k] = held ? history.frameTotal(Metric.ALLOCATED_BYTES, (int) ago) : -1;
            }
        }
        FrameStatistics statistics = FrameStatistics.attachedTo(profiler);
        if (statistics != null) {
            for (int k = 0; k < n; k++) {
                int frame = k;
                statistics.frameValues(b.frameNumbers[k], (stat, value) -> b.addCounter(frame, stat.name(),
                        stat.unit(), value));
            }
        }
        b.originNanos = n == 0 ? 0 : b.frameStarts[0];
        b.endNanos = n == 0 ? 0 : b.frameEnds[n - 1];
        for (int t = 0; t < profiler.threadCount(); t++) {
            b.addThread(profiler.threadName(t), t + 1, profiler.timeline(t), n, times);
        }
        b.addGpu(profiler, n);
        if (n > 0) {
            b.addNotes(notes);
        }
        return new ChromeTrace(b);
    }

    /**
     * This trace with the notes {@code notes} holds now for its window instead of those it was captured with: for a
     * trace captured when its frames ended and written once the notes' sources (a JFR stream a second late) caught
     * up. Call on the updating thread.
     *
     * @param complete whether every source had posted everything up to the window's end (written into
     *                 {@code otherData.notes} as {@code complete} or {@code incomplete})
     */
    public ChromeTrace withNotes(FrameNotes notes, boolean complete) {
        return withNotes(notes, complete, null);
    }

    /**
     * {@link #withNotes(FrameNotes, boolean)}, titled {@code title} instead when it is not null: a spike's export says
     * what the spike is blamed on as of the notes it is written with (a pause's note may arrive after the copy).
     */
    public ChromeTrace withNotes(FrameNotes notes, boolean complete, String title) {
        Builder b = new Builder();
        b.originNanos = originNanos;
        b.endNanos = endNanos;
        if (frameNumbers.length > 0) {
            b.addNotes(notes);
        }
        b.notesComplete = complete;
        return new ChromeTrace(this, b, title);
    }

    /** The end of the last exported frame on the profiler's clock: notes up to here belong in the trace. */
    public long endNanos() {
        return endNanos;
    }

    /** Number of notes (JVM events) in the trace. */
    public int noteCount() {
        return noteTexts.size();
    }

    /** Number of frames in the trace. */
    public int frameCount() {
        return frameNumbers.length;
    }

    /** Zones the window cut (open at its start or end), closed at its edge. */
    public int cutZones() {
        return cutZones;
    }

    /** Writes the trace as one JSON object ({@code {"traceEvents": [...]}}) to {@code out} (not closed). */
    public void write(Writer out) throws IOException {
        StringBuilder line = new StringBuilder(256);
        out.write("{\"displayTimeUnit\":\"ms\",\"otherData\":{\"producer\":\"hudprof\",\"title\":");
        flush(out, quote(title, line));
        out.write(",\"frames\":\"" + frameNumbers.length + "\",\"cutZones\":\"" + cutZones
                + (notesComplete == null ? "" : "\",\"notes\":\"" + (notesComplete ? "complete" : "incomplete"))
                + "\",\"clock\":\"profiler clock ns, origin at the first frame's start\"},\n\"traceEvents\":[\n");
        boolean[] first = {true};
        meta(out, line, first, "process_name", 0, "hudprof" + (title.isEmpty() ? "" : ": " + title));
        meta(out, line, first, "thread_name", FRAMES_TID, "frames");
        for (Thread thread : threads) {
            meta(out, line, first, "thread_name", thread.tid,
                    thread.timeline ? thread.name : thread.name + " (no timeline kept)");
        }
        if (!noteTexts.isEmpty()) {
            meta(out, line, first, "thread_name", JVM_TID, "JVM");
        }
        for (int k = 0; k < frameNumbers.length; k++) {
            String name = frameNumbers[k] >= 0 ? "frame " + frameNumbers[k] : "frame (not recorded)";
            event(out, line, first).append("\"name\":");
            quote(name, line).append(",\"cat\":\"frame\",\"ph\":\"X\",\"pid\":1,\"tid\":").append(FRAMES_TID);
            ts(line, frameStarts[k]).append(",\"dur\":");
            micros(line, frameEnds[k] - frameStarts[k]).append('}');
            flush(out, line);
            event(out, line, first).append("\"name\":\"frame ms\",\"ph\":\"C\",\"pid\":1,\"tid\":")
                    .append(FRAMES_TID);
            ts(line, frameStarts[k]).append(",\"args\":{\"ms\":");
            line.append(String.format(Locale.ROOT, "%.4f", (frameEnds[k] - frameStarts[k]) / 1e6)).append("}}");
            flush(out, line);
            if (frameBytes != null && frameBytes[k] >= 0) {
                event(out, line, first).append("\"name\":\"bytes\",\"ph\":\"C\",\"pid\":1,\"tid\":")
                        .append(FRAMES_TID);
                ts(line, frameStarts[k]).append(",\"args\":{\"B\":").append(frameBytes[k]).append("}}");
                flush(out, line);
            }
        }
        for (int c = 0; c < counterNames.size(); c++) {
            event(out, line, first).append("\"name\":");
            quote(counterNames.get(c), line).append(",\"cat\":\"stat\",\"ph\":\"C\",\"pid\":1,\"tid\":")
                    .append(FRAMES_TID);
            ts(line, frameStarts[counterFrames[c]]).append(",\"args\":{\"").append(counterKeys.get(c))
                    .append("\":").append(String.format(Locale.ROOT, "%.6g", counterValues[c])).append("}}");
            flush(out, line);
        }
        for (Thread thread : threads) {
            for (int e = 0; e < thread.count; e++) {
                event(out, line, first).append("\"name\":");
                quote(thread.names[e], line).append(",\"cat\":\"zone\",\"ph\":\"")
                        .append(thread.begins[e] ? 'B' : 'E').append("\",\"pid\":1,\"tid\":").append(thread.tid);
                ts(line, thread.nanos[e]).append('}');
                flush(out, line);
            }
        }
        for (int i = 0; i < noteTexts.size(); i++) {
            event(out, line, first).append("\"name\":");
            quote(noteWhats.get(i), line).append(",\"cat\":\"jvm\",\"ph\":\"X\",\"pid\":1,\"tid\":").append(JVM_TID);
            ts(line, noteStarts[i]).append(",\"dur\":");
            micros(line, noteDurations[i]).append(",\"args\":{\"note\":");
            quote(noteTexts.get(i), line).append("}}");
            flush(out, line);
            event(out, line, first).append("\"name\":");
            quote(noteTexts.get(i), line).append(",\"cat\":\"note\",\"ph\":\"i\",\"s\":\"g\",\"pid\":1,\"tid\":")
                    .append(FRAMES_TID);
            ts(line, noteStarts[i]).append('}');
            flush(out, line);
        }
        out.write("\n]}\n");
    }

    private static void meta(Writer out, StringBuilder line, boolean[] first, String kind, int tid, String name)
            throws IOException {
        event(out, line, first).append("\"name\":\"").append(kind).append("\",\"ph\":\"M\",\"pid\":1,\"tid\":")
                .append(tid).append(",\"args\":{\"name\":");
        quote(name, line).append("}}");
        flush(out, line);
    }

    private static StringBuilder event(Writer out, StringBuilder line, boolean[] first) {
        line.setLength(0);
        if (!first[0]) {
            line.append(",\n");
        }
        first[0] = false;
        return line.append('{');
    }

    private static void flush(Writer out, StringBuilder line) throws IOException {
        out.append(line);
        line.setLength(0);
    }

    private StringBuilder ts(StringBuilder line, long nanos) {
        line.append(",\"ts\":");
        return micros(line, nanos - originNanos);
    }

    private static StringBuilder micros(StringBuilder line, long nanos) {
        if (nanos < 0) {
            line.append('-');
            nanos = -nanos;
        }
        line.append(nanos / 1000).append('.');
        long frac = nanos % 1000;
        if (frac < 100) {
            line.append('0');
        }
        if (frac < 10) {
            line.append('0');
        }
        return line.append(frac);
    }

    private static StringBuilder quote(String s, StringBuilder line) {
        line.append('"');
        appendEscaped(s, line);
        return line.append('"');
    }

    private static void appendEscaped(String s, StringBuilder b) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20) {
                        b.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
    }

    /** Collects a capture; balancing happens here, on the updating thread. */
    private static final class Builder {
        String title = "";
        long originNanos;
        long endNanos;
        long[] frameNumbers;
        long[] frameStarts;
        long[] frameEnds;
        long[] frameBytes;
        final List<Thread> threads = new ArrayList<>();
        int[] counterFrames = new int[16];
        final List<String> counterNames = new ArrayList<>();
        final List<String> counterKeys = new ArrayList<>();
        double[] counterValues = new double[16];
        final List<String> noteTexts = new ArrayList<>();
        final List<String> noteWhats = new ArrayList<>();
        long[] noteStarts = new long[8];
        long[] noteDurations = new long[8];
        int cutZones;
        Boolean notesComplete;

        /** Adds the notes overlapping [originNanos, endNanos]; {@code notes} may be null. */
        void addNotes(FrameNotes notes) {
            if (notes == null) {
                return;
            }
            for (long note = notes.oldest(); note < notes.end(); note++) {
                long start = notes.startNanos(note);
                long end = start + notes.durationNanos(note);
                if (end >= originNanos && start <= endNanos) {
                    addNote(notes.text(note), notes.what(note), start, notes.durationNanos(note));
                }
            }
        }

        /** One statistic's value in frame {@code frame}: times as ms, bytes as B, percentages as %. */
        void addCounter(int frame, String name, ValueUnit unit, double value) {
            if (Double.isInfinite(value)) {
                return;
            }
            int i = counterNames.size();
            if (i == counterFrames.length) {
                counterFrames = Arrays.copyOf(counterFrames, i * 2);
                counterValues = Arrays.copyOf(counterValues, i * 2);
            }
            counterFrames[i] = frame;
            counterNames.add(name);
            switch (unit) {
                case NANOS -> {
                    counterKeys.add("ms");
                    value /= 1e6;
                }
                case BYTES -> counterKeys.add("B");
                case PERCENT -> counterKeys.add("%");
                default -> counterKeys.add("value");
            }
            counterValues[i] = value;
        }

        void addNote(String text, String what, long start, long duration) {
            int i = noteTexts.size();
            if (i == noteStarts.length) {
                noteStarts = Arrays.copyOf(noteStarts, i * 2);
                noteDurations = Arrays.copyOf(noteDurations, i * 2);
            }
            noteTexts.add(text);
            noteWhats.add(what);
            noteStarts[i] = start;
            noteDurations[i] = duration;
        }

        /**
         * The GPU's own track: each exported frame's resolved GPU zones, where they ran on the profiler's clock (a
         * frame's GPU work runs after its CPU work, so the last frame's may end past the window). Frames whose GPU
         * results had not arrived when the trace was copied have none.
         */
        void addGpu(Profiler profiler, int frames) {
            List<String> names = new ArrayList<>();
            List<Boolean> begins = new ArrayList<>();
            List<Long> nanos = new ArrayList<>();
            for (int k = 0; k < frames; k++) {
                profiler.gpu().forEachEvent(frameNumbers[k], (zoneId, begin, t) -> {
                    names.add(Zone.byId(zoneId).name());
                    begins.add(begin);
                    nanos.add(t);
                });
            }
            if (names.isEmpty()) {
                return;
            }
            int count = names.size();
            boolean[] b = new boolean[count];
            long[] t = new long[count];
            for (int i = 0; i < count; i++) {
                b[i] = begins.get(i);
                t[i] = nanos.get(i);
            }
            threads.add(new Thread("<gpu>", GPU_TID, names.toArray(new String[0]), b, t, count, true));
        }

        void addThread(String name, int tid, ThreadTimeline timeline, int frames, FrameTimes times) {
            if (timeline == null || frames == 0) {
                threads.add(new Thread(name, tid, new String[0], new boolean[0], new long[0], 0, false));
                return;
            }
            // Holding is monotone (older frames are lost first): start from the oldest frame still held.
            int oldest = frames - 1;
            while (oldest >= 0 && !timeline.forEachEvent(oldest, (z, b, t) -> { })) {
                oldest--;
            }
            List<String> names = new ArrayList<>();
            List<Boolean> begins = new ArrayList<>();
            List<Long> nanos = new ArrayList<>();
            for (int ago = oldest; ago >= 0; ago--) {
                timeline.forEachEvent(ago, (zoneId, begin, t) -> {
                    names.add(Zone.byId(zoneId).name());
                    begins.add(begin);
                    nanos.add(t);
                });
            }
            long windowStart = oldest >= 0 ? times.startNanos(oldest) : endNanos;
            // Balance: ends whose begin came before the window get a begin at the window's start (outermost
            // first); zones still open at the end get an end at the window's end (innermost first).
            List<String> openedBefore = new ArrayList<>();
            int depth = 0;
            for (int i = 0; i < names.size(); i++) {
                if (begins.get(i)) {
                    depth++;
                } else if (depth == 0) {
                    openedBefore.add(names.get(i));
                } else {
                    depth--;
                }
            }
            int count = openedBefore.size() + names.size() + depth;
            String[] n = new String[count];
            boolean[] b = new boolean[count];
            long[] t = new long[count];
            int k = 0;
            for (int i = openedBefore.size() - 1; i >= 0; i--) {
                n[k] = openedBefore.get(i);
                b[k] = true;
                t[k++] = windowStart;
            }
            String[] stack = new String[names.size() + openedBefore.size() + 1];
            int top = 0;
            for (int i = openedBefore.size() - 1; i >= 0; i--) {
                stack[top++] = openedBefore.get(i);
            }
            for (int i = 0; i < names.size(); i++) {
                n[k] = names.get(i);
                b[k] = begins.get(i);
                // Clamp into the window so a tool never sees time run backwards at its edges.
                t[k++] = Math.max(windowStart, Math.min(endNanos, nanos.get(i)));
                if (begins.get(i)) {
                    stack[top++] = names.get(i);
                } else {
                    top--;
                }
            }
            while (top > 0) {
                n[k] = stack[--top];
                b[k] = false;
                t[k++] = endNanos;
            }
            cutZones += openedBefore.size() + depth;
            threads.add(new Thread(name, tid, n, b, t, k, true));
        }
    }
}
