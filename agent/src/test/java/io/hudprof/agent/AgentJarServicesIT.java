package io.hudprof.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;

/**
 * The shaded agent jar keeps every module's service files, merged: core finds the statistics module's api statistics
 * and categories, the capture module's zone stack listener and pstats' install hook through them, so one lost in the
 * merge would turn a feature off in agent runs only.
 */
class AgentJarServicesIT {
    @Test
    void everyModulesServiceIsListedAndNamesAClassTheJarHolds() throws IOException {
        try (JarFile jar = new JarFile(AgentRun.agentJar().toFile())) {
            assertEquals(List.of("io.hudprof.stats.category.ApiCategoryBinding"),
                    services(jar, "io.hudprof.core.ApiCategories"));
            assertEquals(List.of("io.hudprof.stats.StatsApiBinding"), services(jar, "io.hudprof.core.ApiStatistics"));
            assertEquals(1, services(jar, "io.hudprof.core.ZoneStackListener$Provider").size());
            assertEquals(1, services(jar, "io.hudprof.core.InstallHook").size());
            for (JarEntry entry : jar.stream().toList()) {
                String name = entry.getName();
                if (name.startsWith("META-INF/services/") && !entry.isDirectory()) {
                    for (String provider : services(jar, name.substring("META-INF/services/".length()))) {
                        assertNotNull(jar.getEntry(provider.replace('.', '/') + ".class"),
                                name + " names " + provider + ", which the agent jar lacks");
                    }
                }
            }
        }
    }

    /** The provider classes a service file lists (comments and blank lines dropped); fails if the file is missing. */
    private static List<String> services(JarFile jar, String service) throws IOException {
        JarEntry entry = jar.getJarEntry("META-INF/services/" + service);
        assertNotNull(entry, "the agent jar lost META-INF/services/" + service);
        List<String> providers = new ArrayList<>();
        try (InputStream in = jar.getInputStream(entry)) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                int hash = line.indexOf('#');
                String provider = (hash >= 0 ? line.substring(0, hash) : line).trim();
                if (!provider.isEmpty()) {
                    providers.add(provider);
                }
            }
        }
        assertTrue(!providers.isEmpty(), service + " lists no provider");
        return providers;
    }
}
