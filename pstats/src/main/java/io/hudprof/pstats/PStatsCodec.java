package io.hudprof.pstats;

import io.hudprof.pstats.ControlMessage.ClientHello;
import io.hudprof.pstats.ControlMessage.DefineCollectors;
import io.hudprof.pstats.ControlMessage.DefineThreads;
import io.hudprof.pstats.ControlMessage.ExpireThread;
import java.util.ArrayList;
import java.util.List;

/**
 * Encoders and a defensive decoder for every PStats message (protocol note §1-§3), little-endian throughout.
 *
 * <p>The decoder faces the network. It checks every claimed count or length against the bytes actually present
 * before it allocates anything for it, rejects indices outside the protocol's ranges, and reports all of this as
 * {@link PStatsFormatException}; it never throws anything else for any input. Like the stock server it accepts
 * trailing bytes after a frame's level list and an optional {@code pid} after a hello.
 */
public final class PStatsCodec {
    /** Message types (first payload byte) of client-to-server messages. */
    public static final int T_DATAGRAM = 0;
    public static final int T_HELLO = 1;
    public static final int T_DEFINE_COLLECTORS = 2;
    public static final int T_DEFINE_THREADS = 3;
    public static final int T_EXPIRE_THREAD = 4;

    /** The protocol this implementation speaks. */
    public static final int MAJOR = 3;
    public static final int MINOR = 2;

    /** Largest TCP payload accepted; far above anything a real client sends (700 collectors fit in 64 KiB). */
    public static final int MAX_TCP_PAYLOAD = 4 << 20;
    /** Largest UDP payload PStats sends (note §1.3); a larger one goes over TCP. */
    public static final int MAX_UDP_PAYLOAD = 1500;
    /** Largest UDP payload accepted from the network: anything a datagram can carry. */
    public static final int MAX_UDP_RECEIVE = 65507 - 2;
    /** Time events carry 15 bits of collector index; definitions an {@code i16}. */
    public static final int MAX_COLLECTOR_INDEX = 0x7fff;
    /** The stock server's sanity bound on thread indices (note §2.4). */
    public static final int MAX_THREAD_INDEX = 999;
    /** Smallest encoded collector definition: fixed fields and two empty strings. */
    static final int MIN_COLLECTOR_DEF_BYTES = 2 + 2 + 2 + 12 + 2 + 2 + 4 + 4;
    /** The client writes at most this many definitions per message (note §2.3). */
    public static final int COLLECTORS_PER_MESSAGE = 700;

    private PStatsCodec() {
    }

    /** The UDP checksum: the payload's bytes summed as unsigned values, modulo 2^16. */
    public static int checksum(byte[] buf, int off, int len) {
        int sum = 0;
        for (int i = off, end = off + len; i < end; i++) {
            sum += buf[i] & 0xff;
        }
        return sum & 0xffff;
    }

    /**
     * Verifies a UDP datagram ({@code u16 checksum} + payload) and returns the payload's offset.
     *
     * @throws PStatsFormatException when it is too short or the checksum does not match
     */
    public static int verifyDatagram(byte[] buf, int off, int len) throws PStatsFormatException {
        if (len < 2) {
            throw new PStatsFormatException("UDP datagram of " + len + " bytes has no checksum");
        }
        int stated = (buf[off] & 0xff) | (buf[off + 1] & 0xff) << 8;
        int actual = checksum(buf, off + 2, len - 2);
        if (stated != actual) {
            throw new PStatsFormatException("bad UDP checksum " + stated + ", payload sums to " + actual);
        }
        return off + 2;
    }

    /** Whether a client payload is frame data (type 0) rather than a control message. */
    public static boolean isFrameData(byte[] buf, int off, int len) {
        return len > 0 && buf[off] == T_DATAGRAM;
    }

    // ---- decoding -------------------------------------------------------------------------------------------

    /** Decodes a client control message (first byte 1..255). */
    public static ControlMessage decodeControl(byte[] buf, int off, int len) throws PStatsFormatException {
        WireReader in = new WireReader(buf, off, len);
        int type = in.u8("message type");
        return switch (type) {
            case T_DATAGRAM -> throw new PStatsFormatException("frame data is not a control message");
            case T_HELLO -> decodeHello(in);
            case T_DEFINE_COLLECTORS -> decodeCollectors(in);
            case T_DEFINE_THREADS -> decodeThreads(in);
            case T_EXPIRE_THREAD -> new ExpireThread(threadIndex(in.u16("expired thread")));
            default -> new ControlMessage.Unknown(type);
        };
    }

    private static ClientHello decodeHello(WireReader in) throws PStatsFormatException {
        String host = in.string("client hostname");
        String prog = in.string("client progname");
        if (in.remaining() == 0) {
            // Clients before 2001 sent no version: the stock decoder calls that 1.0.
            return new ClientHello(host, prog, 1, 0, -1);
        }
        int major = in.u16("major version");
        int minor = in.u16("minor version");
        long pid = in.remaining() >= 4 ? in.u32("pid") : -1;
        return new ClientHello(host, prog, major, minor, pid);
    }

    private static DefineCollectors decodeCollectors(WireReader in) throws PStatsFormatException {
        int count = in.u16("collector count");
        if ((long) count * MIN_COLLECTOR_DEF_BYTES > in.remaining()) {
            throw new PStatsFormatException("claims " + count + " collector definitions in " + in.remaining()
                    + " bytes");
        }
        List<CollectorDef> defs = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            int index = in.i16("collector index");
            String name = in.string("collector name");
            int parent = in.i16("parent index");
            if (index < 0 || parent < 0) {
                throw new PStatsFormatException("negative collector index " + index + " or parent " + parent);
            }
            float r = in.f32("red");
            float g = in.f32("green");
            float b = in.f32("blue");
            int sort = in.i16("sort");
            String units = in.string("level units");
            float scale = in.f32("suggested scale");
            float factor = in.f32("factor");
            defs.add(new CollectorDef(index, name, parent, r, g, b, sort, units, scale, factor));
        }
        return new DefineCollectors(List.copyOf(defs));
    }

    private static DefineThreads decodeThreads(WireReader in) throws PStatsFormatException {
        int first = in.u16("first thread index");
        int count = in.u16("thread count");
        if ((long) count * 2 > in.remaining()) {
            throw new PStatsFormatException("claims " + count + " thread names in " + in.remaining() + " bytes");
        }
        if (count > 0) {
            threadIndex(first + count - 1);
        }
        List<String> names = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            names.add(in.string("thread name"));
        }
        return new DefineThreads(first, List.copyOf(names));
    }

    private static int threadIndex(int index) throws PStatsFormatException {
        if (index > MAX_THREAD_INDEX) {
            throw new PStatsFormatException("thread index " + index + " over " + MAX_THREAD_INDEX);
        }
        return index;
    }

    /**
     * Decodes a frame-data payload (first byte 0) into {@code dest}.
     *
     * @param wideCounts true for a 3.2 client ({@code u32} counts), false for 3.0/3.1 ({@code u16})
     */
    public static FrameData decodeFrame(byte[] buf, int off, int len, boolean wideCounts, FrameData dest)
            throws PStatsFormatException {
        WireReader in = new WireReader(buf, off, len);
        if (in.u8("frame marker") != T_DATAGRAM) {
            throw new PStatsFormatException("frame data must start with 0");
        }
        int thread = threadIndex(in.u16("thread index"));
        long frame = in.u32("frame number");
        dest.reset(thread, frame);
        long events = wideCounts ? in.u32("time event count") : in.u16("time event count");
        if (events * 6 > in.remaining()) {
            throw new PStatsFormatException("claims " + events + " time events in " + in.remaining() + " bytes");
        }
        dest.growEvents((int) events);
        for (int i = 0; i < events; i++) {
            dest.eventCodes[i] = in.u16("time event");
            dest.eventTimes[i] = in.f32("event time");
        }
        dest.eventCount = (int) events;
        long levels = wideCounts ? in.u32("level count") : in.u16("level count");
        if (levels * 6 > in.remaining()) {
            throw new PStatsFormatException("claims " + levels + " level values in " + in.remaining() + " bytes");
        }
        dest.growLevels((int) levels);
        for (int i = 0; i < levels; i++) {
            dest.levelCollectors[i] = in.u16("level collector");
            dest.levelValues[i] = in.f32("level value");
        }
        dest.levelCount = (int) levels;
        return dest;
    }

    /** Decodes the server's hello (the only server-to-client message). */
    public static ServerHello decodeServerHello(byte[] buf, int off, int len) throws PStatsFormatException {
        WireReader in = new WireReader(buf, off, len);
        int type = in.u8("message type");
        if (type != T_HELLO) {
            throw new PStatsFormatException("server message of type " + type + ", expected hello (1)");
        }
        return new ServerHello(in.string("server hostname"), in.string("server progname"), in.u16("UDP port"));
    }

    // ---- encoding -------------------------------------------------------------------------------------------

    /** Client hello, protocol {@code major.minor}; the pid is written when it is not negative. */
    public static void encodeClientHello(WireWriter out, String hostname, String progname, int major, int minor,
            long pid) {
        out.clear().u8(T_HELLO).string(hostname).string(progname).u16(major).u16(minor);
        if (pid >= 0) {
            out.u32(pid);
        }
    }

    /** Server hello with this connection's UDP port. */
    public static void encodeServerHello(WireWriter out, String hostname, String progname, int udpPort) {
        out.clear().u8(T_HELLO).string(hostname).string(progname).u16(udpPort);
    }

    /** Collector definitions {@code defs[from, to)}; callers split at {@link #COLLECTORS_PER_MESSAGE}. */
    public static void encodeCollectors(WireWriter out, List<CollectorDef> defs, int from, int to) {
        out.clear().u8(T_DEFINE_COLLECTORS).u16(to - from);
        for (int i = from; i < to; i++) {
            CollectorDef d = defs.get(i);
            out.u16(d.index()).string(d.name()).u16(d.parentIndex()).f32(d.red()).f32(d.green()).f32(d.blue())
                    .u16(d.sort()).string(d.levelUnits()).f32(d.suggestedScale()).f32(d.factor());
        }
    }

    /** Thread names for indices {@code first ..}. */
    public static void encodeThreads(WireWriter out, int first, List<String> names) {
        out.clear().u8(T_DEFINE_THREADS).u16(first).u16(names.size());
        for (String name : names) {
            out.string(name);
        }
    }

    /** Expire-thread (3.2). */
    public static void encodeExpireThread(WireWriter out, int threadIndex) {
        out.clear().u8(T_EXPIRE_THREAD).u16(threadIndex);
    }

    /** Bytes {@link #encodeFrame} writes for a frame. */
    public static long frameBytes(FrameData frame, boolean wideCounts) {
        return 7 + (wideCounts ? 8 : 4) + 6L * (frame.eventCount + frame.levelCount);
    }

    /** Frame data; the caller checks {@link #frameBytes} against the writer's room first. */
    public static void encodeFrame(WireWriter out, FrameData frame, boolean wideCounts) {
        out.clear().u8(T_DATAGRAM).u16(frame.threadIndex).u32(frame.frameNumber);
        if (wideCounts) {
            out.u32(frame.eventCount);
        } else {
            out.u16(frame.eventCount);
        }
        for (int i = 0; i < frame.eventCount; i++) {
            out.u16(frame.eventCodes[i]).f32(frame.eventTimes[i]);
        }
        if (wideCounts) {
            out.u32(frame.levelCount);
        } else {
            out.u16(frame.levelCount);
        }
        for (int i = 0; i < frame.levelCount; i++) {
            out.u16(frame.levelCollectors[i]).f32(frame.levelValues[i]);
        }
    }
}
