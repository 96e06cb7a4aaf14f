package io.hudprof.viewer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.Hudprof;
import org.junit.jupiter.api.Test;

/**
 * Which client the live window shows: the first to say hello, F4 / Shift+F4 round the connected ones in connection
 * order, the next (else the previous) when the shown one leaves, the last one kept after it left until another
 * comes; each with a profile of its own.
 */
class ViewerClientsTest {

    @Test
    void aClientGetsItsProfileAtItsFirstFrameNotAtItsHello() throws Exception {
        ViewerClients clients = new ViewerClients(16);
        try {
            ClientFeed feed = new ClientFeed(clients, false);
            io.hudprof.pstats.PStatsSession session = new io.hudprof.pstats.PStatsSession("idle", feed);
            io.hudprof.pstats.WireWriter out = new io.hudprof.pstats.WireWriter(4096);
            io.hudprof.pstats.PStatsCodec.encodeClientHello(out, "host", "idle", 3, 2, 1);
            session.tcpPayload(out.buffer(), 4, out.tcpMessage() - 4);
            io.hudprof.pstats.PStatsCodec.encodeThreads(out, 0, java.util.List.of("Main"));
            session.tcpPayload(out.buffer(), 4, out.tcpMessage() - 4);
            assertEquals(0, clients.count(), "a client that only said hello holds no profile (its history)");
            io.hudprof.pstats.PStatsCodec.encodeFrame(out, new io.hudprof.pstats.FrameData().reset(0, 1), true);
            session.tcpPayload(out.buffer(), 4, out.tcpMessage() - 4);
            assertEquals(1, clients.count());
            session.close("left");
            assertEquals(0, clients.count());
        } finally {
            clients.closeAll();
        }
    }

    @Test
    void cyclingWrapsAndALeavingShownClientHandsOverToTheNext() {
        ViewerClients clients = new ViewerClients(16);
        try {
            assertNull(clients.shown());
            clients.cycle(1);
            assertNull(clients.shown(), "nothing to cycle through");
            RemoteProfile first = clients.connected(new ClientFeed(clients, false));
            RemoteProfile second = clients.connected(new ClientFeed(clients, false));
            RemoteProfile third = clients.connected(new ClientFeed(clients, false));
            assertNotSame(first.profiler(), second.profiler(), "a profiler per client");
            assertSame(first, clients.shown(), "the first to connect is shown");
            assertEquals("client 1 of 3: , 0 dropped", clients.describe(first));
            assertEquals("client 3 of 3: , 0 dropped", clients.describe(third));

            clients.cycle(1);
            assertSame(second, clients.shown());
            clients.cycle(-1);
            clients.cycle(-1);
            assertSame(third, clients.shown(), "Shift+F4 wraps to the last");
            clients.cycle(1);
            assertSame(first, clients.shown(), "F4 wraps to the first");

            clients.cycle(-1);
            int version = clients.version();
            clients.disconnected(third);
            assertTrue(clients.version() != version, "the window is told");
            assertSame(second, clients.shown(), "the last in line left: the one before it is shown");
            assertFalse(clients.retained(third));

            clients.cycle(-1);
            assertSame(first, clients.shown());
            clients.disconnected(first);
            assertSame(second, clients.shown(), "the first left: the next is shown");
            assertEquals("client 1 of 1: , 0 dropped", clients.describe(second));

            clients.disconnected(second);
            assertSame(second, clients.shown(), "the last to leave stays on screen");
            assertTrue(clients.retained(second));
            assertEquals(" left", clients.describe(second));
            assertEquals(0, clients.count());

            RemoteProfile fourth = clients.connected(new ClientFeed(clients, false));
            assertSame(fourth, clients.shown(), "a new client replaces one that left");
            assertFalse(clients.retained(second));
            assertEquals(1, fourth.number(), "the smallest number free (the shown one that left keeps 2 until now),"
                    + " so level statistics' names are reused, not made without end");
            RemoteProfile fifth = clients.connected(new ClientFeed(clients, false));
            assertEquals(2, fifth.number(), "free again once the client that had it is no longer shown");
        } finally {
            clients.closeAll();
        }
        assertNull(Hudprof.profiler(), "no profile stays installed");
    }
}
