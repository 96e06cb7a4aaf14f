package io.hudprof.pstats;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.Socket;
import java.util.List;
import java.util.function.IntPredicate;

/** Plays a captured client's messages to a server over real loopback sockets, as the Panda3D client sent them. */
final class CaptureClient implements AutoCloseable {
    private final Socket socket;
    private final DatagramSocket udp = new DatagramSocket();
    private final ServerHello hello;

    CaptureClient(int port) throws IOException, PStatsFormatException {
        socket = new Socket(InetAddress.getLoopbackAddress(), port);
        socket.setSoTimeout(5000);
        TcpMessageReader reader = new TcpMessageReader(socket.getInputStream());
        int len = reader.next();
        hello = PStatsCodec.decodeServerHello(reader.buffer(), TcpMessageReader.PAYLOAD, len);
    }

    ServerHello hello() {
        return hello;
    }

    /**
     * Sends the client-to-server messages; {@code sendDatagram} decides, by datagram number, which UDP datagrams
     * are really sent (the others are lost). Datagrams are paced so loopback does not drop them itself.
     */
    void send(List<SessionLog.Entry> entries, IntPredicate sendDatagram) throws IOException, InterruptedException {
        OutputStream out = socket.getOutputStream();
        int datagram = 0;
        boolean definitionsInFlight = false;
        for (SessionLog.Entry e : entries) {
            if (!e.clientToServer()) {
                continue;
            }
            byte[] b = e.bytes();
            if (e.udp()) {
                if (definitionsInFlight) {
                    // A frame that overtakes the definitions it needs is dropped by a server, as PStats does: give
                    // the server's TCP thread ample time (a loaded 2-core CI machine) before the first one.
                    Thread.sleep(100);
                    definitionsInFlight = false;
                }
                if (sendDatagram.test(datagram++)) {
                    udp.send(new DatagramPacket(b, b.length, InetAddress.getLoopbackAddress(), hello.udpPort()));
                    Thread.sleep(0, 200_000);
                }
            } else {
                out.write(b);
                out.flush();
                // The payload's first byte (after the 4-byte length) is the message type; 0 is frame data.
                definitionsInFlight |= b.length > 4 && b[4] != 0;
                Thread.sleep(2);
            }
        }
    }

    OutputStream out() throws IOException {
        return socket.getOutputStream();
    }

    InputStream in() throws IOException {
        return socket.getInputStream();
    }

    @Override
    public void close() throws IOException {
        udp.close();
        socket.close();
    }
}
