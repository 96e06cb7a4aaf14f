package io.hudprof.capture;

import io.hudprof.core.report.PinnedNotes;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * JVM events pinned to the frames they overlapped, by timestamp: a GC pause, a safepoint, a long JIT compilation.
 * Any thread {@linkplain #post posts} an event with its start and duration on the profiler's clock (a JMX
 * notification thread, a JFR stream); the updating thread {@linkplain #settle settles} them into a bounded ring,
 * each note naming the first and last recorded frame it overlapped. An event that has not ended before the latest
 * frame's end waits (bounded) until a frame covers it; one older than every frame still held is kept with frame -1.
 *
 * <p>Bounds: {@code capacity} settled notes (the oldest are overwritten) and {@code capacity} waiting posts; a post
 * into a full queue is dropped and counted ({@link #droppedPosts()}). Settling allocates nothing.
 */
public final class FrameNotes implements PinnedNotes {
    /** What kind of JVM event a note is. */
    public enum Kind {
        /** A garbage collection pause (or a concurrent cycle, when its text says so). */
        GC,
        /** A safepoint: every Java thread stopped. */
        SAFEPOINT,
        /** A JIT compilation longer than the configured threshold. */
        COMPILATION
    }

    /** A posted event, its text made by the posting thread so settling it inside update() allocates nothing. */
    private record Post(Kind kind, String what, String detail, long startNanos, long durationNanos, String text) {
    }

    private final int capacity;
    private final Kind[] kinds;
    private final String[] whats;
    private final String[] details;
    private final long[] starts;
    private final long[] durations;
    private final long[] firstFrames;
    private final long[] lastFrames;
    /**
     * The newest recorded frame when each note settled. A note can only settle once the frames it touches have
     * ended, so those settled before frame F ended cannot touch F, and these only grow along the ring.
     */
    private final long[] settledAt;
    /** Each note's text, made once when it settles (a note is rare), so reports read it without allocating. */
    private final String[] texts;
    private long written;

    private final ArrayBlockingQueue<Post> incoming;
    /**
     * Posts in {@link #incoming} or on their way into it (counted before the offer): read by {@link #settle} in every
     * update(), so a frame with nothing posted, nearly all of them, costs one volatile read instead of the queue's
     * lock.
     */
    private final AtomicInteger queued = new AtomicInteger();
    private final Post[] waiting;
    private int waitingCount;
    private final AtomicLong dropped = new AtomicLong();
    private volatile Source[] sources = new Source[0];

    /**
     * Something that posts notes ({@link GcNotes}, {@link JfrNotes}) and can say how far it has: every event of its
     * kind that ended before {@link #postedUpToNanos()} has been posted. What an export waits for before it writes
     * the notes of a window ({@code SpikeCapture.Builder.exportAround}).
     */
    @FunctionalInterface
    public interface Source {
        /**
         * A time on the profiler's clock before which every event this source reports has been {@linkplain #post
         * posted} ({@link Long#MIN_VALUE} while it cannot say). Called on the updating thread; must not block.
         */
        long postedUpToNanos();
    }

    /** A store of {@code capacity} notes (≥ 1). */
    public FrameNotes(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("hudprof: note capacity must be at least 1, got " + capacity);
        }
        this.capacity = capacity;
        kinds = new Kind[capacity];
        whats = new String[capacity];
        details = new String[capacity];
        starts = new long[capacity];
        durations = new long[capacity];
        firstFrames = new long[capacity];
        lastFrames = new long[capacity];
        settledAt = new long[capacity];
        texts = new String[capacity];
        incoming = new ArrayBlockingQueue<>(capacity);
        waiting = new Post[capacity];
    }

    /**
     * Posts an event from any thread; it is pinned at a later {@link #settle}.
     *
     * @param what          who caused it, e.g. the collector's name ({@code G1 Young Generation})
     * @param detail        why, e.g. the GC cause; may be empty
     * @param startNanos    its start on the profiler's clock
     * @param durationNanos its length (≥ 0)
     */
    public void post(Kind kind, String what, String detail, long startNanos, long durationNanos) {
        if (kind == null || what == null) {
            throw new IllegalArgumentException("hudprof: a note needs a kind and a name (who caused it), got " + kind
                    + " and " + what);
        }
        String why = detail == null ? "" : detail;
        long duration = Math.max(0, durationNanos);
        queued.incrementAndGet();
        if (!incoming.offer(new Post(kind, what, why, startNanos, duration, format(kind, what, why, duration)))) {
            queued.decrementAndGet();
            dropped.incrementAndGet();
        }
    }

    /** Registers a source whose progress {@link #postedUpToNanos()} follows (any thread). */
    public synchronized void addSource(Source source) {
        if (source == null) {
            throw new IllegalArgumentException("hudprof: note source is null");
        }
        Source[] grown = java.util.Arrays.copyOf(sources, sources.length + 1);
        grown[sources.length] = source;
        sources = grown;
    }

    /** Unregisters a source (when it stops posting); unknown sources are ignored. */
    public synchronized void removeSource(Source source) {
        sources = java.util.Arrays.stream(sources).filter(s -> s != source).toArray(Source[]::new);
    }

    /**
     * The earliest of the registered sources' {@link Source#postedUpToNanos()}: every event that ended before it has
     * been posted; {@link Long#MAX_VALUE} with no source registered (nothing more can come). Read it before
     * {@link #settle}, so what it promises is already in the queue that settle drains. Updating thread.
     */
    public long postedUpToNanos() {
        long upTo = Long.MAX_VALUE;
        for (Source source : sources) {
            upTo = Math.min(upTo, source.postedUpToNanos());
        }
        return upTo;
    }

    /** Posts lost because the queue was full. */
    public long droppedPosts() {
        return dropped.get();
    }

    /**
     * Pins the posted events that have ended by the latest frame's end to the frames they overlapped. Runs on the
     * updating thread.
     *
     * @param newNotes receives the ring index of each note settled now (for spike stores); may be null
     */
    public void settle(FrameTimes times, NoteSink newNotes) {
        int kept = 0;
        for (int i = 0; i < waitingCount; i++) {
            Post post = waiting[i];
            waiting[i] = null;
            if (!trySettle(post, times, newNotes)) {
                waiting[kept++] = post;
            }
        }
        waitingCount = kept;
        Post post;
        while (waitingCount < waiting.length && queued.get() > 0 && (post = incoming.poll()) != null) {
            queued.decrementAndGet();
            if (!trySettle(post, times, newNotes)) {
                waiting[waitingCount++] = post;
            }
        }
    }

    /** Receives each note as it settles. */
    @FunctionalInterface
    public interface NoteSink {
        /** @param note the note's index for {@link #kind(long)} and the other accessors */
        void settled(long note);
    }

    private boolean trySettle(Post post, FrameTimes times, NoteSink sink) {
        long endNanos = post.startNanos + post.durationNanos;
        if (times.size() == 0 || endNanos > times.latestEndNanos() || post.startNanos >= times.latestEndNanos()) {
            return false;
        }
        long first = -1;
        long last = -1;
        for (int ago = 0; ago < times.size(); ago++) {
            long s = times.startNanos(ago);
            long e = times.endNanos(ago);
            if (e <= post.startNanos) {
                break;
            }
            boolean overlaps = post.durationNanos == 0 ? s <= post.startNanos : s < endNanos;
            if (!overlaps) {
                continue;
            }
            long number = times.frameNumber(ago);
            if (number >= 0) {
                if (last < 0) {
                    last = number;
                }
                first = number;
            }
        }
        int i = (int) (written % capacity);
        kinds[i] = post.kind;
        whats[i] = post.what;
        details[i] = post.detail;
        starts[i] = post.startNanos;
        durations[i] = post.durationNanos;
        firstFrames[i] = first;
        lastFrames[i] = last;
        settledAt[i] = times.frameNumber(0);
        texts[i] = post.text;
        long index = written++;
        if (sink != null) {
            sink.settled(index);
        }
        return true;
    }

    /** Index one past the newest note; notes {@code max(0, end − capacity) .. end − 1} are held. */
    @Override
    public long end() {
        return written;
    }

    /**
     * The first held note that may touch recorded frame {@code frame} when read right after that frame's
     * {@link #settle}: every note before it settled before the frame ended, so it cannot overlap the frame (a note
     * settles only once every frame it overlaps has ended). A spike scans from here instead of every held note.
     */
    public long firstSettledSince(long frame) {
        long n = end();
        long oldest = oldest();
        while (n > oldest && settledAt[slot(n - 1)] >= frame) {
            n--;
        }
        return n;
    }

    /** Index of the oldest note still held. */
    @Override
    public long oldest() {
        return Math.max(0, written - capacity);
    }

    /** The note's kind. */
    public Kind kind(long note) {
        return kinds[slot(note)];
    }

    /** Who caused it (collector name, "Safepoint", the compiled method). */
    public String what(long note) {
        return whats[slot(note)];
    }

    /** Why (GC cause, safepoint operation, compiler), or empty. */
    public String detail(long note) {
        return details[slot(note)];
    }

    /** Start on the profiler's clock. */
    public long startNanos(long note) {
        return starts[slot(note)];
    }

    /** Duration in ns. */
    public long durationNanos(long note) {
        return durations[slot(note)];
    }

    /** The first recorded frame it overlapped, or -1 when none held. */
    public long firstFrame(long note) {
        return firstFrames[slot(note)];
    }

    /** The last recorded frame it overlapped, or -1. */
    public long lastFrame(long note) {
        return lastFrames[slot(note)];
    }

    /**
     * Whether the note is a pause of the Java threads: a GC pause (not a concurrent collector's cycle, which runs
     * beside the game) or a safepoint. A long compilation runs on a compiler thread: not a pause.
     */
    public boolean isPause(long note) {
        int i = slot(note);
        return switch (kinds[i]) {
            case GC -> !isCycle(details[i]);
            case SAFEPOINT -> true;
            case COMPILATION -> false;
        };
    }

    /** Whether the note overlapped recorded frame {@code frame}. */
    @Override
    public boolean touches(long note, long frame) {
        int i = slot(note);
        return firstFrames[i] >= 0 && firstFrames[i] <= frame && frame <= lastFrames[i];
    }

    /**
     * The note as text: {@code G1 Young Generation pause 11.2 ms (G1 Evacuation Pause)}; made by the thread that
     * posted it (a GC notification, the JFR stream), not inside the update() that settles it.
     */
    @Override
    public String text(long note) {
        return texts[slot(note)];
    }

    /** Whether a GC note's detail says it was a concurrent collector's cycle (as {@code GcNotes} and JFR post it). */
    private static boolean isCycle(String detail) {
        return detail.startsWith("concurrent cycle");
    }

    private static String format(Kind kind, String what, String detail, long durationNanos) {
        StringBuilder b = new StringBuilder(64).append(what).append(' ');
        b.append(switch (kind) {
            // A concurrent collector's cycle (ZGC, Shenandoah) runs beside the game: not a pause.
            case GC -> isCycle(detail) ? "cycle" : "pause";
            case SAFEPOINT -> "safepoint";
            case COMPILATION -> "compilation";
        });
        b.append(' ').append(Math.round(durationNanos / 1e5) / 10.0).append(" ms");
        if (!detail.isEmpty()) {
            b.append(" (").append(detail).append(')');
        }
        return b.toString();
    }

    private int slot(long note) {
        if (note < oldest() || note >= written) {
            throw new IndexOutOfBoundsException("note " + note + " not held (" + oldest() + ".." + written + ")");
        }
        return (int) (note % capacity);
    }
}
