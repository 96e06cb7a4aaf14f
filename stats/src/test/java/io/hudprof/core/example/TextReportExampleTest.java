package io.hudprof.core.example;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class TextReportExampleTest {
    @Test
    void examplePrintsTheReportInEveryModeWithBothRaycastCallers() {
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            TextReportExample.main(new String[0]);
        } finally {
            System.setOut(original);
        }
        String out = captured.toString(StandardCharsets.UTF_8);
        assertTrue(out.contains("hudprof self time | instant | live"), out);
        assertTrue(out.contains("hudprof hier time | instant | live"), out);
        assertTrue(out.contains("hudprof call graph of Raycast"), out);
        assertTrue(out.contains("+AI") && out.contains("+Physics"), "both callers of Raycast:\n" + out);
        assertTrue(out.contains("Render:Cull[2]"), "expanded recursion rows:\n" + out);
        assertTrue(out.contains("10 frames back"), out);
    }
}
