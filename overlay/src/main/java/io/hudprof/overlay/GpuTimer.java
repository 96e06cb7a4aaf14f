package io.hudprof.overlay;

import static org.lwjgl.opengl.GL11.GL_VERSION;
import static org.lwjgl.opengl.GL11.glGetIntegerv;
import static org.lwjgl.opengl.GL11.glGetString;
import static org.lwjgl.opengl.GL15.GL_QUERY_COUNTER_BITS;
import static org.lwjgl.opengl.GL15.GL_QUERY_RESULT;
import static org.lwjgl.opengl.GL15.GL_QUERY_RESULT_AVAILABLE;
import static org.lwjgl.opengl.GL15.glBindBuffer;
import static org.lwjgl.opengl.GL15.glDeleteQueries;
import static org.lwjgl.opengl.GL15.glGenQueries;
import static org.lwjgl.opengl.GL15.glGetQueryObjectiv;
import static org.lwjgl.opengl.GL15.glGetQueryi;
import static org.lwjgl.opengl.GL32.glGetInteger64v;
import static org.lwjgl.opengl.GL33.GL_TIMESTAMP;
import static org.lwjgl.opengl.GL33.glGetQueryObjecti64v;
import static org.lwjgl.opengl.GL33.glQueryCounter;
import static org.lwjgl.opengl.GL44.GL_QUERY_BUFFER;
import static org.lwjgl.opengl.GL44.GL_QUERY_BUFFER_BINDING;

import io.hudprof.core.FrameListener;
import io.hudprof.core.GpuTimestamps;
import io.hudprof.core.GpuTrack;
import io.hudprof.core.Problem;
import io.hudprof.core.Profiler;
import io.hudprof.core.SelfZones;
import java.util.function.IntSupplier;

import org.lwjgl.glfw.GLFW;
import org.lwjgl.opengl.GL;
import org.lwjgl.opengl.GLCapabilities;

/**
 * Times {@link io.hudprof.core.GpuZone}s on the GPU of one OpenGL context with timestamp queries, never waiting for
 * the GPU. Create it on the render thread with the game's context current, once; the {@link Overlay} creates one
 * itself unless the game did. The timer is a {@link FrameListener}: each {@code Profiler.update()} ends the frame's
 * GPU zones and starts the next frame's, with no GL call (CPU bookkeeping only), so the driver's work is never
 * charged to {@code hudprof:update}. What the GPU has finished is collected by {@link #collect()}, once a frame where
 * GL work is done anyway: {@link Overlay#render} calls it first thing (hidden or not), so a game with the overlay, or
 * an engine adapter, calls nothing extra; a game that uses the timer without the overlay calls {@link #collect()}
 * itself after {@code update()}. Collecting is a zone of its own, {@code hudprof:GPU poll}.
 *
 * <p>How: every GPU zone begin and end is one {@code glQueryCounter(GL_TIMESTAMP)} (nested zones cannot use
 * {@code GL_TIME_ELAPSED}, which does not nest) from query objects made at creation, in a ring of
 * {@code frames} query sets. At each {@link #collect()} the oldest pending set is polled with
 * {@code GL_QUERY_RESULT_AVAILABLE} on its last query (results become available in order); only sets whose frame
 * ended before the last update are polled, as their commands were flushed by the buffer swap since: polling the
 * frame that just ended would make the driver flush it then and there (llvmpipe then rasterises the whole frame
 * inside the poll). When ready, a set's timestamps are read, put on the profiler's
 * clock with the offset measured once at creation ({@code glGetInteger64v(GL_TIMESTAMP)}; optional periodic
 * re-calibration, each one a CPU/GPU round trip) and handed to {@link GpuTrack#frameResolved}; when not, it stays
 * pending ({@link #pollsUnavailable()} counts those polls). Results become available once the driver has the
 * commands: every buffer swap flushes them; the timer itself never flushes or finishes. A frame that finds no free
 * set, or enters more zones than a set holds, loses its GPU zones and is counted ({@link Problem#GPU_FRAME_DROPPED}).
 *
 * <p>Never breaks the game: without OpenGL 3.3 or ARB_timer_query, or with {@code GL_QUERY_COUNTER_BITS} of 0, it logs
 * one line, marks GPU timing unavailable (the HUD says so) and GPU zones stay no-ops. Unbalanced ends are repaired
 * and a zone entered on another thread or with another (or no) context current is ignored, both counted; no GL
 * error is ever raised. It changes no GL binding the game can see ({@code GL_QUERY_BUFFER} is unbound around the
 * result reads only where it exists and is bound, and put back), and needs no query of its own to be active, so a
 * game's own {@code glBeginQuery} timers run undisturbed. Zero allocation per frame.
 *
 * <p>Counters of fewer than 64 bits wrap; the driver's wrap is not unwrapped (llvmpipe and current desktop drivers
 * give 64 bits).
 */
public final class GpuTimer implements GpuTimestamps, FrameListener, AutoCloseable {
    /** Query sets in the ring: how many frames may wait for the GPU before one is dropped. */
    public static final int DEFAULT_FRAMES = 6;
    /** Timestamps per frame: a GPU zone takes two. */
    public static final int DEFAULT_QUERIES_PER_FRAME = 512;
    private static final int MAX_DEPTH = 64;
    private static final byte FREE = 0;
    private static final byte RECORDING = 1;
    private static final byte PENDING = 2;

    private final Profiler profiler;
    private final GpuTrack track;
    private final String unavailableReason;
    private final Thread owner;
    /** The GLFW context current at creation, or 0 when the game does not use GLFW (then only the thread is checked). */
    private final long context;
    private final int frames;
    private final int queries;
    private final int eventsPerFrame;
    private final int recalibrateEvery;
    private final boolean queryBuffer;

    private final int[] queryIds;
    private final byte[] state;
    private final int[] used;
    private final int[] eventCount;
    private final long[] frameNumber;
    private final int[] eventCode;
    private final int[] eventQuery;
    private final int[] open = new int[MAX_DEPTH];
    private int depth;
    private int recording = -1;
    private boolean droppedCounted;
    private int nextSlot;
    /** Pending slots in the order their frames ended: results become available in that order. */
    private final int[] pending;
    private int pendingHead;
    private int pendingCount;
    /** Pending slots added since the last {@link #collect()}: the newest of them has not been flushed yet. */
    private int pendingSinceCollect;
    /**
     * Per slot, the query that closes the zones an update found still open (-1: none): issued at the next
     * {@link #collect()}, as the update makes no GL call.
     */
    private final int[] deferredClose;
    private final boolean selfProfiling;

    private final long[] stamps;
    private final int[] codes;
    private final long[] nanos;
    private final long[] longScratch = new long[1];
    private final int[] intScratch = new int[1];
    private long offsetNanos;
    private long calibrationNanos;
    private long framesSinceCalibration;
    private long pollsUnavailable;
    private long polls;
    private long framesResolved;
    private int lastResolvedCount;
    private long lostFrames;
    private boolean closed;

    private GpuTimer(Profiler profiler, String unavailableReason, int frames, int queries, int recalibrateEvery) {
        this.profiler = profiler;
        this.track = profiler.gpu();
        this.unavailableReason = unavailableReason;
        this.owner = Thread.currentThread();
        this.context = glfwContext();
        boolean works = unavailableReason == null;
        this.frames = works ? frames : 0;
        this.queries = works ? queries : 0;
        this.eventsPerFrame = queries * 2;
        this.recalibrateEvery = recalibrateEvery;
        GLCapabilities caps = GL.getCapabilities();
        this.queryBuffer = caps.OpenGL44 || caps.GL_ARB_query_buffer_object;
        this.queryIds = new int[this.frames * this.queries];
        this.state = new byte[this.frames];
        this.used = new int[this.frames];
        this.eventCount = new int[this.frames];
        this.frameNumber = new long[this.frames];
        this.pending = new int[this.frames];
        this.deferredClose = new int[this.frames];
        java.util.Arrays.fill(deferredClose, -1);
        this.selfProfiling = profiler.data().selfProfiling();
        this.eventCode = new int[this.frames * (works ? eventsPerFrame : 0)];
        this.eventQuery = new int[eventCode.length];
        this.stamps = new long[this.queries];
        this.codes = new int[works ? eventsPerFrame : 0];
        this.nanos = new long[codes.length];
        if (works) {
            glGenQueries(queryIds);
            calibrate();
            openFrame();
        }
    }

    /** A timer with {@link #DEFAULT_FRAMES} query sets of {@link #DEFAULT_QUERIES_PER_FRAME}, calibrated once. */
    public static GpuTimer create(Profiler profiler) {
        return create(profiler, DEFAULT_FRAMES, DEFAULT_QUERIES_PER_FRAME, 0);
    }

    /**
     * Creates the timer for the context current on this thread and installs it as {@code profiler}'s GPU backend.
     *
     * @param frames           query sets in the ring (2..64): frames that may wait for the GPU at once
     * @param queriesPerFrame  timestamps per frame (2..65536); a GPU zone takes two
     * @param recalibrateEvery re-measure the CPU/GPU clock offset every this many frames (0: only at creation). Each
     *                         re-calibration is one {@code glGetInteger64v(GL_TIMESTAMP)}, a round trip to the driver
     *                         that waits for the commands submitted so far to reach the GPU
     *                         ({@link #calibrationNanos()})
     * @throws IllegalArgumentException for a size out of range
     * @throws IllegalStateException    when no OpenGL context is current on this thread
     */
    public static GpuTimer create(Profiler profiler, int frames, int queriesPerFrame, int recalibrateEvery) {
        return create(profiler, frames, queriesPerFrame, recalibrateEvery, () -> glGetQueryi(GL_TIMESTAMP,
                GL_QUERY_COUNTER_BITS));
    }

    /** {@link #create(Profiler, int, int, int)} with the counter-bits query replaceable, for tests. */
    static GpuTimer create(Profiler profiler, int frames, int queriesPerFrame, int recalibrateEvery,
                           IntSupplier counterBits) {
        if (profiler == null) {
            throw new IllegalArgumentException("profiler is null: pass the Profiler the game updates each frame");
        }
        if (frames < 2 || frames > 64 || queriesPerFrame < 2 || queriesPerFrame > 65_536 || recalibrateEvery < 0) {
            throw new IllegalArgumentException("GpuTimer: frames must be 2..64 (got " + frames + "), queriesPerFrame "
                    + "2..65536 (got " + queriesPerFrame + "), recalibrateEvery 0 or more (got " + recalibrateEvery
                    + ")");
        }
        GLCapabilities caps;
        try {
            caps = GL.getCapabilities();
        } catch (IllegalStateException e) {
            throw new IllegalStateException("hudprof GpuTimer: no OpenGL context is current on this thread; create "
                    + "it on the game's render thread after its GL.createCapabilities()", e);
        }
        String reason = null;
        if (!caps.OpenGL33 && !caps.GL_ARB_timer_query) {
            reason = "GPU timing unavailable: OpenGL " + glGetString(GL_VERSION) + " has neither OpenGL 3.3 nor "
                    + "ARB_timer_query; GPU zones record nothing (a 3.3+ context or a newer driver has them)";
        } else if (counterBits.getAsInt() == 0) {
            reason = "GPU timing unavailable: the driver's timestamp counter has 0 bits (GL_QUERY_COUNTER_BITS); "
                    + "GPU zones record nothing";
        }
        GpuTimer timer = new GpuTimer(profiler, reason, frames, queriesPerFrame, recalibrateEvery);
        if (reason != null) {
            System.getLogger("io.hudprof.overlay").log(System.Logger.Level.WARNING, reason);
            profiler.gpu().markUnavailable(reason);
        } else {
            profiler.gpu().install(timer);
            profiler.addFrameListener(timer);
        }
        return timer;
    }

    /** Whether GPU zones record through this timer. */
    public boolean available() {
        return unavailableReason == null && !closed;
    }

    /** Why GPU timing is unavailable on this context, or {@code null}. */
    public String unavailableReason() {
        return unavailableReason;
    }

    @Override
    public void begin(int zoneId) {
        if (!usable()) {
            return;
        }
        int slot = recording;
        if (slot < 0) {
            dropFrame();
            return;
        }
        if (depth == MAX_DEPTH || used[slot] == queries || eventCount[slot] == eventsPerFrame) {
            overflow(slot);
            return;
        }
        int query = slot * queries + used[slot]++;
        glQueryCounter(queryIds[query], GL_TIMESTAMP);
        event(slot, zoneId, query);
        open[depth++] = zoneId;
    }

    @Override
    public void end(int zoneId) {
        if (!usable()) {
            return;
        }
        int slot = recording;
        if (slot < 0) {
            return;
        }
        int at = depth - 1;
        while (at >= 0 && open[at] != zoneId) {
            at--;
        }
        if (at < 0) {
            track.count(Problem.GPU_UNBALANCED);
            return;
        }
        if (at != depth - 1) {
            // Zones opened inside it were not ended: they end with it, at its timestamp.
            track.count(Problem.GPU_UNBALANCED);
        }
        closeTo(slot, at);
    }

    /** Ends the open zones down to stack position {@code at} with one timestamp. */
    private void closeTo(int slot, int at) {
        if (used[slot] == queries || eventCount[slot] + (depth - at) > eventsPerFrame) {
            overflow(slot);
            return;
        }
        int query = slot * queries + used[slot]++;
        glQueryCounter(queryIds[query], GL_TIMESTAMP);
        while (depth > at) {
            event(slot, ~open[--depth], query);
        }
    }

    private void event(int slot, int code, int query) {
        int e = slot * eventsPerFrame + eventCount[slot]++;
        eventCode[e] = code;
        eventQuery[e] = query;
    }

    /** The zone was entered on the thread and context this timer times; otherwise counted, and nothing touches GL. */
    private boolean usable() {
        if (closed) {
            return false;
        }
        if (Thread.currentThread() != owner || (context != 0 && GLFW.glfwGetCurrentContext() != context)) {
            track.count(Problem.GPU_NO_CONTEXT);
            return false;
        }
        return true;
    }

    private void overflow(int slot) {
        state[slot] = FREE;
        recording = -1;
        depth = 0;
        dropFrame();
    }

    private void dropFrame() {
        if (!droppedCounted) {
            droppedCounted = true;
            track.count(Problem.GPU_FRAME_DROPPED);
        }
    }

    /**
     * At each {@code Profiler.update()}: ends the frame's GPU zones (zones still open are counted, and closed by one
     * timestamp at the next {@link #collect()}) and starts the next frame's, with no GL call. Part of the timer's
     * contract with the profiler; not for the game to call.
     */
    @Override
    public void frameEnded(long frameNanos, boolean recorded) {
        if (closed) {
            return;
        }
        if (Thread.currentThread() != owner) {
            track.count(Problem.GPU_NO_CONTEXT);
            return;
        }
        int slot = recording;
        if (slot >= 0) {
            if (depth > 0) {
                track.count(Problem.GPU_UNBALANCED);
                deferClose(slot);
            }
            if (recording >= 0) {
                if (recorded && eventCount[slot] > 0) {
                    state[slot] = PENDING;
                    frameNumber[slot] = profiler.recordedFrames();
                    pending[(pendingHead + pendingCount) % frames] = slot;
                    pendingCount++;
                    pendingSinceCollect++;
                } else {
                    state[slot] = FREE;
                    deferredClose[slot] = -1;
                }
            }
        }
        depth = 0;
        openFrame();
    }

    /** Reserves the query that ends every open zone of the frame; {@link #collect()} issues it. */
    private void deferClose(int slot) {
        if (used[slot] == queries || eventCount[slot] + depth > eventsPerFrame) {
            overflow(slot);
            return;
        }
        int query = slot * queries + used[slot]++;
        deferredClose[slot] = query;
        while (depth > 0) {
            event(slot, ~open[--depth], query);
        }
    }

    /**
     * Collects what the GPU has finished: the GL half of the timer's frame, never waiting for the GPU. Call it once a
     * frame on the render thread with the timer's context current, after {@code Profiler.update()}, where the game
     * does GL work anyway; {@link Overlay#render} does, so a game with the overlay calls nothing. Frames that no
     * {@code collect()} picks up wait in the ring, and once it is full new frames are dropped and counted
     * ({@link Problem#GPU_FRAME_DROPPED}). Recorded as the zone {@code hudprof:GPU poll} while self-profiling is on.
     */
    public void collect() {
        if (closed || pendingCount == 0 && recalibrateEvery == 0) {
            pendingSinceCollect = 0;
            return;
        }
        if (!usable()) {
            return;
        }
        if (!selfProfiling) {
            collectNow();
            return;
        }
        SelfZones.GPU_POLL.begin();
        try {
            collectNow();
        } finally {
            SelfZones.GPU_POLL.end();
        }
    }

    /**
     * Like {@link #collect()} where nobody reads live GPU numbers (the HUD hidden): the results are read only once the
     * ring is two sets short of full, so the driver sync that reading takes happens every few frames instead of every
     * frame; every frame is still resolved, into its own history frame, a few frames later. On an NVIDIA H200 the
     * state query before the reads ({@code glGetIntegerv(GL_QUERY_BUFFER_BINDING)}) waited for the driver's queued
     * commands: 166 us in a frame of 400 commands, against 22 us for the whole frame without it. Zones an update found
     * open are still closed here every call, at the timestamp {@link #collect()} would give them.
     */
    public void collectBatched() {
        int batch = Math.max(1, frames - 2);
        if (closed || pendingCount >= batch || recalibrateEvery > 0) {
            collect();
            return;
        }
        if (pendingCount == 0 || !usable()) {
            pendingSinceCollect = 0;
            return;
        }
        issueDeferredCloses();
        // A swap has flushed the frames ended before this call: the next collect may poll them.
        pendingSinceCollect = 0;
    }

    private void collectNow() {
        issueDeferredCloses();
        // The newest frame ended at the last update and has not been through a buffer swap: its results cannot be
        // ready, and asking would make the driver flush it here.
        int pollable = pendingCount - (pendingSinceCollect > 0 ? 1 : 0);
        pendingSinceCollect = 0;
        poll(pollable);
        if (recalibrateEvery > 0 && ++framesSinceCalibration >= recalibrateEvery) {
            calibrate();
        }
    }

    /** Issues the timestamp that closes the zones an update found still open in each pending frame. */
    private void issueDeferredCloses() {
        for (int i = 0; i < pendingCount; i++) {
            int slot = pending[(pendingHead + i) % frames];
            if (deferredClose[slot] >= 0) {
                glQueryCounter(queryIds[deferredClose[slot]], GL_TIMESTAMP);
                deferredClose[slot] = -1;
            }
        }
    }

    /** Resolves up to {@code pollable} pending frames oldest first while their results are available; never waits. */
    private void poll(int pollable) {
        if (pollable <= 0) {
            return;
        }
        polls++;
        int boundBuffer = 0;
        if (queryBuffer) {
            // With a buffer bound to GL_QUERY_BUFFER, a query read writes into that buffer at the "pointer" offset
            // instead of into our memory: unbind the game's around the reads, then put it back.
            glGetIntegerv(GL_QUERY_BUFFER_BINDING, intScratch);
            boundBuffer = intScratch[0];
            if (boundBuffer != 0) {
                glBindBuffer(GL_QUERY_BUFFER, 0);
            }
        }
        while (pollable > 0) {
            int slot = pending[pendingHead];
            if (!resultAvailable(slot)) {
                pollsUnavailable++;
                int newest = pending[(pendingHead + pollable - 1) % frames];
                if (pollable == 1 || !resultAvailable(newest)) {
                    break;
                }
                // Results become available in submission order, so a younger frame's being ready while this one is
                // not means the driver lost this one's (llvmpipe does, now and then): give it up instead of letting
                // it hold the ring forever.
                lostFrames++;
                track.count(Problem.GPU_FRAME_DROPPED);
            } else {
                resolve(slot);
            }
            state[slot] = FREE;
            pendingHead = (pendingHead + 1) % frames;
            pendingCount--;
            pollable--;
        }
        if (boundBuffer != 0) {
            glBindBuffer(GL_QUERY_BUFFER, boundBuffer);
        }
    }

    private boolean resultAvailable(int slot) {
        glGetQueryObjectiv(queryIds[slot * queries + used[slot] - 1], GL_QUERY_RESULT_AVAILABLE, intScratch);
        return intScratch[0] != 0;
    }

    private void resolve(int slot) {
        int base = slot * queries;
        for (int q = 0; q < used[slot]; q++) {
            glGetQueryObjecti64v(queryIds[base + q], GL_QUERY_RESULT, longScratch);
            stamps[q] = longScratch[0] + offsetNanos;
        }
        int count = eventCount[slot];
        int firstEvent = slot * eventsPerFrame;
        for (int e = 0; e < count; e++) {
            codes[e] = eventCode[firstEvent + e];
            nanos[e] = stamps[eventQuery[firstEvent + e] - base];
        }
        lastResolvedCount = count;
        if (track.frameResolved(frameNumber[slot], codes, nanos, count)) {
            framesResolved++;
        }
    }

    private void openFrame() {
        droppedCounted = false;
        depth = 0;
        recording = -1;
        for (int i = 0; i < frames; i++) {
            int slot = (nextSlot + i) % frames;
            if (state[slot] == FREE) {
                state[slot] = RECORDING;
                used[slot] = 0;
                eventCount[slot] = 0;
                recording = slot;
                nextSlot = (slot + 1) % frames;
                return;
            }
        }
    }

    /** Measures the GPU clock against the profiler's: offset = CPU time at the middle of the read − GPU time. */
    private void calibrate() {
        long before = track.clockNanos();
        glGetInteger64v(GL_TIMESTAMP, longScratch);
        long after = track.clockNanos();
        offsetNanos = before + (after - before) / 2 - longScratch[0];
        calibrationNanos = after - before;
        framesSinceCalibration = 0;
    }

    /** What the last calibration's {@code glGetInteger64v(GL_TIMESTAMP)} cost the CPU, in ns: its stall. */
    public long calibrationNanos() {
        return calibrationNanos;
    }

    /** Times results were read (each one GL state query and a sync with the driver), found ready or not. */
    public long polls() {
        return polls;
    }

    /** Polls that found the oldest pending frame's results not yet available (and so did not wait for them). */
    public long pollsUnavailable() {
        return pollsUnavailable;
    }

    /**
     * Pending frames given up because a younger frame's results were ready while theirs never became so (counted as
     * dropped too).
     */
    public long lostFrames() {
        return lostFrames;
    }

    /** Frames whose GPU zones were resolved and handed to the profiler. */
    public long framesResolved() {
        return framesResolved;
    }

    /** The last frame handed to the profiler: its event count, codes and times (valid until the next one); tests. */
    int lastResolvedCount() {
        return lastResolvedCount;
    }

    int[] lastResolvedCodes() {
        return codes;
    }

    long[] lastResolvedNanos() {
        return nanos;
    }

    /**
     * Uninstalls the timer from the profiler and deletes its queries. Call it with the context current; if the
     * context is gone already (context loss), the queries went with it and only the uninstall happens.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        track.uninstall(this);
        profiler.removeFrameListener(this);
        if (queryIds.length > 0 && Thread.currentThread() == owner
                && (context == 0 || GLFW.glfwGetCurrentContext() == context)) {
            glDeleteQueries(queryIds);
        }
    }

    private static long glfwContext() {
        try {
            return GLFW.glfwGetCurrentContext();
        } catch (RuntimeException | LinkageError e) {
            return 0;
        }
    }
}
