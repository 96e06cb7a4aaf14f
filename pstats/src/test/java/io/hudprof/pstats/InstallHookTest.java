package io.hudprof.pstats;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.hudprof.core.Hudprof;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.report.ReportController;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code -Dhudprof.pstats} needs no code: with this module on the class path, installing a profiler starts the
 * client (core finds {@link PStatsInstallHook} through {@code META-INF/services}), once per profiler, and a bad value
 * stops the install with a message that names the fix. A real loopback socket stands in for the server.
 */
class InstallHookTest {
    @AfterEach
    void clear() {
        System.clearProperty(PStatsClient.PROPERTY);
        Hudprof.uninstall();
    }

    @Test
    void installingAProfilerConnectsToTheServerThePropertyNamesAndOnlyOnce() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            server.setSoTimeout(20_000);
            System.setProperty(PStatsClient.PROPERTY, "127.0.0.1:" + server.getLocalPort());
            Profiler profiler = new Profiler(ProfilerConfig.defaults());

            Hudprof.install(profiler);

            try (Socket connected = server.accept()) {
                assertTrue(connected.isConnected());
            }
            PStatsClient started = assertInstanceOf(PStatsClient.class, ReportController.of(profiler).status(),
                    "the hook's client shows its dropped frames in the HUD's title");
            assertSame(started, PStatsClient.startFromProperties(profiler),
                    "a game that also calls startFromProperties gets the running client, not a second one");
            Hudprof.install(profiler);
            assertSame(started, PStatsClient.startFromProperties(profiler));
            started.close();
        }
    }

    @Test
    void withoutThePropertyInstallingStartsNothing() {
        assumeTrue(System.getenv(PStatsClient.ENVIRONMENT) == null, "HUDPROF_PSTATS is set in this environment");
        Profiler profiler = Hudprof.install(new Profiler(ProfilerConfig.defaults()));
        assertNull(ReportController.of(profiler).status());
    }

    @Test
    void aBadAddressStopsTheInstallNamingTheAcceptedForms() {
        System.setProperty(PStatsClient.PROPERTY, "localhost:99999");
        Profiler profiler = new Profiler(ProfilerConfig.defaults());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Hudprof.install(profiler));
        assertTrue(e.getMessage().contains("-Dhudprof.pstats=localhost:99999 is not valid; give host or host:port"),
                e.getMessage());
    }
}
