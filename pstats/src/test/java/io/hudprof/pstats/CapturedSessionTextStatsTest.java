package io.hudprof.pstats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The real captures replayed into a session give, frame by frame and collector by collector, exactly the lines
 * Panda's text-stats -r printed for the same session: raw events, times (ms, including static children) and levels.
 * Only the header's Hz, a moving average that depends on arrival timing, is left out of the comparison. Frames are
 * matched by number: text-stats printed the few frames that came over TCP before UDP frames that were sent earlier
 * but still queued in its socket (frame 64 before 60..63), while a replay feeds them in wire order.
 */
class CapturedSessionTextStatsTest {

    @ParameterizedTest
    @ValueSource(strings = {Captures.UDP, Captures.TCP})
    void replayedCapturePrintsWhatTextStatsPrinted(String capture) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        TextStatsPrinter printer = new TextStatsPrinter(out, true);
        PStatsSession session = new PStatsSession("capture", printer);
        Captures.replay(Captures.messages(capture), session);
        session.close("end of capture");

        Map<String, List<String>> expected = Captures.framesByHeader(Captures.textStats(capture));
        Map<String, List<String>> actual = Captures.framesByHeader(List.of(bytes.toString(StandardCharsets.UTF_8).split("\n")));
        assertEquals(199, expected.size(), "the reference holds frames 1..199");
        assertEquals(expected.keySet(), actual.keySet(), "the same frames, with the same frame times");
        for (Map.Entry<String, List<String>> frame : expected.entrySet()) {
            List<String> lines = frame.getValue();
            assertEquals(42, lines.size(), frame.getKey());
            assertEquals(lines, actual.get(frame.getKey()), frame.getKey() + " of " + capture);
        }
    }
}
