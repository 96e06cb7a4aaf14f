package io.hudprof.pstats;

import io.hudprof.core.FrameListener;
import io.hudprof.core.Profiler;
import io.hudprof.core.Zone;
import io.hudprof.core.report.StatusSource;
import io.hudprof.core.report.Annexes;
import io.hudprof.core.report.ReportAnnex;
import io.hudprof.core.report.ReportController;
import io.hudprof.stats.FrameStatistics;
import java.io.IOException;
import java.io.OutputStream;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * Streams a {@link Profiler}'s frames to a PStats server (Panda3D's pstats or text-stats, or hudprof-viewer),
 * speaking protocol 3.2.
 *
 * <p><b>Game thread.</b> Registered as a {@link FrameListener}: at the end of each recorded frame, at most
 * {@code maxRate} times a second of the profiler's clock, it copies the frame's per-state values into a
 * preallocated slot of a bounded queue and returns. It never waits and never allocates in steady state; when the
 * queue is full or no server is connected the frame is dropped and counted ({@link #droppedFrames()}).
 *
 * <p><b>Sender thread.</b> Connects (TCP), sends the hello and waits for the server's, then per frame sends new
 * collector and thread definitions (statistics as level collectors, see {@link SnapshotEncoder}), expiries, and one
 * frame-data message per thread: over UDP with its checksum
 * when it fits in 1500 bytes, over TCP otherwise, over TCP when the frame came with new definitions (so it cannot
 * overtake them), and over TCP only once a UDP send failed. A refused or lost
 * connection is one log line; it reconnects with a back-off from 0.5 s doubling to 10 s, and the game goes on.
 * See {@link SnapshotEncoder} for how frames become PStats collectors and events.
 *
 * <p><b>HUD.</b> A {@link StatusSource}, plugged in as the profiler's status (a report annex,
 * {@code Annexes.of(profiler).add}) while it streams unless another is: the HUD shows "PStats 3 dropped" (or "PStats off, 3 dropped" while no server is
 * connected) after its title, so a slow viewer is seen in the game.
 */
public final class PStatsClient implements FrameListener, StatusSource, ReportAnnex, AutoCloseable {
    /** This listener's work in {@code update()}: the frame's packets to the PStats server. */
    private static final Zone SELF_ZONE = Zone.define("hudprof:PStats client");

    /** The property naming the server: {@code host} or {@code host:port}. */
    public static final String PROPERTY = "hudprof.pstats";
    /** The environment variable used when the property is absent. */
    public static final String ENVIRONMENT = "HUDPROF_PSTATS";
    /** The property limiting frames sent per second (default 30). */
    public static final String MAX_RATE_PROPERTY = "hudprof.pstats.maxRate";

    /** Client settings. */
    public record Options(double maxRate, int queueFrames, String progname, boolean udp, Consumer<String> log) {
        public static Options defaults() {
            return new Options(30, 8, "hudprof", true, line -> System.err.println("hudprof pstats: " + line));
        }

        public Options withMaxRate(double rate) {
            return new Options(rate, queueFrames, progname, udp, log);
        }

        public Options withUdp(boolean useUdp) {
            return new Options(maxRate, queueFrames, progname, useUdp, log);
        }

        public Options withLog(Consumer<String> sink) {
            return new Options(maxRate, queueFrames, progname, udp, sink);
        }
    }

    /** Clients started from the properties, one per profiler (profilers live as long as the game: no cleanup). */
    private static final Map<Profiler, PStatsClient> FROM_PROPERTIES = new WeakHashMap<>();

    private static final long MIN_BACKOFF_NANOS = TimeUnit.MILLISECONDS.toNanos(500);
    private static final long MAX_BACKOFF_NANOS = TimeUnit.SECONDS.toNanos(10);

    private final Profiler profiler;
    private final String host;
    private final int port;
    private final Options options;
    private final long minIntervalNanos;
    private final FrameQueue queue;
    private final Thread sender;

    // Game thread only.
    private boolean afterStatistics;
    private long clockNanos;
    private long sinceLastSent = Long.MAX_VALUE / 2;
    // Written by both threads, counters only.
    private final AtomicLong dropped = new AtomicLong();
    private final AtomicLong sent = new AtomicLong();
    private volatile boolean connected;
    private volatile boolean closed;

    // Sender thread only.
    private final SnapshotEncoder encoder = new SnapshotEncoder();
    private final WireWriter out = new WireWriter(PStatsCodec.MAX_TCP_PAYLOAD);
    private Socket socket;
    private OutputStream tcp;
    private DatagramSocket udp;
    private InetSocketAddress udpTarget;
    private boolean udpFailed;

    private PStatsClient(Profiler profiler, String host, int port, Options options) {
        this.profiler = profiler;
        this.host = host;
        this.port = port;
        this.options = options;
        this.minIntervalNanos = (long) (1e9 / options.maxRate());
        this.queue = new FrameQueue(options.queueFrames());
        this.sender = new Thread(this::run, "hudprof-pstats-sender");
        sender.setDaemon(true);
    }

    /** Streams {@code profiler} to {@code host:port} with default options; see {@link #connect(Profiler, String, int, Options)}. */
    public static PStatsClient connect(Profiler profiler, String host, int port) {
        return connect(profiler, host, port, Options.defaults().withMaxRate(maxRateFromProperty()));
    }

    /**
     * Starts streaming: registers on the profiler and starts the sender thread, which connects in the background
     * (this call does not wait for the server).
     *
     * @throws IllegalArgumentException for a port outside 1..65535, a rate not above 0, or a queue under 1
     */
    public static PStatsClient connect(Profiler profiler, String host, int port, Options options) {
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("hudprof: PStats port " + port + " is not valid; give 1..65535");
        }
        if (!(options.maxRate() > 0) || options.queueFrames() < 1) {
            throw new IllegalArgumentException("hudprof: PStats maxRate must be above 0 and queueFrames at least 1");
        }
        PStatsClient client = new PStatsClient(profiler, host, port, options);
        profiler.addFrameListener(client);
        if (ReportController.of(profiler).status() == null) {
            // The HUD shows the stream's dropped frames after its title while this client streams.
            Annexes.of(profiler).add(client);
        }
        client.sender.start();
        return client;
    }

    /**
     * Connects when {@code -Dhudprof.pstats=host[:port]} or {@code HUDPROF_PSTATS} is set; the rate comes from
     * {@code -Dhudprof.pstats.maxRate}. Needs no call from the game: with this module on the class path,
     * {@link PStatsInstallHook} calls it when a profiler is installed. One client per profiler: a second call for
     * the same profiler (the game's own, after the hook's) returns the client already streaming.
     *
     * @return the client, or null when neither is set
     * @throws IllegalArgumentException naming the property and the accepted forms when a value is not valid
     */
    public static PStatsClient startFromProperties(Profiler profiler) {
        String value = System.getProperty(PROPERTY);
        String source = "-D" + PROPERTY;
        if (value == null) {
            value = System.getenv(ENVIRONMENT);
            source = ENVIRONMENT;
        }
        if (value == null || value.isBlank()) {
            return null;
        }
        HostPort target = HostPort.parse(value, source);
        double maxRate = maxRateFromProperty();
        synchronized (FROM_PROPERTIES) {
            PStatsClient running = FROM_PROPERTIES.get(profiler);
            if (running != null && !running.closed) {
                return running;
            }
            PStatsClient client = connect(profiler, target.host(), target.port(),
                    Options.defaults().withMaxRate(maxRate));
            FROM_PROPERTIES.put(profiler, client);
            return client;
        }
    }

    static double maxRateFromProperty() {
        String value = System.getProperty(MAX_RATE_PROPERTY);
        if (value == null) {
            return 30;
        }
        try {
            double rate = Double.parseDouble(value.trim());
            if (rate > 0 && rate <= 100_000) {
                return rate;
            }
        } catch (NumberFormatException ignored) {
            // the message below names the fix
        }
        throw new IllegalArgumentException("hudprof: -D" + MAX_RATE_PROPERTY + "=" + value
                + " is not valid; give frames per second above 0 (default 30), e.g. 60");
    }

    /** A PStats server address. */
    record HostPort(String host, int port) {
        static HostPort parse(String value, String source) {
            String v = value.trim();
            String hostPart = v;
            String portPart = null;
            if (v.startsWith("[")) {
                int close = v.indexOf(']');
                if (close > 1) {
                    hostPart = v.substring(1, close);
                    portPart = v.length() > close + 1 && v.charAt(close + 1) == ':' ? v.substring(close + 2) : null;
                    if (portPart == null && v.length() > close + 1) {
                        hostPart = "";
                    }
                } else {
                    hostPart = "";
                }
            } else if (v.indexOf(':') >= 0 && v.indexOf(':') == v.lastIndexOf(':')) {
                hostPart = v.substring(0, v.indexOf(':'));
                portPart = v.substring(v.indexOf(':') + 1);
            }
            int port = 5185;
            boolean ok = !hostPart.isEmpty() && hostPart.chars().noneMatch(Character::isWhitespace);
            if (ok && portPart != null) {
                try {
                    port = Integer.parseInt(portPart);
                    ok = port >= 1 && port <= 65535;
                } catch (NumberFormatException e) {
                    ok = false;
                }
            }
            if (!ok) {
                throw new IllegalArgumentException("hudprof: " + source + "=" + value + " is not valid; give host"
                        + " or host:port (port 1..65535, default 5185), e.g. localhost:5185 or [::1]:5185");
            }
            return new HostPort(hostPart, port);
        }
    }

    // ---- game thread ----------------------------------------------------------------------------------------

    @Override
    public Zone selfZone() {
        return SELF_ZONE;
    }

    @Override
    public void frameEnded(long frameNanos, boolean recorded) {
        if (!afterStatistics && FrameStatistics.attachedTo(profiler) != null) {
            // Statistics work out their frame values in their own listener: listening after it sends this frame's
            // values rather than the last one's. Done once, when they are first seen.
            afterStatistics = true;
            profiler.removeFrameListener(this);
            profiler.addFrameListener(this);
        }
        clockNanos += frameNanos;
        sinceLastSent += frameNanos;
        if (!recorded || sinceLastSent < minIntervalNanos) {
            return;
        }
        sinceLastSent = 0;
        FrameSnapshot slot = connected ? queue.claim() : null;
        if (slot == null) {
            dropped.incrementAndGet();
            return;
        }
        slot.copy(profiler, profiler.recordedFrames(), clockNanos, frameNanos);
        queue.publish();
    }

    /** For the HUD's title: "PStats N dropped", or "PStats off, N dropped" while not connected; allocation-free. */
    @Override
    public void appendStatus(StringBuilder dest) {
        dest.append(connected ? "PStats " : "PStats off, ").append(dropped.get()).append(" dropped");
    }

    /** Frames dropped because the queue was full or no server was connected. */
    public long droppedFrames() {
        return dropped.get();
    }

    /** Frames sent to a server. */
    public long sentFrames() {
        return sent.get();
    }

    /** Frames handed to the sender and not sent yet (at most the queue's size). */
    public int queuedFrames() {
        return queue.size();
    }

    /** Whether a server is connected now. */
    public boolean connected() {
        return connected;
    }

    /** As a report annex: this client's own status (the stream's dropped frames). */
    @Override
    public StatusSource status() {
        return this;
    }

    /** Stops streaming: unregisters, ends the sender thread and closes the connection. */
    @Override
    public void close() {
        profiler.removeFrameListener(this);
        Annexes.of(profiler).remove(this);
        closed = true;
        LockSupport.unpark(sender);
        try {
            sender.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    // ---- sender thread --------------------------------------------------------------------------------------

    private void run() {
        long backoff = MIN_BACKOFF_NANOS;
        String lastFailure = null;
        while (!closed) {
            try {
                open();
                options.log().accept("connected to " + host + ":" + port);
                lastFailure = null;
                backoff = MIN_BACKOFF_NANOS;
                connected = true;
                sendLoop();
            } catch (IOException | PStatsFormatException e) {
                String failure = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
                if (connected) {
                    options.log().accept("lost " + host + ":" + port + " (" + failure + "); reconnecting");
                } else if (!failure.equals(lastFailure)) {
                    options.log().accept("cannot connect to " + host + ":" + port + " (" + failure
                            + "); retrying in the background, the game goes on");
                }
                lastFailure = failure;
            } finally {
                connected = false;
                closeConnection();
                drainAsDropped();
            }
            if (!closed) {
                LockSupport.parkNanos(backoff);
                backoff = Math.min(MAX_BACKOFF_NANOS, backoff * 2);
            }
        }
    }

    private void open() throws IOException, PStatsFormatException {
        socket = new Socket();
        socket.connect(new InetSocketAddress(host, port), 2000);
        socket.setTcpNoDelay(true);
        socket.setSoTimeout(5000);
        tcp = socket.getOutputStream();
        String hostname;
        try {
            hostname = InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            hostname = "unknown";
        }
        PStatsCodec.encodeClientHello(out, hostname, options.progname(), PStatsCodec.MAJOR, PStatsCodec.MINOR,
                ProcessHandle.current().pid());
        tcp.write(out.buffer(), 0, out.tcpMessage());
        tcp.flush();
        TcpMessageReader reader = new TcpMessageReader(socket.getInputStream());
        int len = reader.next();
        if (len < 0) {
            throw new IOException("server closed the connection before its hello");
        }
        ServerHello hello = PStatsCodec.decodeServerHello(reader.buffer(), TcpMessageReader.PAYLOAD, len);
        encoder.reset();
        udpFailed = !options.udp();
        if (!udpFailed) {
            udp = new DatagramSocket();
            udpTarget = new InetSocketAddress(socket.getInetAddress(), hello.udpPort());
        }
        // The server never sends again; a read now only tells that it closed (end of stream).
        socket.setSoTimeout(1);
    }

    private void sendLoop() throws IOException {
        byte[] probe = new byte[1];
        while (!closed) {
            FrameSnapshot s = queue.peek();
            if (s == null) {
                checkAlive(probe);
                LockSupport.parkNanos(1_000_000);
                continue;
            }
            try {
                send(s);
            } finally {
                queue.release();
            }
            sent.incrementAndGet();
        }
    }

    private void checkAlive(byte[] probe) throws IOException {
        try {
            if (socket.getInputStream().read(probe) < 0) {
                throw new IOException("server closed the connection");
            }
        } catch (java.net.SocketTimeoutException quiet) {
            // Nothing to read: the server is still there.
        }
    }

    private void send(FrameSnapshot s) throws IOException {
        encoder.prepare(s);
        List<CollectorDef> defs = encoder.newCollectors();
        for (int from = 0; from < defs.size(); from += PStatsCodec.COLLECTORS_PER_MESSAGE) {
            PStatsCodec.encodeCollectors(out, defs, from,
                    Math.min(defs.size(), from + PStatsCodec.COLLECTORS_PER_MESSAGE));
            tcp.write(out.buffer(), 0, out.tcpMessage());
        }
        // A frame that follows new definitions goes over TCP too, so the server never sees it before them.
        boolean defined = !defs.isEmpty();
        int first = encoder.newThreadsFrom();
        List<String> threads = encoder.newThreads();
        defined |= !threads.isEmpty();
        if (!threads.isEmpty()) {
            PStatsCodec.encodeThreads(out, first, threads);
            tcp.write(out.buffer(), 0, out.tcpMessage());
        }
        for (int t : encoder.expiredThreads()) {
            PStatsCodec.encodeExpireThread(out, t);
            tcp.write(out.buffer(), 0, out.tcpMessage());
        }
        for (int state = 0; state < s.states; state++) {
            if (s.parent[state] >= 0 || !encoder.encodeThread(s, state)) {
                continue;
            }
            PStatsCodec.encodeFrame(out, encoder.frame, true);
            if (!udpFailed && !defined && out.payloadLength() <= PStatsCodec.MAX_UDP_PAYLOAD) {
                int len = out.udpDatagram();
                try {
                    udp.send(new DatagramPacket(out.buffer(), 2, len, udpTarget));
                    continue;
                } catch (IOException e) {
                    udpFailed = true;
                    options.log().accept("UDP to " + udpTarget + " failed (" + e.getMessage()
                            + "); sending frames over TCP");
                }
            }
            tcp.write(out.buffer(), 0, out.tcpMessage());
        }
        tcp.flush();
    }

    private void drainAsDropped() {
        while (queue.peek() != null) {
            // Counted before the slot is released, so a reader who sees the queue empty sees every drop.
            dropped.incrementAndGet();
            queue.release();
        }
    }

    private void closeConnection() {
        try {
            if (socket != null) {
                socket.close();
            }
        } catch (IOException ignored) {
            // Giving the connection up anyway.
        }
        if (udp != null) {
            udp.close();
        }
        socket = null;
        udp = null;
    }
}
