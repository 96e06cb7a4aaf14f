package io.hudprof.pstats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.pstats.ControlMessage.ClientHello;
import io.hudprof.pstats.ControlMessage.DefineCollectors;
import io.hudprof.pstats.ControlMessage.DefineThreads;
import io.hudprof.pstats.ControlMessage.ExpireThread;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The encoders write exactly the byte layouts of the protocol note's §7, and the decoder reads them back, and reads
 * every message of the two real Panda3D captures.
 */
class CodecLayoutTest {
    private static final String FRAME_32 = "00 00 00 2a 00 00 00 08 00 00 00 00 00 00 00 20"
            + "41 01 00 00 00 20 41 03 00 19 04 20 41 03 80 62 10 20 41 01 80 7b 14 20 41 02 00 7b 14 20 41 02"
            + "80 c5 20 20 41 00 80 f6 28 20 41 01 00 00 00 07 00 00 40 9a 44";
    private static final String FRAME_30 = "00 00 00 2a 00 00 00 08 00 00 00 00 00 20 41 01"
            + "00 00 00 20 41 03 00 19 04 20 41 03 80 62 10 20 41 01 80 7b 14 20 41 02 00 7b 14 20 41 02 80 c5"
            + "20 20 41 00 80 f6 28 20 41 01 00 07 00 00 40 9a 44";

    private final WireWriter out = new WireWriter(PStatsCodec.MAX_TCP_PAYLOAD);

    private byte[] tcp() {
        int end = out.tcpMessage();
        return Hex.range(out.buffer(), 0, end);
    }

    @Test
    void clientHelloMatchesTheNote() throws Exception {
        PStatsCodec.encodeClientHello(out, "myhost", "Panda Stats", 3, 2, 4242);
        byte[] msg = tcp();
        assertArrayEquals(Hex.parse("1e 00 00 00 | 01 | 06 00 \"myhost\" | 0b 00 \"Panda Stats\" | 03 00 | 02 00"
                + " | 92 10 00 00"), msg);
        ClientHello h = (ClientHello) PStatsCodec.decodeControl(msg, 4, msg.length - 4);
        assertEquals(new ClientHello("myhost", "Panda Stats", 3, 2, 4242), h);
        assertTrue(h.wideCounts());
    }

    @Test
    void helloWithoutPidOrVersionDecodesAsTheStockServerDoes() throws Exception {
        PStatsCodec.encodeClientHello(out, "h", "p", 3, 0, -1);
        ClientHello h = (ClientHello) PStatsCodec.decodeControl(out.buffer(), 4, out.payloadLength());
        assertEquals(-1, h.pid());
        assertFalse(h.wideCounts());
        byte[] versionless = Hex.parse("01 01 00 \"h\" 01 00 \"p\"");
        assertEquals(new ClientHello("h", "p", 1, 0, -1), PStatsCodec.decodeControl(versionless, 0, versionless.length));
    }

    @Test
    void serverHelloMatchesTheNote() throws Exception {
        PStatsCodec.encodeServerHello(out, "srvhost", "PStats", 5186);
        byte[] msg = tcp();
        assertArrayEquals(Hex.parse("14 00 00 00 | 01 | 07 00 \"srvhost\" | 06 00 \"PStats\" | 42 14"), msg);
        assertEquals(new ServerHello("srvhost", "PStats", 5186), PStatsCodec.decodeServerHello(msg, 4, msg.length - 4));
    }

    @Test
    void collectorDefinitionsMatchTheNote() throws Exception {
        List<CollectorDef> defs = List.of(
                new CollectorDef(0, "Frame", 0, 0.95f, 1f, 0.35f, 0, "", 0f, 1f),
                new CollectorDef(1, "App", 0, 0f, 0.4f, 0.8f, 10, "", 1f / 30, 1f));
        PStatsCodec.encodeCollectors(out, defs, 0, 2);
        byte[] msg = tcp();
        assertArrayEquals(Hex.parse("47 00 00 00 | 02 | 02 00"
                + " 00 00 | 05 00 \"Frame\" | 00 00 | 33 33 73 3f  00 00 80 3f  33 33 b3 3e | 00 00 | 00 00"
                + " | 00 00 00 00 | 00 00 80 3f"
                + " 01 00 | 03 00 \"App\"   | 00 00 | 00 00 00 00  cd cc cc 3e  cd cc 4c 3f | 0a 00 | 00 00"
                + " | 89 88 08 3d | 00 00 80 3f"), msg);
        assertEquals(new DefineCollectors(defs), PStatsCodec.decodeControl(msg, 4, msg.length - 4));
    }

    @Test
    void threadAndExpiryMessagesMatchTheNote() throws Exception {
        PStatsCodec.encodeThreads(out, 0, List.of("Main"));
        byte[] threads = tcp();
        assertArrayEquals(Hex.parse("0b 00 00 00 | 03 | 00 00 | 01 00 | 04 00 \"Main\""), threads);
        assertEquals(new DefineThreads(0, List.of("Main")), PStatsCodec.decodeControl(threads, 4, threads.length - 4));
        PStatsCodec.encodeExpireThread(out, 3);
        byte[] expire = tcp();
        assertArrayEquals(Hex.parse("03 00 00 00 | 04 | 03 00"), expire);
        assertEquals(new ExpireThread(3), PStatsCodec.decodeControl(expire, 4, expire.length - 4));
    }

    private static FrameData noteFrame() {
        FrameData f = new FrameData().reset(0, 42);
        f.addEvent(0, true, 10.000f);
        f.addEvent(1, true, 10.000f);
        f.addEvent(3, true, 10.001f);
        f.addEvent(3, false, 10.004f);
        f.addEvent(1, false, 10.005f);
        f.addEvent(2, true, 10.005f);
        f.addEvent(2, false, 10.008f);
        f.addEvent(0, false, 10.010f);
        f.addLevel(7, 1234f);
        return f;
    }

    @Test
    void frameDataMatchesTheNoteIn32And30Forms() throws Exception {
        FrameData f = noteFrame();
        PStatsCodec.encodeFrame(out, f, true);
        assertEquals(69, out.payloadLength());
        assertEquals(69, PStatsCodec.frameBytes(f, true));
        assertArrayEquals(Hex.parse(FRAME_32), Hex.range(out.buffer(), 4, 4 + 69));
        int tcpEnd = out.tcpMessage();
        assertArrayEquals(Hex.parse("45 00 00 00"), Hex.range(out.buffer(), 0, 4));
        assertEquals(73, tcpEnd);
        int udpLen = out.udpDatagram();
        assertEquals(71, udpLen);
        assertArrayEquals(Hex.parse("1c 0a"), Hex.range(out.buffer(), 2, 4));
        assertEquals(4, PStatsCodec.verifyDatagram(out.buffer(), 2, udpLen), "payload follows the checksum");

        PStatsCodec.encodeFrame(out, f, false);
        assertArrayEquals(Hex.parse(FRAME_30), Hex.range(out.buffer(), 4, 4 + out.payloadLength()));
        assertEquals(0x0A1C, PStatsCodec.checksum(out.buffer(), 4, out.payloadLength()));
    }

    @Test
    void frameDataDecodesToWhatWasSent() throws Exception {
        FrameData sent = noteFrame();
        for (boolean wide : new boolean[] {true, false}) {
            PStatsCodec.encodeFrame(out, sent, wide);
            FrameData got = PStatsCodec.decodeFrame(out.buffer(), 4, out.payloadLength(), wide, new FrameData());
            assertEquals(0, got.threadIndex());
            assertEquals(42, got.frameNumber());
            assertEquals(sent.eventCount(), got.eventCount());
            for (int i = 0; i < sent.eventCount(); i++) {
                assertEquals(sent.eventCollector(i), got.eventCollector(i));
                assertEquals(sent.eventIsStart(i), got.eventIsStart(i));
                assertEquals(sent.eventTime(i), got.eventTime(i));
            }
            assertEquals(1, got.levelCount());
            assertEquals(7, got.levelCollector(0));
            assertEquals(1234f, got.levelValue(0));
        }
    }

    @Test
    void noteFrameAccountsAsTheNoteSays() throws Exception {
        CollectorTable table = new CollectorTable();
        table.define(CollectorDef.time(0, "Frame", 0, 1, 1, 1, 0));
        table.define(CollectorDef.time(1, "App", 0, 1, 1, 1, 10));
        table.define(CollectorDef.time(2, "Cull", 0, 1, 1, 1, 0));
        table.define(CollectorDef.time(3, "Tasks", 1, 1, 1, 1, 0));
        table.define(new CollectorDef(7, "Vertices", 0, 1, 1, 1, 0, "", 0, 1));
        FrameAccounting a = new FrameAccounting().account(noteFrame(), table);
        StaticTree tree = new StaticTree().update(table);
        double[] net = new double[table.size()];
        a.net(tree, net);
        assertEquals(10.0, net[0] * 1000, 1e-3);
        assertEquals(5.0, net[1] * 1000, 1e-3);
        assertEquals(3.0, net[3] * 1000, 2e-3);
        assertEquals(3.0, net[2] * 1000, 1e-3);
        assertEquals("App:Tasks", table.fullName(3));
        assertTrue(a.hasOwnLevel(7));
    }

    @Test
    void everyCapturedMessageDecodes() throws Exception {
        for (String capture : List.of(Captures.UDP, Captures.TCP)) {
            int frames = 0;
            int controls = 0;
            FrameData frame = new FrameData();
            for (SessionLog.Entry e : Captures.messages(capture)) {
                byte[] b = e.bytes();
                if (!e.clientToServer()) {
                    ServerHello hello = PStatsCodec.decodeServerHello(b, 4, b.length - 4);
                    assertEquals(5186, hello.udpPort());
                    assertEquals("Text Stats", hello.progname());
                } else if (e.udp()) {
                    int off = PStatsCodec.verifyDatagram(b, 0, b.length);
                    PStatsCodec.decodeFrame(b, off, b.length - off, true, frame);
                    frames++;
                } else {
                    long len = (b[0] & 0xff) | (b[1] & 0xff) << 8 | (b[2] & 0xff) << 16 | (long) (b[3] & 0xff) << 24;
                    assertEquals(b.length - 4, len, "length prefix");
                    if (PStatsCodec.isFrameData(b, 4, b.length - 4)) {
                        PStatsCodec.decodeFrame(b, 4, b.length - 4, true, frame);
                        frames++;
                    } else {
                        ControlMessage m = PStatsCodec.decodeControl(b, 4, b.length - 4);
                        assertFalse(m instanceof ControlMessage.Unknown, m.toString());
                        if (controls == 0) {
                            ClientHello h = assertInstanceOf(ClientHello.class, m);
                            assertEquals(3, h.major());
                            assertEquals(2, h.minor());
                            assertEquals("vm", h.hostname());
                            assertEquals("Panda Stats", h.progname());
                        }
                        controls++;
                    }
                }
                assertTrue(frame.eventCount() == 0 || frame.eventCollector(0) == 0, "frames start with Frame");
            }
            assertEquals(199, frames, capture);
            // Hello, the definition messages (the client re-sends as collectors appear) and one thread definition.
            assertEquals(capture.equals(Captures.UDP) ? 5 : 4, controls, capture);
        }
    }
}
