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
 * <p>A {@link PStatsFormatException} from {@link #tcpPayload} means the TCP stream can no longer be trusted and the
 * caller should drop the client; one from {@link #udpDatagram} only drops that datagram. Not thread-safe by
 * itself: the server calls it under the session's monitor.
 */
public final class PStatsSession {
    private final String peer;
    private final SessionListener listener;
    private final CollectorTable collectors = new CollectorTable();
    private final FrameData frame = new FrameData();
    private String[] threadNames = new String[4];
    private boolean[] threadAlive = new boolean[4];
    private ClientHello hello;
    private long framesBeforeHello;
    private long unknownMessages;
    private long badDatagrams;
    private long frames;

    /** @param peer how logs name this client (its address) */
    public PStatsSession(String peer, SessionListener listener) {
        this.peer = peer;
        this.listener = listener;
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
                collectors.define(def);
            }
            listener.definitionsChanged(this);
        } else if (msg instanceof DefineThreads t) {
            for (int i = 0; i < t.names().size(); i++) {
                defineThread(t.firstIndex() + i, t.names().get(i));
            }
            listener.definitionsChanged(this);
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

    private void defineThread(int index, String name) {
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
        listener.frame(this, frame);
    }

    /** The session ended; tells the listener once per call. */
    public void close(String reason) {
        listener.closed(this, reason);
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

    /** Whether a thread is defined with a name and not expired. */
    public boolean threadAlive(int index) {
        return index >= 0 && index < threadAlive.length && threadAlive[index];
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
