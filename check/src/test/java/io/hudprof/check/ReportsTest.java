package io.hudprof.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** The table, JSON and JUnit XML carry the same findings; the XML has the shape CI systems read. */
class ReportsTest {
    private static final double MS = 1e6;

    /** One regression (A*), one inconclusive (Noisy), one pass (Steady), and a zone name that needs escaping. */
    private static GateResult mixed() throws RuleException {
        Map<String, double[]> base = new LinkedHashMap<>();
        Map<String, double[]> cur = new LinkedHashMap<>();
        base.put("A*", Synthetic.logNormal(1, 600, 1 * MS, 0.2));
        cur.put("A*", Synthetic.logNormal(2, 600, 2 * MS, 0.2));
        base.put("Noisy", Synthetic.logNormal(3, 60, 2 * MS, 0.6));
        cur.put("Noisy", Synthetic.logNormal(4, 60, 2.2 * MS, 0.6));
        base.put("Steady <\"&'>", Synthetic.logNormal(5, 600, 1 * MS, 0.1));
        cur.put("Steady <\"&'>", Synthetic.logNormal(6, 600, 1 * MS, 0.1));
        // Cut the long runs to the noisy zone's 60 frames: every zone needs the same frame count.
        Map<String, double[]> b = new LinkedHashMap<>();
        Map<String, double[]> c = new LinkedHashMap<>();
        base.forEach((k, v) -> b.put(k, java.util.Arrays.copyOf(v, 60)));
        cur.forEach((k, v) -> c.put(k, java.util.Arrays.copyOf(v, 60)));
        return new Gate().check(List.of(Synthetic.run(b)), List.of(Synthetic.run(c)),
                List.of(RuleParser.parse("* median <= +10%")));
    }

    @Test
    void theJunitXmlIsATestsuiteOfTestcasesWithFailuresAndSkips() throws Exception {
        GateResult result = mixed();
        assertEquals(1, result.count(Verdict.REGRESSION), Reports.table(result));
        assertEquals(1, result.count(Verdict.INCONCLUSIVE), Reports.table(result));
        String xml = Reports.junitXml(result);
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
        Element suite = doc.getDocumentElement();
        assertEquals("testsuite", suite.getTagName());
        assertEquals("hudprof-check", suite.getAttribute("name"));
        assertEquals("3", suite.getAttribute("tests"));
        assertEquals("1", suite.getAttribute("failures"));
        assertEquals("1", suite.getAttribute("skipped"));
        assertEquals("0", suite.getAttribute("errors"));
        NodeList cases = suite.getElementsByTagName("testcase");
        assertEquals(3, cases.getLength());
        Map<String, Element> byName = new LinkedHashMap<>();
        for (int i = 0; i < cases.getLength(); i++) {
            Element e = (Element) cases.item(i);
            assertEquals("* median <= +10%", e.getAttribute("classname"));
            byName.put(e.getAttribute("name"), e);
        }
        Element astar = byName.get("A* self median");
        assertEquals(1, astar.getElementsByTagName("failure").getLength());
        Element failure = (Element) astar.getElementsByTagName("failure").item(0);
        assertTrue(failure.getAttribute("message").startsWith("regression: A* self median: baseline "),
                failure.getAttribute("message"));
        assertEquals(1, byName.get("Noisy self median").getElementsByTagName("skipped").getLength());
        Element steady = byName.get("Steady <\"&'> self median");
        assertEquals(0, steady.getChildNodes().getLength(), "a pass is an empty testcase");
    }

    @Test
    void theTableAndJsonCarryEveryFinding() throws Exception {
        GateResult result = mixed();
        String table = Reports.table(result);
        String[] lines = table.split("\n");
        assertTrue(lines[0].startsWith("zone") && lines[0].contains("baseline") && lines[0].contains("current")
                && lines[0].contains("change") && lines[0].contains("verdict"), lines[0]);
        assertTrue(lines[1].startsWith("A* self median") && lines[1].endsWith("REGRESSION"), lines[1]);
        assertEquals(5, lines.length, table);
        assertTrue(lines[4].startsWith("hudprof-check: 1 regression, 1 inconclusive, 1 pass") && lines[4].endsWith("FAIL"),
                lines[4]);
        String json = Reports.json(result);
        assertTrue(json.contains("\"passed\": false"), json);
        assertTrue(json.contains("\"zone\": \"Steady <\\\"&'>\""), json);
        assertTrue(json.contains("\"verdict\": \"regression\"") && json.contains("\"verdict\": \"inconclusive\""));
        assertEquals(3, json.split("\"rule\":").length - 1);
    }
}
