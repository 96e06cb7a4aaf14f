package io.hudprof.pstats;

import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A PStats server (protocol note §8) on real sockets: a TCP accept loop, and per client one thread reading its TCP
 * stream and one reading the UDP port given to it in the server hello, which is sent as soon as the connection is
 * accepted (a Panda3D 1.11 client waits for it inside {@code connect()}).
 *
 * <p>Everything a client can make it hold is bounded: at most {@code maxClients} connections, TCP messages up to
 * {@link PStatsCodec#MAX_TCP_PAYLOAD} read as they arrive, its definitions within a {@link ClientBudget}, one
 * datagram buffer per client, no queues. A client that sends nothing within the hello timeout, lies about a length,
 * sends a malformed control message, a refused version or definitions past its budget, or stays silent longer than
 * the idle timeout, is dropped with one log line naming it and the reason; a bad datagram is dropped alone (the
 * first few are logged, then counted). Any {@code Throwable} on a client's threads (a listener's bug, an
 * {@code OutOfMemoryError}) drops that client and never reaches the process; a listener refuses a client past a limit
 * of its own by throwing {@link ClientRefusedException} (logged as {@code refused:} and its message). Other clients
 * never notice.
 *
 * <p>Slots: when all {@code maxClients} are taken, a new connection takes the slot of the client that has been
 * silent longest, if it has been silent at least {@link #EVICT_SILENT_MILLIS} (or the idle timeout, if shorter);
 * only when every client is active is the newcomer refused. So clients that connect and go quiet cannot lock
 * others out.
 *
 * <p>UDP: a client's port accepts datagrams only from the address of its TCP connection, and once the first valid
 * frame has come from there, only from that source port; anything else is dropped and counted as foreign, so
 * nobody can speak for a client they cannot see.
 */
public final class PStatsServer implements AutoCloseable {
    /** Datagrams with errors logged per client before the rest are only counted. */
    static final int LOGGED_BAD_DATAGRAMS = 5;
    /** How long a client must have been silent before a newcomer may take its slot when all are taken. */
    public static final int EVICT_SILENT_MILLIS = 2_000;

    /**
     * Server settings; {@code tap} (nullable) sees every message in wire form; a client that sends nothing (TCP or
     * UDP) for {@code idleTimeoutMillis} after its hello is dropped (0: never).
     */
    public record Options(int maxClients, int helloTimeoutMillis, String progname, WireTap tap, int idleTimeoutMillis,
            ClientBudget budget) {
        /** Options with the default idle timeout and budget. */
        public Options(int maxClients, int helloTimeoutMillis, String progname, WireTap tap) {
            this(maxClients, helloTimeoutMillis, progname, tap, DEFAULT_IDLE_TIMEOUT_MILLIS, ClientBudget.defaults());
        }

        /**
         * {@link #maxClientsFromProperty()} clients, a 10 s hello timeout, the default idle timeout and
         * {@link ClientBudget#defaults()}.
         *
         * @throws IllegalArgumentException when one of their properties is bad (the message names it and the fix)
         */
        public static Options defaults() {
            return new Options(maxClientsFromProperty(), 10_000, "hudprof-viewer", null);
        }

        /** The same options with a wire tap. */
        public Options withTap(WireTap wireTap) {
            return new Options(maxClients, helloTimeoutMillis, progname, wireTap, idleTimeoutMillis, budget);
        }

        /** The same options with another idle timeout (0: none). */
        public Options withIdleTimeout(int millis) {
            return new Options(maxClients, helloTimeoutMillis, progname, tap, millis, budget);
        }

        /** The same options with another per-client budget. */
        public Options withBudget(ClientBudget clientBudget) {
            return new Options(maxClients, helloTimeoutMillis, progname, tap, idleTimeoutMillis, clientBudget);
        }
    }

    /** Clients served at once unless {@value #MAX_CLIENTS_PROPERTY} says otherwise. */
    public static final int DEFAULT_MAX_CLIENTS = 32;
    /** The system property that sets how many clients are served at once (1 to {@value #MAX_CLIENTS_LIMIT}). */
    public static final String MAX_CLIENTS_PROPERTY = "hudprof.pstats.maxClients";
    /** The most clients {@value #MAX_CLIENTS_PROPERTY} may ask for (each holds two threads and a UDP port). */
    public static final int MAX_CLIENTS_LIMIT = 1024;

    /**
     * Clients served at once: {@code -Dhudprof.pstats.maxClients}, default {@value #DEFAULT_MAX_CLIENTS}. When every
     * slot is taken a newcomer gets the slot of the client silent longest (if silent long enough), else it is refused.
     *
     * @throws IllegalArgumentException when the property is not a whole number from 1 to {@value #MAX_CLIENTS_LIMIT}
     */
    public static int maxClientsFromProperty() {
        return ClientBudget.intProperty(MAX_CLIENTS_PROPERTY, DEFAULT_MAX_CLIENTS, MAX_CLIENTS_LIMIT);
    }

    /**
     * A live PStats client sends frames many times a second (and Panda3D's over TCP too, now and then); a minute of
     * silence is a client that hangs or hogs a slot.
     */
    public static final int DEFAULT_IDLE_TIMEOUT_MILLIS = 60_000;

    private final ServerSocket server;
    private final InetAddress bind;
    private final Function<String, SessionListener> listeners;
    private final Consumer<String> log;
    private final Options options;
    private final Set<Client> clients = ConcurrentHashMap.newKeySet();
    private final AtomicInteger accepted = new AtomicInteger();
    private final Thread acceptThread;
    private final Thread idleThread;
    private volatile boolean closed;

    private PStatsServer(ServerSocket server, InetAddress bind, Function<String, SessionListener> listeners,
            Consumer<String> log, Options options) {
        this.server = server;
        this.bind = bind;
        this.listeners = listeners;
        this.log = log;
        this.options = options;
        this.acceptThread = new Thread(this::acceptLoop, "pstats-accept:" + server.getLocalPort());
        acceptThread.setDaemon(true);
        idleThread = new Thread(this::idleLoop, "pstats-idle:" + server.getLocalPort());
        idleThread.setDaemon(true);
    }

    /**
     * Listens on {@code bind:port} (port 0: any free port) and serves clients until closed.
     *
     * @param listeners makes the listener of each new client's session, given the client's address
     * @param log       receives one line per client state change or dropped input
     */
    public static PStatsServer start(InetAddress bind, int port, Function<String, SessionListener> listeners,
            Consumer<String> log, Options options) throws IOException {
        ServerSocket server = new ServerSocket();
        server.setReuseAddress(true);
        server.bind(new InetSocketAddress(bind, port), 16);
        PStatsServer s = new PStatsServer(server, bind, listeners, log, options);
        s.acceptThread.start();
        if (options.idleTimeoutMillis() > 0) {
            s.idleThread.start();
        }
        return s;
    }

    /** The TCP port clients connect to. */
    public int port() {
        return server.getLocalPort();
    }

    /** Clients connected now. */
    public int clientCount() {
        return clients.size();
    }

    /** Connections accepted since start, including refused and dropped ones. */
    public int acceptedCount() {
        return accepted.get();
    }

    private void acceptLoop() {
        while (!closed) {
            Socket socket;
            try {
                socket = server.accept();
            } catch (IOException e) {
                if (!closed) {
                    log.accept("pstats: accept failed, server stops: " + e.getMessage());
                }
                return;
            }
            accepted.incrementAndGet();
            String peer = socket.getInetAddress().getHostAddress() + ":" + socket.getPort();
            if (clients.size() >= options.maxClients() && !evictSilentFor(peer)) {
                log.accept("pstats: refused " + peer + ": already " + options.maxClients()
                        + " clients, none silent for " + evictAfterMillis() + " ms (-D" + MAX_CLIENTS_PROPERTY
                        + " raises the limit)");
                closeQuietly(socket);
                continue;
            }
            try {
                Client client = new Client(socket, peer);
                clients.add(client);
                client.start();
            } catch (IOException | RuntimeException e) {
                log.accept("pstats: dropped " + peer + ": cannot open its UDP port: " + e.getMessage());
                closeQuietly(socket);
            }
        }
    }

    private long evictAfterMillis() {
        int idle = options.idleTimeoutMillis();
        return idle > 0 ? Math.min(idle, EVICT_SILENT_MILLIS) : EVICT_SILENT_MILLIS;
    }

    /** Drops the client silent longest, if silent long enough, to make room for {@code newcomer}. */
    private boolean evictSilentFor(String newcomer) {
        long now = System.nanoTime();
        Client idlest = null;
        for (Client c : clients) {
            if (idlest == null || c.lastActivity - idlest.lastActivity < 0) {
                idlest = c;
            }
        }
        long silentMillis = idlest == null ? 0 : (now - idlest.lastActivity) / 1_000_000;
        if (idlest == null || silentMillis < evictAfterMillis()) {
            return false;
        }
        idlest.close("dropped: silent for " + silentMillis + " ms while all " + options.maxClients()
                + " slots were taken; its slot went to " + newcomer);
        return true;
    }

    /** Drops clients silent past the idle timeout; checks a few times per timeout. */
    private void idleLoop() {
        long timeout = options.idleTimeoutMillis();
        long period = Math.max(10, Math.min(1_000, timeout / 4));
        while (!closed) {
            try {
                Thread.sleep(period);
            } catch (InterruptedException e) {
                return;
            }
            long now = System.nanoTime();
            for (Client c : clients) {
                long silentMillis = (now - c.lastActivity) / 1_000_000;
                if (c.session.hello() != null && silentMillis >= timeout) {
                    c.close("dropped: silent for " + silentMillis + " ms (idle timeout " + timeout + " ms)");
                }
            }
        }
    }

    /** The UDP port for a new client: the listen port + 1 and up, as PStats does, or any port when listening on 0. */
    private DatagramSocket openUdp() throws SocketException {
        if (server.getLocalPort() == 0 || options.maxClients() <= 0) {
            return new DatagramSocket(new InetSocketAddress(bind, 0));
        }
        int base = server.getLocalPort() + 1;
        for (int k = 0; k < options.maxClients() * 2 && base + k <= 0xffff; k++) {
            try {
                return new DatagramSocket(new InetSocketAddress(bind, base + k));
            } catch (SocketException taken) {
                // In use (by an earlier client or another program): try the next, like PStatReader.
            }
        }
        return new DatagramSocket(new InetSocketAddress(bind, 0));
    }

    /** One connected client: its TCP reader thread, UDP reader thread and session. */
    private final class Client {
        private final Socket socket;
        private final String peer;
        private final DatagramSocket udp;
        private final PStatsSession session;
        private final AtomicInteger closing = new AtomicInteger();
        /** {@link System#nanoTime()} of the last message or accepted datagram (or of the accept). */
        private volatile long lastActivity = System.nanoTime();
        /** The client's UDP source port, learned from its first valid frame; -1 before. Guarded by this. */
        private int udpSourcePort = -1;
        private long badDatagrams;
        private long foreignDatagrams;

        Client(Socket socket, String peer) throws IOException {
            this.socket = socket;
            this.peer = peer;
            this.udp = openUdp();
            this.session = new PStatsSession(peer, listeners.apply(peer), options.budget());
        }

        void start() throws IOException {
            socket.setTcpNoDelay(true);
            socket.setSoTimeout(options.helloTimeoutMillis());
            WireWriter hello = new WireWriter(512);
            PStatsCodec.encodeServerHello(hello, InetAddress.getLocalHost().getHostName(), options.progname(),
                    udp.getLocalPort());
            OutputStream out = socket.getOutputStream();
            int helloLength = hello.tcpMessage();
            tap(false, false, hello.buffer(), 0, helloLength);
            out.write(hello.buffer(), 0, helloLength);
            out.flush();
            log.accept("pstats: client " + peer + " connected, UDP port " + udp.getLocalPort());
            Thread tcpThread = new Thread(this::readTcp, "pstats-tcp:" + peer);
            Thread udpThread = new Thread(this::readUdp, "pstats-udp:" + peer);
            tcpThread.setDaemon(true);
            udpThread.setDaemon(true);
            tcpThread.start();
            udpThread.start();
        }

        private void tap(boolean isUdp, boolean clientToServer, byte[] buf, int off, int len) {
            WireTap tap = options.tap();
            if (tap != null) {
                synchronized (this) {
                    tap.message(peer, isUdp, clientToServer, buf, off, len);
                }
            }
        }

        private void readTcp() {
            TcpMessageReader reader;
            try {
                reader = new TcpMessageReader(socket.getInputStream());
            } catch (IOException e) {
                close("cannot read: " + e.getMessage());
                return;
            }
            String reason = "left";
            try {
                while (true) {
                    int len = reader.next();
                    if (len < 0) {
                        break;
                    }
                    lastActivity = System.nanoTime();
                    synchronized (this) {
                        if (options.tap() != null) {
                            options.tap().message(peer, false, true, reader.buffer(), 0, len + 4);
                        }
                        session.tcpPayload(reader.buffer(), TcpMessageReader.PAYLOAD, len);
                        if (session.hello() != null) {
                            socket.setSoTimeout(0);
                        }
                    }
                }
            } catch (SocketTimeoutException e) {
                reason = "dropped: no hello within " + options.helloTimeoutMillis() + " ms";
            } catch (EOFException e) {
                reason = "dropped: disconnected inside a message";
            } catch (PStatsFormatException e) {
                reason = "dropped: " + e.getMessage();
            } catch (ClientRefusedException e) {
                reason = "refused: " + e.getMessage();
            } catch (IOException e) {
                reason = closing.get() != 0 ? "closed" : "dropped: " + e.getMessage();
            } catch (RuntimeException | Error e) {
                // A listener's bug, or memory running out, must cost this client only, never the server.
                reason = "dropped: internal error " + e;
            }
            close(reason);
        }

        private void readUdp() {
            byte[] buf = new byte[PStatsCodec.MAX_UDP_RECEIVE + 2];
            DatagramPacket packet = new DatagramPacket(buf, buf.length);
            while (closing.get() == 0) {
                try {
                    packet.setLength(buf.length);
                    udp.receive(packet);
                } catch (IOException e) {
                    if (closing.get() == 0) {
                        close("dropped: UDP port failed: " + e.getMessage());
                    }
                    return;
                }
                synchronized (this) {
                    try {
                        if (!fromClient(packet)) {
                            continue;
                        }
                        if (options.tap() != null) {
                            options.tap().message(peer, true, true, buf, 0, packet.getLength());
                        }
                        long before = session.frames();
                        session.udpDatagram(buf, 0, packet.getLength());
                        if (session.frames() != before) {
                            udpSourcePort = packet.getPort();
                            lastActivity = System.nanoTime();
                        }
                    } catch (PStatsFormatException e) {
                        badDatagram(e.getMessage());
                    } catch (ClientRefusedException e) {
                        close("refused: " + e.getMessage());
                        return;
                    } catch (RuntimeException | Error e) {
                        close("dropped: internal error " + e);
                        return;
                    }
                }
            }
        }

        /** Whether a datagram comes from this client's address (and its port, once learned); counts others. */
        private boolean fromClient(DatagramPacket packet) {
            boolean sameHost = packet.getAddress() != null && packet.getAddress().equals(socket.getInetAddress());
            if (sameHost && (udpSourcePort < 0 || packet.getPort() == udpSourcePort)) {
                return true;
            }
            foreignDatagrams++;
            badDatagram("from " + packet.getAddress().getHostAddress() + ":" + packet.getPort() + ", not from"
                    + " the client (" + socket.getInetAddress().getHostAddress()
                    + (udpSourcePort < 0 ? "" : ":" + udpSourcePort) + ")");
            return false;
        }

        private void badDatagram(String why) {
            if (++badDatagrams <= LOGGED_BAD_DATAGRAMS) {
                log.accept("pstats: client " + peer + ": dropped a datagram: " + why
                        + (badDatagrams == LOGGED_BAD_DATAGRAMS ? " (further ones only counted)" : ""));
            }
        }

        void close(String reason) {
            if (!closing.compareAndSet(0, 1)) {
                return;
            }
            clients.remove(this);
            closeQuietly(socket);
            udp.close();
            synchronized (this) {
                try {
                    session.close(reason);
                } catch (RuntimeException | Error e) {
                    log.accept("pstats: client " + peer + ": listener failed on close: " + e);
                }
            }
            log.accept("pstats: client " + peer + " " + reason + " after " + session.frames() + " frames"
                    + (badDatagrams > 0 ? ", " + badDatagrams + " bad datagrams" : "")
                    + (foreignDatagrams > 0 ? " (" + foreignDatagrams + " not from the client)" : ""));
        }
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // Closing a socket we give up on: nothing left to do with the error.
        }
    }

    /** Stops accepting and drops every client. */
    @Override
    public void close() {
        closed = true;
        idleThread.interrupt();
        try {
            server.close();
        } catch (IOException ignored) {
            // The accept thread ends either way.
        }
        for (Client c : clients) {
            c.close("closed: server shut down");
        }
    }
}
