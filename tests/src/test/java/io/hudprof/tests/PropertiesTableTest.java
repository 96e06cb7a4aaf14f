package io.hudprof.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/PROPERTIES.md is the one list of {@code hudprof.*} properties and {@code HUDPROF_*} environment variables:
 * every name that shipped code spells as a string literal (which is how each one is read, directly or through a
 * constant) must have a row, and every row must name something the code still reads.
 */
class PropertiesTableTest {
    /** A property or variable name as a whole Java string literal. */
    private static final Pattern LITERAL = Pattern.compile("\"(hudprof\\.[A-Za-z][A-Za-z0-9_.]*|HUDPROF_[A-Z0-9_]+)\"");
    /** A table row's first cell: {@code | `name` | ...}. */
    private static final Pattern ROW = Pattern.compile("(?m)^\\| `([^`]+)` \\|");

    @Test
    void everyPropertyTheCodeReadsIsInTheTableAndNoOther() {
        Map<String, Path> inCode = new TreeMap<>();
        for (Path source : RepositoryFiles.mainSources()) {
            Matcher m = LITERAL.matcher(RepositoryFiles.read(source));
            while (m.find()) {
                inCode.putIfAbsent(m.group(1), RepositoryFiles.root().relativize(source));
            }
        }
        Set<String> inTable = new TreeSet<>();
        Matcher row = ROW.matcher(RepositoryFiles.read(RepositoryFiles.root().resolve("docs/PROPERTIES.md")));
        while (row.find()) {
            inTable.add(row.group(1));
        }
        assertTrue(inCode.size() >= 17, "the scan found too few names to be looking at the code: " + inCode.keySet());

        Map<String, Path> missing = new TreeMap<>(inCode);
        missing.keySet().removeAll(inTable);
        assertEquals(Map.of(), missing, "read by the code (name=first file) but not in docs/PROPERTIES.md: add a row"
                + " with its default, meaning and bad-value message");
        Set<String> stale = new TreeSet<>(inTable);
        stale.removeAll(inCode.keySet());
        assertEquals(Set.of(), stale, "in docs/PROPERTIES.md but read by no code: remove the row or the name is misspelt");
    }
}
