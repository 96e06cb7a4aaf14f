package io.hudprof.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * hudprof-bom lists every published module, at the parent's version: every module that builds a jar (its pom names
 * its JPMS module, {@code hudprof.module.name}, which the parent turns into {@code Automatic-Module-Name}) except the
 * ones the release profile keeps from publishing ({@code excludeArtifacts}).
 */
class BomListsEveryModuleTest {
    private static final Pattern MODULE_NAME = Pattern.compile("<hudprof\\.module\\.name>([^<]+)</hudprof\\.module\\.name>");
    /** The module's own artifactId: the first one after the parent block. */
    private static final Pattern OWN_ARTIFACT = Pattern.compile("</parent>\\s*<artifactId>([^<]+)</artifactId>");
    private static final Pattern VERSION = Pattern.compile("<artifactId>hudprof-(?:parent|bom)</artifactId>\\s*<version>([^<]+)</version>");
    private static final Pattern EXCLUDED = Pattern.compile("<excludeArtifacts>([^<]+)</excludeArtifacts>");
    private static final Pattern LISTED = Pattern.compile("<artifactId>(hudprof-[^<]+)</artifactId>");

    @Test
    void everyModuleWithAJpmsNameIsInTheBomAtTheParentsVersion() {
        Path root = RepositoryFiles.root();
        Matcher excludedList = EXCLUDED.matcher(RepositoryFiles.read(root.resolve("pom.xml")));
        assertTrue(excludedList.find(), "the parent's release profile lists the modules it never publishes");
        Set<String> neverPublished = Set.of(excludedList.group(1).trim().split("\\s*,\\s*"));
        Set<String> published = new TreeSet<>();
        for (Path pom : RepositoryFiles.modulePoms()) {
            String text = RepositoryFiles.read(pom);
            Matcher name = MODULE_NAME.matcher(text);
            Matcher own = OWN_ARTIFACT.matcher(text);
            if (name.find() && !name.group(1).isBlank() && own.find() && !neverPublished.contains(own.group(1))) {
                published.add(own.group(1));
            }
        }
        assertFalse(published.isEmpty(), "no module pom sets hudprof.module.name");
        String bom = RepositoryFiles.read(root.resolve("bom/pom.xml"));
        Set<String> listed = new TreeSet<>();
        Matcher m = LISTED.matcher(bom.substring(bom.indexOf("<dependencyManagement>")));
        while (m.find()) {
            listed.add(m.group(1));
        }
        assertEquals(published, listed, "bom/pom.xml's dependencyManagement must list exactly the modules with a jar"
                + " that the release profile publishes");
        assertEquals(version(RepositoryFiles.read(root.resolve("pom.xml"))), version(bom),
                "bom/pom.xml has no parent (so it pins no LWJGL): keep its version equal to the parent's by hand");
    }

    private static String version(String pom) {
        Matcher m = VERSION.matcher(pom);
        return m.find() ? m.group(1) : "(none)";
    }
}
