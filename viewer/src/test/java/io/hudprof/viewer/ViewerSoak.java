package io.hudprof.viewer;

import io.hudprof.core.Zone;
import io.hudprof.pstats.CollectorDef;
import io.hudprof.pstats.FrameData;
import io.hudprof.pstats.PStatsCodec;
import io.hudprof.pstats.PStatsFormatException;
import io.hudprof.pstats.PStatsServer;
import io.hudprof.pstats.PStatsSession;
import io.hudprof.pstats.ServerHello;
import io.hudprof.pstats.SessionListener;
import io.hudprof.pstats.TcpMessageReader;
import io.hudprof.pstats.WireWriter;
import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The viewer half of issue 30's soak (not a test; {@code bench/viewer-soak.sh} runs it): the live viewer's server,
 * sessions and per-client profiles in this JVM (the window mode's code without the GL window), and one client on
 * loopback that reconnects every few seconds for the whole run, sending 60 frames a second (mostly UDP, every 60th
 * over TCP, as Panda3D does) of 40 collectors. Every other session names its collectors afresh (the worst case for
 * zones), the others reuse the first session's names (an ordinary reconnect). Each minute prints the zone count,
 * the heap after GC, live threads and open file descriptors; they must stay flat.
 *
 * <p>Arguments: minutes (default 30), seconds per session (default 5).
 */
public final class ViewerSoak {
    private static final int COLLECTORS = 40;

    private ViewerSoak() {
    }

    public static void main(String[] args) throws Exception {
        double minutes = args.length > 0 ? Double.parseDouble(args[0]) : 30;
        double sessionSeconds = args.length > 1 ? Double.parseDouble(args[1]) : 5;
        ViewerClients clients = new ViewerClients(ViewerMain.HISTORY_FRAMES);
        AtomicLong dropped = new AtomicLong();
        List<String> errors = new ArrayList<>();
        PStatsServer server = PStatsServer.start(InetAddress.getLoopbackAddress(), 0, peer -> {
            ClientFeed feed = new ClientFeed(clients, false);
            return new SessionListener() {
                @Override
                public void hello(PStatsSession session) {
                    feed.hello(session);
                }

                @Override
                public void definitionsChanged(PStatsSession session) {
                    // As the window's listener: the client reserves its profile's memory here.
                    feed.definitionsChanged(session);
                }

                @Override
                public void frame(PStatsSession session, FrameData frame) {
                    feed.frame(session, frame);
                }

                @Override
                public void closed(PStatsSession session, String reason) {
                    feed.closed(session, reason);
                    dropped.addAndGet(feed.dropped());
                }
            };
        }, line -> {
            if (line.contains("dropped") || line.contains("refused") || line.contains("error")) {
                synchronized (errors) {
                    errors.add(line);
                }
            }
        }, PStatsServer.Options.defaults());
        long start = System.nanoTime();
        long end = start + (long) (minutes * 60e9);
        long nextSample = start;
        int sessions = 0;
        long frames = 0;
        System.out.printf("viewer soak: %.1f min, a session every %.1f s, %d collectors; load %s%n", minutes,
                sessionSeconds, COLLECTORS, loadAverage());
        System.out.println("minute  sessions  frames  zones  heap-after-gc-MiB  threads  open-fds");
        while (true) {
            long now = System.nanoTime();
            if (now >= nextSample) {
                sample((now - start) / 60e9, sessions, frames);
                nextSample += 60_000_000_000L;
            }
            if (now >= end) {
                break;
            }
            sessions++;
            frames += session(server.port(), sessions, Math.min(end, now + (long) (sessionSeconds * 1e9)));
        }
        server.close();
        clients.closeAll();
        System.out.printf("viewer soak: %d sessions, %d frames sent, %d dropped by the viewer; load %s%n", sessions,
                frames, dropped.get(), loadAverage());
        synchronized (errors) {
            System.out.println("server lines about drops or errors: " + errors.size()
                    + (errors.isEmpty() ? "" : ", first: " + errors.get(0)));
        }
    }

    /** One client session until {@code until} (nanoTime): hello, definitions, frames at 60 Hz; returns frames sent. */
    private static long session(int port, int number, long until) throws IOException, InterruptedException {
        WireWriter out = new WireWriter(PStatsCodec.MAX_TCP_PAYLOAD);
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port);
                DatagramSocket udp = new DatagramSocket()) {
            TcpMessageReader reader = new TcpMessageReader(socket.getInputStream());
            ServerHello hello;
            try {
                hello = PStatsCodec.decodeServerHello(reader.buffer(), TcpMessageReader.PAYLOAD, reader.next());
            } catch (PStatsFormatException e) {
                throw new IOException(e);
            }
            PStatsCodec.encodeClientHello(out, "soak", "viewer soak", 3, 2, ProcessHandle.current().pid());
            socket.getOutputStream().write(out.buffer(), 0, out.tcpMessage());
            List<CollectorDef> defs = new ArrayList<>();
            defs.add(CollectorDef.time(0, "Frame", 0, 1, 1, 1, 0));
            String prefix = number % 2 == 0 ? "S" + number + " " : "";
            for (int c = 1; c <= COLLECTORS; c++) {
                defs.add(CollectorDef.time(c, prefix + "zone " + c, c <= 4 ? 0 : 1 + c % 4, 1, 1, 1, 0));
            }
            PStatsCodec.encodeCollectors(out, defs, 0, defs.size());
            socket.getOutputStream().write(out.buffer(), 0, out.tcpMessage());
            PStatsCodec.encodeThreads(out, 0, List.of("Main"));
            socket.getOutputStream().write(out.buffer(), 0, out.tcpMessage());
            long sent = 0;
            long t0 = System.nanoTime();
            while (System.nanoTime() < until) {
                sent++;
                float t = (float) ((System.nanoTime() - t0) / 1e9);
                FrameData f = new FrameData().reset(0, sent);
                f.addEvent(0, true, t);
                for (int c = 1; c <= COLLECTORS; c += 2) {
                    f.addEvent(c, true, t + c * 0.0001f);
                    f.addEvent(c, false, t + c * 0.0001f + 0.00005f);
                }
                f.addEvent(0, false, t + 0.01f);
                PStatsCodec.encodeFrame(out, f, true);
                if (sent % 60 == 0) {
                    socket.getOutputStream().write(out.buffer(), 0, out.tcpMessage());
                } else {
                    int len = out.udpDatagram();
                    udp.send(new DatagramPacket(out.buffer(), 2, len, InetAddress.getLoopbackAddress(), hello.udpPort()));
                }
                Thread.sleep(16, 666_667);
            }
            return sent;
        }
    }

    private static void sample(double minute, int sessions, long frames) throws InterruptedException {
        long heap = Long.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(50);
            heap = Math.min(heap, ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
        }
        String[] fds = new File("/proc/self/fd").list();
        int zones = Zone.count();
        System.out.printf("%6.1f  %8d  %6d  %5d  %17.1f  %7d  %8s%n", minute, sessions, frames, zones,
                heap / 1048576.0, ManagementFactory.getThreadMXBean().getThreadCount(), fds == null ? "?" : String.valueOf(fds.length));
        if (zonesSeen > 0 && zones > zonesSeen) {
            StringBuilder names = new StringBuilder("        new zone ids:");
            for (int id = zonesSeen; id < zones; id++) {
                names.append(' ').append(Zone.byId(id));
            }
            System.out.println(names);
        }
        zonesSeen = Math.max(zonesSeen, zones);
    }

    private static int zonesSeen;

    private static String loadAverage() {
        return String.format("%.2f", ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    }
}
