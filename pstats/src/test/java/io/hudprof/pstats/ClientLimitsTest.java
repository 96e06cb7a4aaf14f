package io.hudprof.pstats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What one client can make a session hold, and in what order it sees its frames: chains deeper than the limit are
 * refused, names stay bounded whatever the tree, a client past its budget is refused with the limit named, and a
 * frame that arrives before its thread's definition is shown under the thread's name, not {@code thread 0}.
 */
class ClientLimitsTest {
    private final WireWriter out = new WireWriter(PStatsCodec.MAX_TCP_PAYLOAD);

    private void tcp(PStatsSession session) throws PStatsFormatException {
        int len = out.tcpMessage();
        session.tcpPayload(out.buffer(), WireWriter.HEADER, len - WireWriter.HEADER);
    }

    private void udp(PStatsSession session) throws PStatsFormatException {
        int len = out.udpDatagram();
        session.udpDatagram(out.buffer(), 2, len);
    }

    private PStatsSession helloed(SessionListener listener, ClientBudget budget) throws PStatsFormatException {
        PStatsSession session = new PStatsSession("test", listener, budget);
        PStatsCodec.encodeClientHello(out, "host", "limits", 3, 2, 1);
        tcp(session);
        return session;
    }

    private void collectors(PStatsSession session, List<CollectorDef> defs) throws PStatsFormatException {
        for (int from = 0; from < defs.size(); from += PStatsCodec.COLLECTORS_PER_MESSAGE) {
            PStatsCodec.encodeCollectors(out, defs, from, Math.min(defs.size(), from + PStatsCodec.COLLECTORS_PER_MESSAGE));
            tcp(session);
        }
    }

    @Test
    void aChainDeeperThanTheLimitIsRefusedAtTheDefinitionThatWouldPassIt() throws Exception {
        CollectorTable table = new CollectorTable();
        table.define(CollectorDef.time(0, "Frame", 0, 0, 0, 0, 0));
        for (int i = 1; i <= CollectorTable.MAX_DEPTH; i++) {
            table.define(CollectorDef.time(i, "L" + i, i - 1, 0, 0, 0, 0));
        }
        int deeper = CollectorTable.MAX_DEPTH + 1;
        PStatsFormatException e = assertThrows(PStatsFormatException.class,
                () -> table.define(CollectorDef.time(deeper, "L" + deeper, deeper - 1, 0, 0, 0, 0)));
        assertTrue(e.getMessage().contains("more than " + CollectorTable.MAX_DEPTH + " levels"), e.getMessage());
        assertTrue(table.fullName(CollectorTable.MAX_DEPTH).length() <= CollectorTable.MAX_FULL_NAME_CHARS);
    }

    @Test
    void fullNamesStayBoundedWhenARedefinitionPushesASubtreeDeepAndNamesAreLong() throws Exception {
        CollectorTable table = new CollectorTable();
        table.define(CollectorDef.time(0, "Frame", 0, 0, 0, 0, 0));
        String longName = "x".repeat(30_000);
        // Two chains of 60, each within the limit; then the second's root is hung under the first's leaf: 120 deep.
        for (int i = 1; i <= 60; i++) {
            table.define(CollectorDef.time(i, longName + i, i - 1, 0, 0, 0, 0));
            table.define(CollectorDef.time(100 + i, "B" + i, i == 1 ? 0 : 100 + i - 1, 0, 0, 0, 0));
        }
        table.define(CollectorDef.time(101, "B1", 60, 0, 0, 0, 0));
        String deepest = table.fullName(160);
        assertTrue(deepest.length() <= CollectorTable.MAX_FULL_NAME_CHARS, "length " + deepest.length());
        assertTrue(deepest.endsWith(":B59:B60"), deepest);
        assertTrue(table.fullName(60).length() <= CollectorTable.MAX_FULL_NAME_CHARS);
    }

    @Test
    void aClientPastItsBudgetIsRefusedWithTheLimitNamed() throws Exception {
        ClientBudget budget = new ClientBudget(100, 4, 2_000);
        PStatsSession session = helloed((s, f) -> { }, budget);
        List<CollectorDef> defs = new ArrayList<>();
        for (int i = 0; i < 101; i++) {
            defs.add(CollectorDef.time(i, "C" + i, 0, 0, 0, 0, 0));
        }
        PStatsFormatException tooMany = assertThrows(PStatsFormatException.class, () -> collectors(session, defs));
        assertTrue(tooMany.getMessage().contains("more than 100 collectors")
                && tooMany.getMessage().contains("-Dhudprof.pstats.maxCollectors"), tooMany.getMessage());

        PStatsSession names = helloed((s, f) -> { }, budget);
        collectors(names, List.of(CollectorDef.time(1, "n".repeat(1_500), 0, 0, 0, 0, 0)));
        // Redefining replaces the name's bytes; a second long name passes the budget.
        collectors(names, List.of(CollectorDef.time(1, "m".repeat(1_500), 0, 0, 0, 0, 0)));
        PStatsFormatException tooLong = assertThrows(PStatsFormatException.class,
                () -> collectors(names, List.of(CollectorDef.time(2, "o".repeat(600), 0, 0, 0, 0, 0))));
        assertTrue(tooLong.getMessage().contains("2000 characters"), tooLong.getMessage());

        PStatsSession threads = helloed((s, f) -> { }, budget);
        PStatsCodec.encodeThreads(out, 0, List.of("a", "b", "c", "d", "e"));
        PStatsFormatException tooManyThreads = assertThrows(PStatsFormatException.class, () -> tcp(threads));
        assertTrue(tooManyThreads.getMessage().contains("more than 4 threads"), tooManyThreads.getMessage());
    }

    @Test
    void aFrameBeforeItsThreadsDefinitionIsPrintedUnderTheThreadsName() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        TextStatsPrinter printer = new TextStatsPrinter(new PrintStream(bytes, true, StandardCharsets.UTF_8), true);
        PStatsSession session = helloed(printer, ClientBudget.defaults());
        collectors(session, List.of(CollectorDef.time(0, "Frame", 0, 1, 1, 1, 0),
                CollectorDef.time(1, "Work", 0, 1, 0, 0, 0)));
        // The UDP reader got two frames before the TCP reader applied define_threads.
        for (int n = 1; n <= 2; n++) {
            FrameData f = new FrameData().reset(0, n);
            f.addEvent(0, true, n);
            f.addEvent(1, true, n);
            f.addEvent(1, false, n + 0.25f);
            f.addEvent(0, false, n + 0.5f);
            PStatsCodec.encodeFrame(out, f, true);
            udp(session);
        }
        assertEquals("", bytes.toString(StandardCharsets.UTF_8), "held until the thread is defined");
        PStatsCodec.encodeThreads(out, 0, List.of("Main"));
        tcp(session);
        session.close("end");
        String printed = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(printed.contains("Thread Main frame 1") && printed.contains("Thread Main frame 2"), printed);
        assertTrue(!printed.contains("thread 0"), printed);
        assertEquals(0, session.framesUndefined());
    }

    @Test
    void framesThatNeverGetDefinitionsAreHeldBoundedlyThenShownInOrder() throws Exception {
        List<Long> seen = new ArrayList<>();
        PStatsSession session = helloed((s, f) -> seen.add(f.frameNumber()), ClientBudget.defaults());
        int sent = PStatsSession.MAX_HELD + 10;
        for (int n = 1; n <= sent; n++) {
            FrameData f = new FrameData().reset(3, n);
            f.addEvent(9, true, n);
            f.addEvent(9, false, n + 0.5f);
            PStatsCodec.encodeFrame(out, f, true);
            udp(session);
        }
        assertEquals(10, seen.size(), "at most " + PStatsSession.MAX_HELD + " held");
        session.close("end");
        assertEquals(sent, seen.size());
        for (int i = 0; i < sent; i++) {
            assertEquals(i + 1, seen.get(i), "in arrival order");
        }
        assertEquals(sent, session.framesUndefined());
    }
}
