package io.hudprof.pstats;

import java.util.List;

/**
 * A decoded client-to-server control message (protocol note §2): every TCP payload whose first byte is not 0.
 * Unknown types decode to {@link Unknown} so a server can log and skip them, as the stock server does.
 */
public sealed interface ControlMessage {
    /** Type 1: who the client is and which protocol version it speaks; {@code pid} is -1 when not sent. */
    record ClientHello(String hostname, String progname, int major, int minor, long pid) implements ControlMessage {
        /** Whether frame-data counts are {@code u32} (3.2 and later) rather than {@code u16}. */
        public boolean wideCounts() {
            return major > 3 || (major == 3 && minor >= 2);
        }
    }

    /** Type 2: collector definitions, in wire order. */
    record DefineCollectors(List<CollectorDef> collectors) implements ControlMessage {
    }

    /** Type 3: names of threads {@code firstIndex .. firstIndex + names.size() - 1}; empty names keep the old one. */
    record DefineThreads(int firstIndex, List<String> names) implements ControlMessage {
    }

    /** Type 4 (3.2): the client's thread is gone. */
    record ExpireThread(int threadIndex) implements ControlMessage {
    }

    /** A type this server does not know; skipped. */
    record Unknown(int type) implements ControlMessage {
    }
}
