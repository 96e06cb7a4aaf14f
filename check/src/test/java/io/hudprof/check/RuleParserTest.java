package io.hudprof.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Rules as the issue writes them parse; bad ones get one line that says what to write instead. */
class RuleParserTest {
    @Test
    void theIssuesExamplesParse() throws RuleException {
        Rule physics = RuleParser.parse("Physics.p95 <= +10%");
        assertEquals("Physics", physics.target());
        assertEquals(Statistic.P95, physics.statistic());
        assertEquals(Quantity.SELF, physics.quantity());
        assertTrue(physics.relative());
        assertEquals(1.10, physics.limit(), 1e-12);

        Rule astar = RuleParser.parse("A* median <= 2 ms");
        assertEquals("A*", astar.target());
        assertEquals(Statistic.MEDIAN, astar.statistic());
        assertFalse(astar.relative());
        assertEquals(2e6, astar.limit(), 1e-6);

        Rule frame = RuleParser.parse("frame.p99 <= 20 ms");
        assertTrue(frame.isFrame());
        assertEquals(Statistic.P99, frame.statistic());
        assertEquals(20e6, frame.limit(), 1e-6);
    }

    @Test
    void quantitiesCategoriesRatiosUnitsAndNamesWithSpaces() throws RuleException {
        Rule hier = RuleParser.parse("Path replan hier p90 <= 500us");
        assertEquals("Path replan", hier.target());
        assertEquals(Quantity.HIER, hier.quantity());
        assertEquals(500_000, hier.limit(), 1e-6);
        Rule every = RuleParser.parse("* self median <= 2x");
        assertTrue(every.isEveryZone() && every.relative());
        assertEquals(2.0, every.limit(), 1e-12);
        Rule category = RuleParser.parse("Render:* total <= +5%");
        assertTrue(category.isCategory());
        assertEquals("Render", category.category());
        Rule calls = RuleParser.parse("Path replan calls max <= 3");
        assertEquals(Quantity.CALLS, calls.quantity());
        assertEquals(3, calls.limit(), 0);
        assertEquals(Statistic.MEDIAN, RuleParser.parse("x p50 <= 1 s").statistic());
        assertEquals(1e9, RuleParser.parse("x p50 <= 1 s").limit(), 0);
        // A zone named like a quantity word is still a zone when nothing comes before it.
        assertEquals("self", RuleParser.parse("self median <= +1%").target());
    }

    @Test
    void badRulesSayWhatToWrite() {
        assertMessage("A* median < 2 ms", "has no '<='");
        assertMessage("A* p96 <= +10%", "'p96' is not a statistic; use median (p50), p90, p95, p99, max, mean or total");
        assertMessage("A* median <= 2", "a time limit needs a unit; write e.g. '2 ms'");
        assertMessage("A* median <= ten", "limit 'ten' is not +N%");
        assertMessage("median <= +10%", "names no zone");
        assertMessage("A* calls max <= 3 ms", "calls are a count");
        assertMessage("A* median <= 0.5x", "below 1x");
    }

    private static void assertMessage(String rule, String expected) {
        RuleException e = assertThrows(RuleException.class, () -> RuleParser.parse(rule), rule);
        assertTrue(e.getMessage().contains(expected), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
    }

    @Test
    void aRulesFileSkipsCommentsAndNamesTheLineOfAnError(@TempDir Path dir) throws Exception {
        Path good = dir.resolve("good.rules");
        Files.writeString(good, "# the demo's budget\n\nSim:Physics p95 <= +10%   # physics\nframe p99 <= 20 ms\n");
        assertEquals(2, RuleParser.parseFile(good).size());
        Path bad = dir.resolve("bad.rules");
        Files.writeString(bad, "frame p99 <= 20 ms\nA* mdian <= 2 ms\n");
        RuleException e = assertThrows(RuleException.class, () -> RuleParser.parseFile(bad));
        assertTrue(e.getMessage().startsWith(bad + ":2: "), e.getMessage());
        RuleException missing = assertThrows(RuleException.class, () -> RuleParser.parseFile(dir.resolve("none")));
        assertTrue(missing.getMessage().contains("does not exist"), missing.getMessage());
        Path empty = dir.resolve("empty.rules");
        Files.writeString(empty, "# nothing\n");
        assertTrue(assertThrows(RuleException.class, () -> RuleParser.parseFile(empty)).getMessage()
                .contains("holds no rule"));
    }
}
