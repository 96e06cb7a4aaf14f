package io.hudprof.pstats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.InputStream;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The decoder faces the network: every lie is a {@link PStatsFormatException}, found before allocating for it. */
class DecoderBadInputTest {

    @Test
    void hugeEventCountIsRejectedBeforeAllocating() {
        // 3.2 frame claiming 0xffffffff time events (negative when read signed) in a 15-byte message.
        byte[] msg = Hex.parse("00 00 00 01 00 00 00 ff ff ff ff 00 00 00 00");
        FrameData dest = new FrameData();
        PStatsFormatException e = assertThrows(PStatsFormatException.class,
                () -> PStatsCodec.decodeFrame(msg, 0, msg.length, true, dest));
        assertTrue(e.getMessage().contains("4294967295 time events"), e.getMessage());
        assertEquals(16, dest.eventCodes.length, "nothing was allocated for the claim");
    }

    @Test
    void hugeLevelCountIsRejected() {
        byte[] msg = Hex.parse("00 00 00 01 00 00 00 00 00 00 00 00 00 00 10 01 00 00 00 00 00");
        assertThrows(PStatsFormatException.class, () -> PStatsCodec.decodeFrame(msg, 0, msg.length, true,
                new FrameData()));
    }

    @Test
    void thirtyTwoBitCountsReadAsSixteenFailCleanly() throws Exception {
        // The note's §6: a 3.2 frame read with 3.0 rules misaligns; the result must be a rejection, not a crash.
        WireWriter out = new WireWriter(1500);
        FrameData f = new FrameData().reset(0, 1);
        for (int i = 0; i < 8; i++) {
            f.addEvent(i % 3, i % 2 == 0, 10f + i);
        }
        PStatsCodec.encodeFrame(out, f, true);
        assertThrows(PStatsFormatException.class,
                () -> PStatsCodec.decodeFrame(out.buffer(), 4, out.payloadLength(), false, new FrameData()));
    }

    @Test
    void hugeCollectorCountIsRejected() {
        byte[] msg = Hex.parse("02 ff ff 00 00");
        PStatsFormatException e = assertThrows(PStatsFormatException.class,
                () -> PStatsCodec.decodeControl(msg, 0, msg.length));
        assertTrue(e.getMessage().contains("65535 collector definitions"), e.getMessage());
    }

    @Test
    void negativeCollectorIndexIsRejected() {
        byte[] msg = Hex.parse("02 01 00 ff ff 00 00 00 00 00000000 00000000 00000000 0000 0000 00000000 00000000");
        assertThrows(PStatsFormatException.class, () -> PStatsCodec.decodeControl(msg, 0, msg.length));
    }

    @Test
    void stringLongerThanTheMessageIsRejected() {
        byte[] msg = Hex.parse("01 ff ff 41 42");
        PStatsFormatException e = assertThrows(PStatsFormatException.class,
                () -> PStatsCodec.decodeControl(msg, 0, msg.length));
        assertTrue(e.getMessage().startsWith("truncated"), e.getMessage());
    }

    @Test
    void threadIndexOutOfRangeIsRejected() {
        byte[] threads = Hex.parse("03 e7 03 02 00 01 00 \"a\" 01 00 \"b\"");
        assertThrows(PStatsFormatException.class, () -> PStatsCodec.decodeControl(threads, 0, threads.length));
        byte[] frame = Hex.parse("00 e8 03 01 00 00 00 00 00 00 00 00 00 00 00");
        assertThrows(PStatsFormatException.class, () -> PStatsCodec.decodeFrame(frame, 0, frame.length, true,
                new FrameData()));
    }

    @Test
    void everyTruncationOfARealMessageIsRejectedOrDecodes() {
        for (SessionLog.Entry e : Captures.messages(Captures.UDP).subList(0, 8)) {
            byte[] b = e.bytes();
            int header = e.udp() ? 2 : 4;
            for (int cut = header; cut < b.length; cut++) {
                int len = cut - header;
                try {
                    if (PStatsCodec.isFrameData(b, header, len)) {
                        PStatsCodec.decodeFrame(b, header, len, true, new FrameData());
                    } else if (e.clientToServer()) {
                        PStatsCodec.decodeControl(b, header, len);
                    }
                } catch (PStatsFormatException expected) {
                    // the one allowed outcome besides decoding a shorter valid prefix (an optional pid)
                }
            }
        }
    }

    @Test
    void unknownControlTypeIsSkippedNotFatal() throws Exception {
        byte[] msg = Hex.parse("09 01 02 03");
        assertInstanceOf(ControlMessage.Unknown.class, PStatsCodec.decodeControl(msg, 0, msg.length));
        PStatsSession session = new PStatsSession("test", (s, f) -> { });
        session.tcpPayload(msg, 0, msg.length);
        assertEquals(1, session.unknownMessages());
    }

    @Test
    void badChecksumDropsTheDatagramAndIsCounted() {
        SessionLog.Entry udp = Captures.messages(Captures.UDP).stream().filter(SessionLog.Entry::udp).findFirst()
                .orElseThrow();
        byte[] b = udp.bytes().clone();
        b[b.length - 1] ^= 1;
        PStatsSession session = new PStatsSession("test", (s, f) -> { });
        assertThrows(PStatsFormatException.class, () -> session.udpDatagram(b, 0, b.length));
        assertEquals(1, session.badDatagrams());
        assertThrows(PStatsFormatException.class, () -> session.udpDatagram(b, 0, 1));
    }

    @Test
    void frameDataBeforeHelloIsIgnoredAndCounted() throws Exception {
        SessionLog.Entry udp = Captures.messages(Captures.UDP).stream().filter(SessionLog.Entry::udp).findFirst()
                .orElseThrow();
        int[] frames = new int[1];
        PStatsSession session = new PStatsSession("test", (s, f) -> frames[0]++);
        session.udpDatagram(udp.bytes(), 0, udp.bytes().length);
        assertEquals(0, frames[0]);
        assertEquals(1, session.framesBeforeHello());
    }

    @Test
    void wrongMajorVersionOrNewerMinorIsRefused() {
        WireWriter out = new WireWriter(100);
        PStatsSession session = new PStatsSession("test", (s, f) -> { });
        PStatsCodec.encodeClientHello(out, "h", "p", 2, 1, -1);
        assertThrows(PStatsFormatException.class, () -> session.tcpPayload(out.buffer(), 4, out.payloadLength()));
        PStatsCodec.encodeClientHello(out, "h", "p", 3, 3, -1);
        assertThrows(PStatsFormatException.class, () -> session.tcpPayload(out.buffer(), 4, out.payloadLength()));
    }

    @Test
    void tcpLengthOfZeroOrOverTheLimitIsRejectedUnread() {
        assertThrows(PStatsFormatException.class, () -> new TcpMessageReader(stream("00 00 00 00 01")).next());
        assertThrows(PStatsFormatException.class, () -> new TcpMessageReader(stream("ff ff ff ff 01")).next());
        assertThrows(PStatsFormatException.class, () -> new TcpMessageReader(stream("01 00 40 00 01")).next());
    }

    @Test
    void lyingTcpLengthGrowsTheBufferOnlyWithArrivingBytes() throws Exception {
        // Claims 4 MiB, sends 10 bytes, hangs up: end of stream inside the message, buffer never near 4 MiB.
        TcpMessageReader reader = new TcpMessageReader(stream("00 00 40 00 01 02 03 04 05 06 07 08 09 0a"));
        assertThrows(EOFException.class, reader::next);
        assertTrue(reader.buffer().length <= 4096 + TcpMessageReader.CHUNK, "buffer " + reader.buffer().length);
    }

    @Test
    void disconnectMidHeaderIsEndOfStreamInsideAMessage() throws Exception {
        assertThrows(EOFException.class, () -> new TcpMessageReader(stream("05 00")).next());
        assertEquals(-1, new TcpMessageReader(stream("")).next());
    }

    @Test
    void messagesLargerThanTheFirstBufferAreReadWhole() throws Exception {
        byte[] payload = new byte[200_000];
        Arrays.fill(payload, (byte) 7);
        byte[] msg = new byte[payload.length + 4];
        msg[0] = (byte) payload.length;
        msg[1] = (byte) (payload.length >> 8);
        msg[2] = (byte) (payload.length >> 16);
        System.arraycopy(payload, 0, msg, 4, payload.length);
        TcpMessageReader reader = new TcpMessageReader(new ByteArrayInputStream(msg));
        assertEquals(payload.length, reader.next());
        assertEquals(7, reader.buffer()[TcpMessageReader.PAYLOAD + payload.length - 1]);
        assertEquals(-1, reader.next());
    }

    @Test
    void collectorParentLoopsAreRefusedAndTheTableKeptAsItWas() throws Exception {
        CollectorTable table = new CollectorTable();
        table.define(CollectorDef.time(0, "Frame", 0, 0, 0, 0, 0));
        table.define(CollectorDef.time(1, "A", 2, 0, 0, 0, 0));
        PStatsFormatException loop = assertThrows(PStatsFormatException.class,
                () -> table.define(CollectorDef.time(2, "B", 1, 0, 0, 0, 0)));
        assertTrue(loop.getMessage().contains("leads back to it"), loop.getMessage());
        assertThrows(PStatsFormatException.class, () -> table.define(CollectorDef.time(3, "C", 3, 0, 0, 0, 0)),
                "a collector its own parent is a loop too");
        assertEquals(false, table.isDefined(2));
        assertEquals(false, table.isDefined(3));
        assertEquals("A", table.fullName(1), "its parent is undefined: the chain is cut there");
        table.define(CollectorDef.time(2, "B", 0, 0, 0, 0, 0));
        assertEquals("B:A", table.fullName(1));
        StaticTree tree = new StaticTree().update(table);
        assertEquals(3, tree.orderSize());
    }

    private static InputStream stream(String hex) {
        return new ByteArrayInputStream(Hex.parse(hex));
    }
}
