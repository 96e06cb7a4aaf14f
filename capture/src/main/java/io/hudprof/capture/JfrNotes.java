package io.hudprof.capture;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordingStream;

/**
 * Posts safepoints, long JIT compilations and (optionally) garbage collections from an in-process JFR
 * {@link RecordingStream}, run on its own daemon thread ({@value #THREAD_NAME}), to a {@link FrameNotes}, with the events' own start and duration, so each is pinned to
 * the frames it overlapped. Opt-in: a recording costs something (a stream thread, JFR's buffers and its one-second
 * flush), so nothing runs until {@link #start(FrameNotes)} or {@code SpikeCapture.Builder.jfrNotes(true)}.
 *
 * <p>On JDK 17 the stream flushes about once a second: the events arrive 0.5–1 s after they happened (30–60 frames
 * at 60 Hz). FrameNotes pins a post by timestamp against the frames still held in {@link FrameTimes} (the
 * profiler's {@code historyFrames}, 512 by default: about 8 s at 60 Hz), so a late event still lands on the frame it
 * happened in; a spike held in SpikeCapture gets it as a note when it arrives.
 *
 * <p>Clock: JFR gives wall-clock {@link Instant}s (nanosecond resolution); they are mapped to
 * {@link System#nanoTime()} with an offset measured once at start (the tightest of several wall-clock reads
 * bracketed by nanoTime reads). The profiler must use the system clock (the default).
 *
 * <p>Events:
 * <ul>
 *   <li>{@code jdk.SafepointBegin}, {@code jdk.ExecuteVMOperation} and {@code jdk.SafepointEnd} are recorded with
 *   no JFR threshold and paired by safepoint id: a safepoint runs from the begin event's start (the VM thread
 *   starting to stop the Java threads) to the end event's end. Only safepoints at least
 *   {@link Builder#safepointThreshold} long (default 1 ms) are posted, as {@code JVM safepoint 3.2 ms
 *   (G1CollectFull)} (the operation run in it). JFR's threshold on SafepointBegin alone would only bound the time to
 *   reach the safepoint, not the pause.</li>
 *   <li>{@code jdk.Compilation} with the threshold {@link Builder#compilationThreshold} (default 5 ms): {@code
 *   com.example.Foo.bar compilation 12.1 ms (C2, level 4)}. A compilation runs on a compiler thread and does not
 *   stop the game; it says why code got faster (or why a core was busy).</li>
 *   <li>{@code jdk.GarbageCollection} only with {@link Builder#gc(boolean)} (default off): the JMX notifications
 *   ({@link GcNotes}) already note every collection, a frame after it rather than a second, so JFR's are for when
 *   JMX is off. SpikeCapture turns it on only when its {@code gcNotes} is off.</li>
 * </ul>
 * As a {@link FrameNotes.Source} it says up to when its notes are complete ({@link #postedUpToNanos()}, from a
 * {@link NotesMark} sent through the stream), so a spike export waits for them. Stop with {@link #close()} (closes the
 * stream and ends its thread).
 */
public final class JfrNotes implements AutoCloseable, FrameNotes.Source {
    static final String SAFEPOINT_BEGIN = "jdk.SafepointBegin";
    static final String SAFEPOINT_END = "jdk.SafepointEnd";
    static final String VM_OPERATION = "jdk.ExecuteVMOperation";
    static final String COMPILATION = "jdk.Compilation";
    static final String GARBAGE_COLLECTION = "jdk.GarbageCollection";

    private final FrameNotes notes;
    private final long safepointThresholdNanos;
    /** The name of the daemon thread the stream runs on. */
    public static final String THREAD_NAME = "hudprof-jfr-notes";

    private final RecordingStream stream;
    private final Thread thread;
    private final long epochOffsetNanos;
    /** Safepoints begun and not yet ended, by id; touched on the stream thread only. Bounded. */
    private final Map<Long, long[]> openSafepoints = new LinkedHashMap<>();
    private final Map<Long, String> operations = new LinkedHashMap<>();
    private final java.util.concurrent.atomic.AtomicLong posted = new java.util.concurrent.atomic.AtomicLong();
    /** The newest mark handed back by the stream (stream thread only), or MIN_VALUE. */
    private long markSeen = Long.MIN_VALUE;
    /** The time of the mark committed and not yet handed back, or MIN_VALUE when none is out. */
    private final java.util.concurrent.atomic.AtomicLong markOut = new java.util.concurrent.atomic.AtomicLong(
            Long.MIN_VALUE);
    private volatile long postedUpTo = Long.MIN_VALUE;
    /**
     * Whether the stream has flushed once, so its recording runs: a mark committed before that (the stream starts on
     * its own thread, seconds late in a cold, loaded JVM) is recorded by nothing and would never come back.
     */
    private volatile boolean flushed;
    /** An event's end is stamped a little before it is committed; a mark this close after it may overtake it. */
    static final long COMMIT_MARGIN_NANOS = 10_000_000L;

    private JfrNotes(Builder b, FrameNotes notes) {
        this.notes = notes;
        this.safepointThresholdNanos = b.safepointThreshold.toNanos();
        this.epochOffsetNanos = measureEpochOffset();
        RecordingStream s = new RecordingStream();
        try {
            s.enable(SAFEPOINT_BEGIN).withThreshold(Duration.ZERO);
            s.enable(SAFEPOINT_END).withThreshold(Duration.ZERO);
            s.enable(VM_OPERATION).withThreshold(Duration.ZERO);
            s.enable(COMPILATION).withThreshold(b.compilationThreshold);
            s.onEvent(SAFEPOINT_BEGIN, this::onSafepointBegin);
            s.onEvent(VM_OPERATION, this::onOperation);
            s.onEvent(SAFEPOINT_END, this::onSafepointEnd);
            s.onEvent(COMPILATION, this::onCompilation);
            s.enable(NotesMark.NAME);
            s.onEvent(NotesMark.NAME, e -> markSeen = e.getLong("nanoTime"));
            s.onFlush(this::onFlush);
            if (b.gc) {
                s.enable(GARBAGE_COLLECTION);
                s.onEvent(GARBAGE_COLLECTION, this::onGarbageCollection);
            }
        } catch (RuntimeException e) {
            s.close();
            throw e;
        }
        this.stream = s;
        notes.addSource(this);
        // RecordingStream.startAsync's thread is not a daemon on JDK 17: run the blocking start on our own.
        thread = new Thread(this::run, THREAD_NAME);
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * After each flush's events were handed out: when the mark that is out came back in it, every event committed
     * before the mark was delivered (a flush takes every thread's committed events), so notes are complete up to it.
     */
    private void onFlush() {
        flushed = true;
        long out = markOut.get();
        if (out != Long.MIN_VALUE && markSeen >= out) {
            postedUpTo = markSeen - COMMIT_MARGIN_NANOS;
            markOut.compareAndSet(out, Long.MIN_VALUE);
        }
    }

    /**
     * Every event this stream notes that ended before the returned time has been posted ({@link Long#MIN_VALUE}
     * until a mark came back). Asking sends a mark when none is out, so the answer passes the time of asking about
     * one flush (up to a second on JDK 17) later. The mark is committed here, on the asking (updating) thread: JFR
     * records nothing from the stream's own thread. Only an export waiting for notes asks, so a game pays for a mark
     * (a JFR event commit) only then. Until the stream's first flush no mark is sent: one committed before the
     * recording runs is lost, and the notes would never be complete.
     */
    @Override
    public long postedUpToNanos() {
        if (flushed && markOut.get() == Long.MIN_VALUE) {
            long now = System.nanoTime();
            markOut.set(now);
            NotesMark mark = new NotesMark();
            mark.nanoTime = now;
            mark.commit();
        }
        return postedUpTo;
    }

    private void run() {
        try {
            stream.start();
        } catch (IllegalStateException e) {
            // Closed before it started: nothing to stream.
        }
    }

    /** Starts a stream with the defaults (safepoints ≥ 1 ms, compilations ≥ 5 ms, no GC events). */
    public static JfrNotes start(FrameNotes notes) {
        return builder().start(notes);
    }

    /** A builder with the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** Notes posted so far (events past their thresholds). */
    public long posted() {
        return posted.get();
    }

    /** A JFR instant on the {@link System#nanoTime()} clock. */
    public long toNanoTime(Instant instant) {
        return epochOffsetNanos + epochNanos(instant);
    }

    /** The measured {@code nanoTime − wall-clock ns} offset. */
    long epochOffsetNanos() {
        return epochOffsetNanos;
    }

    private static long epochNanos(Instant instant) {
        return instant.getEpochSecond() * 1_000_000_000L + instant.getNano();
    }

    /** nanoTime − epoch ns, from the wall-clock read with the tightest nanoTime bracket of a few tries. */
    static long measureEpochOffset() {
        long best = Long.MAX_VALUE;
        long offset = 0;
        for (int i = 0; i < 16; i++) {
            long before = System.nanoTime();
            Instant now = Instant.now();
            long after = System.nanoTime();
            if (after - before < best) {
                best = after - before;
                offset = before + (after - before) / 2 - epochNanos(now);
            }
        }
        return offset;
    }

    private void onSafepointBegin(RecordedEvent e) {
        long id = e.getLong("safepointId");
        openSafepoints.put(id, new long[] {toNanoTime(e.getStartTime())});
        trim(openSafepoints);
    }

    private void onOperation(RecordedEvent e) {
        if (!e.hasField("safepointId") || !e.getBoolean("safepoint")) {
            return;
        }
        long id = e.getLong("safepointId");
        if (openSafepoints.containsKey(id)) {
            operations.put(id, e.getString("operation"));
            trim(operations);
        }
    }

    private void onSafepointEnd(RecordedEvent e) {
        long id = e.getLong("safepointId");
        long[] begin = openSafepoints.remove(id);
        String operation = operations.remove(id);
        if (begin == null) {
            return;
        }
        long end = toNanoTime(e.getEndTime());
        long duration = end - begin[0];
        if (duration >= safepointThresholdNanos) {
            post(FrameNotes.Kind.SAFEPOINT, "JVM", operation == null ? "" : operation, begin[0], duration);
        }
    }

    private void onCompilation(RecordedEvent e) {
        RecordedMethod method = e.getValue("method");
        String what = method == null ? "?" : method.getType().getName() + "." + method.getName();
        int level = e.hasField("compileLevel") ? e.getShort("compileLevel") : -1;
        StringBuilder detail = new StringBuilder(level >= 4 ? "C2" : level >= 1 ? "C1" : "JIT");
        if (level >= 0) {
            detail.append(", level ").append(level);
        }
        if (e.hasField("isOsr") && e.getBoolean("isOsr")) {
            detail.append(", OSR");
        }
        if (e.hasField("succeded") && !e.getBoolean("succeded")) {
            detail.append(", failed");
        }
        post(FrameNotes.Kind.COMPILATION, what, detail.toString(), toNanoTime(e.getStartTime()),
                e.getDuration().toNanos());
    }

    private void onGarbageCollection(RecordedEvent e) {
        String detail = e.getString("cause");
        long duration = e.getDuration().toNanos();
        if (e.hasField("sumOfPauses")) {
            long pauses = e.getDuration("sumOfPauses").toNanos();
            if (pauses < duration - 1_000_000L) {
                detail = "concurrent cycle, pauses " + Math.round(pauses / 1e5) / 10.0 + " ms, " + detail;
            }
        }
        post(FrameNotes.Kind.GC, e.getString("name"), detail, toNanoTime(e.getStartTime()), duration);
    }

    private void post(FrameNotes.Kind kind, String what, String detail, long start, long duration) {
        notes.post(kind, what, detail, start, duration);
        posted.incrementAndGet();
    }

    private static void trim(Map<Long, ?> map) {
        // A begin with no end (the stream started mid-safepoint, or an event lost) must not pile up.
        while (map.size() > 64) {
            map.remove(map.keySet().iterator().next());
        }
    }

    /** Closes the stream and waits (up to 2 s) for its thread to end. Events not yet flushed are dropped. */
    @Override
    public void close() {
        notes.removeSource(this);
        stream.close();
        try {
            thread.join(2_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Builds a {@link JfrNotes}; each setter says its default. */
    public static final class Builder {
        private Duration safepointThreshold = Duration.ofMillis(1);
        private Duration compilationThreshold = Duration.ofMillis(5);
        private boolean gc;

        private Builder() {
        }

        /** Shortest safepoint noted, begin to end (default 1 ms; zero notes every one). */
        public Builder safepointThreshold(Duration d) {
            this.safepointThreshold = nonNegative(d, "safepoint");
            return this;
        }

        /** Shortest JIT compilation noted (default 5 ms). */
        public Builder compilationThreshold(Duration d) {
            this.compilationThreshold = nonNegative(d, "compilation");
            return this;
        }

        /** Note {@code jdk.GarbageCollection} events too (default off: {@link GcNotes} notes collections sooner). */
        public Builder gc(boolean on) {
            this.gc = on;
            return this;
        }

        private static Duration nonNegative(Duration d, String what) {
            if (d == null || d.isNegative()) {
                throw new IllegalArgumentException("hudprof: the JFR " + what + " threshold must be ≥ 0, got " + d);
            }
            return d;
        }

        /** Starts the stream on its own daemon thread, posting to {@code notes}. */
        public JfrNotes start(FrameNotes notes) {
            if (notes == null) {
                throw new IllegalArgumentException("hudprof: JfrNotes needs a FrameNotes");
            }
            return new JfrNotes(this, notes);
        }
    }
}
