package io.hudprof.pstats;

import io.hudprof.pstats.ControlMessage.ClientHello;
import io.hudprof.pstats.ControlMessage.DefineCollectors;
import io.hudprof.pstats.ControlMessage.DefineThreads;
import io.hudprof.pstats.ControlMessage.ExpireThread;
import java.util.Arrays;

/**
 * The server side of one client connection, independent of sockets: feed it TCP payloads and UDP datagrams and it
 * keeps the client's version, collectors and threads and hands each frame to a {@link SessionListener}. Follows
 * the protocol note's §8 checklist: frame data before the hello is ignored (counted), a client whose major version
 * is not 3 or whose minor is above 2 is refused, unknown control types are skipped (counted), datagrams with a bad
 * checksum are dropped (counted).
 *
 * <p>Frames are handed on only after the definitions they need: definitions travel over TCP and frames mostly over
 * UDP, read on two threads, so a frame can arrive before the thread name or collectors it uses. Such a frame, and
 * every frame after it (order is kept), is held, up to {@link #MAX_HELD} frames, until the definitions arrive; past
 * that, or when the session ends, the oldest is handed on as it is (counted, {@link #framesUndefined()}).
 *
 * <p>A {@link PStatsFormatException} from {@link #tcpPayload} means the TCP stream can no longer be trusted and the
 * caller should drop the client; one from {@link #udpDatagram} only drops that datagram. Not thread-safe by
 * itself: the server calls it under the session's monitor.
 */
public final class PStatsSession {
    private final String peer;
    private final SessionListener listener;
    private final ClientBudget budget;
    private final CollectorTable collectors = new CollectorTable();
    /** Characters of the names this client has defined now (collector names and units, thread names). */
    private long nameBytes;
    private int threadsDefined;
    private final FrameData frame = new FrameData();
    private String[] threadNames = new String[4];
    private boolean[] threadAlive = new boolean[4];
    private ClientHello hello;
    private long framesBeforeHello;
    private long unknownMessages;
    private long badDatagrams;
    private long frames;
    private long framesUndefined;
    /** Frames that wait for their definitions, oldest at {@link #heldHead}; copies made on first use. */
    private final FrameData[] held = new FrameData[MAX_HELD];
    private int heldHead;
    private int heldCount;

    /** Time events and levels in the frames held now, at most {@link #MAX_HELD_VALUES}. */
    private int heldValues;

    /** Frames held at most while their thread or collectors are not defined yet. */
    public static final int MAX_HELD = 32;
    /** Events and levels held at most, over all held frames (a few hundred KiB of copies). */
    public static final int MAX_HELD_VALUES = 1 << 15;
    /** A held copy that grew past this many values is let go after use, so only held frames hold memory. */
    static final int SHRINK_VALUES = 4096;

    /** @param peer how logs name this client (its address) */
    public PStatsSession(String peer, SessionListener listener) {
        this(peer, listener, ClientBudget.defaults());
    }

    /** A session whose client's definitions are held to {@code budget}. */
    public PStatsSession(String peer, SessionListener listener, ClientBudget budget) {
        this.peer = peer;
        this.listener = listener;
        this.budget = budget;
    }

    /** One TCP payload (after its length prefix). */
    public void tcpPayload(byte[] buf, int off, int len) throws PStatsFormatException {
        if (PStatsCodec.isFrameData(buf, off, len)) {
            frameData(buf, off, len);
            return;
        }
        ControlMessage msg = PStatsCodec.decodeControl(buf, off, len);
        // (Pattern switches over sealed types need Java 21; this module targets 17.)
        if (msg instanceof ClientHello h) {
            acceptHello(h);
        } else if (msg instanceof DefineCollectors d) {
            for (CollectorDef def : d.collectors()) {
                defineCollector(def);
            }
            listener.definitionsChanged(this);
            releaseHeld(false);
        } else if (msg instanceof DefineThreads t) {
            for (int i = 0; i < t.names().size(); i++) {
                defineThread(t.firstIndex() + i, t.names().get(i));
            }
            listener.definitionsChanged(this);
            releaseHeld(false);
        } else if (msg instanceof ExpireThread e) {
            if (e.threadIndex() < threadAlive.length) {
                threadAlive[e.threadIndex()] = false;
            }
            listener.threadExpired(this, e.threadIndex());
        } else {
            unknownMessages++;
        }
    }

    /** One UDP datagram: checksum and payload. */
    public void udpDatagram(byte[] buf, int off, int len) throws PStatsFormatException {
        int payload;
        try {
            payload = PStatsCodec.verifyDatagram(buf, off, len);
        } catch (PStatsFormatException e) {
            badDatagrams++;
            throw e;
        }
        int plen = len - (payload - off);
        if (!PStatsCodec.isFrameData(buf, payload, plen)) {
            badDatagrams++;
            throw new PStatsFormatException("UDP payload is not frame data");
        }
        frameData(buf, payload, plen);
    }

    private void acceptHello(ClientHello h) throws PStatsFormatException {
        if (h.major() != PStatsCodec.MAJOR || h.minor() > PStatsCodec.MINOR) {
            throw new PStatsFormatException("client speaks PStats " + h.major() + "." + h.minor()
                    + ", this server speaks 3.0 to 3.2");
        }
        hello = h;
        listener.hello(this);
    }

    private void defineCollector(CollectorDef def) throws PStatsFormatException {
        CollectorDef old = collectors.def(def.index());
        if (old == null && collectors.definedCount() >= budget.maxCollectors()) {
            throw new PStatsFormatException("client defines more than " + budget.maxCollectors()
                    + " collectors, the limit per client (raise it with -Dhudprof.pstats.maxCollectors)");
        }
        long bytes = nameBytes + def.name().length() + def.levelUnits().length()
                - (old == null ? 0 : old.name().length() + old.levelUnits().length());
        checkNameBytes(bytes);
        collectors.define(def);
        nameBytes = bytes;
    }

    private void checkNameBytes(long bytes) throws PStatsFormatException {
        if (bytes > budget.maxNameBytes()) {
            throw new PStatsFormatException("client's collector and thread names pass " + budget.maxNameBytes()
                    + " characters, the limit per client (raise it with -Dhudprof.pstats.maxNameBytes)");
        }
    }

    private void defineThread(int index, String name) throws PStatsFormatException {
        String old = index < threadNames.length ? threadNames[index] : null;
        if (old == null && threadsDefined >= budget.maxThreads()) {
            throw new PStatsFormatException("client defines more than " + budget.maxThreads()
                    + " threads, the limit per client (raise it with -Dhudprof.pstats.maxThreads)");
        }
        boolean replaces = !name.isEmpty() || old == null;
        long bytes = replaces ? nameBytes + name.length() - (old == null ? 0 : old.length()) : nameBytes;
        checkNameBytes(bytes);
        nameBytes = bytes;
        if (old == null) {
            threadsDefined++;
        }
        if (index >= threadNames.length) {
            int n = Math.min(PStatsCodec.MAX_THREAD_INDEX + 1, Math.max(index + 1, threadNames.length * 2));
            threadNames = Arrays.copyOf(threadNames, n);
            threadAlive = Arrays.copyOf(threadAlive, n);
        }
        // An empty name is a 3.2 client's placeholder for a deleted thread: it never overwrites a name.
        if (!name.isEmpty() || threadNames[index] == null) {
            threadNames[index] = name;
        }
        threadAlive[index] = !name.isEmpty();
    }

    private void frameData(byte[] buf, int off, int len) throws PStatsFormatException {
        if (hello == null) {
            framesBeforeHello++;
            return;
        }
        PStatsCodec.decodeFrame(buf, off, len, hello.wideCounts(), frame);
        frames++;
        if (heldCount == 0 && defined(frame)) {
            listener.frame(this, frame);
            return;
        }
        int values = frame.eventCount() + frame.levelCount();
        if (values > MAX_HELD_VALUES) {
            // Too big to copy: everything before it goes first, then it, as it is.
            releaseHeld(true);
            framesUndefined++;
            listener.frame(this, frame);
            return;
        }
        while (heldCount == MAX_HELD || heldValues + values > MAX_HELD_VALUES) {
            releaseOldest();
        }
        int slot = (heldHead + heldCount) % MAX_HELD;
        if (held[slot] == null) {
            held[slot] = new FrameData();
        }
        held[slot].copyFrom(frame);
        heldCount++;
        heldValues += values;
        releaseHeld(false);
    }

    /** Whether the frame's thread and every collector it uses are defined. */
    private boolean defined(FrameData f) {
        int t = f.threadIndex();
        if (t >= threadNames.length || threadNames[t] == null) {
            return false;
        }
        for (int i = 0; i < f.eventCount(); i++) {
            if (!collectors.isDefined(f.eventCollector(i))) {
                return false;
            }
        }
        for (int i = 0; i < f.levelCount(); i++) {
            if (!collectors.isDefined(f.levelCollector(i))) {
                return false;
            }
        }
        return true;
    }

    /** Hands on held frames from the oldest while their definitions are there ({@code all}: every one). */
    private void releaseHeld(boolean all) {
        while (heldCount > 0 && (all || defined(held[heldHead]))) {
            releaseOldest();
        }
    }

    private void releaseOldest() {
        int slot = heldHead;
        FrameData f = held[slot];
        heldHead = (heldHead + 1) % MAX_HELD;
        heldCount--;
        int values = f.eventCount() + f.levelCount();
        heldValues -= values;
        if (values > SHRINK_VALUES) {
            held[slot] = null;
        }
        if (!defined(f)) {
            framesUndefined++;
        }
        listener.frame(this, f);
    }

    /** The session ended: hands on the frames still held, then tells the listener, once per call. */
    public void close(String reason) {
        try {
            releaseHeld(true);
        } finally {
            listener.closed(this, reason);
        }
    }

    /** Frames handed on before their thread or collectors were defined (held as long as allowed). */
    public long framesUndefined() {
        return framesUndefined;
    }

    public String peer() {
        return peer;
    }

    /** The accepted hello, or null before it. */
    public ClientHello hello() {
        return hello;
    }

    public CollectorTable collectors() {
        return collectors;
    }

    /** The thread's name, or {@code "thread N"} when it was never (or only emptily) defined. */
    public String threadName(int index) {
        String name = index >= 0 && index < threadNames.length ? threadNames[index] : null;
        return name == null || name.isEmpty() ? "thread " + index : name;
    }

    /** Whether the client has defined this thread index (with a name, or the empty name of a deleted thread). */
    public boolean threadDefined(int index) {
        return index >= 0 && index < threadNames.length && threadNames[index] != null;
    }

    /** Whether a thread is defined with a name and not expired. */
    public boolean threadAlive(int index) {
        return index >= 0 && index < threadAlive.length && threadAlive[index];
    }

    /** Thread indices the client has defined (with a name or the empty name of a deleted thread). */
    public int threadsDefined() {
        return threadsDefined;
    }

    public long frames() {
        return frames;
    }

    public long framesBeforeHello() {
        return framesBeforeHello;
    }

    public long unknownMessages() {
        return unknownMessages;
    }

    public long badDatagrams() {
        return badDatagrams;
    }
}
