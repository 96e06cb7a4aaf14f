package io.hudprof.viewer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.Hudprof;
import io.hudprof.core.report.ReportController;
import org.junit.jupiter.api.Test;

/** The window follows one client: the first to say hello, then the one that came next when it leaves. */
class RemoteProfileTest {

    @Test
    void theFirstClientIsShownAndTheNextTakesOverWhenItLeaves() {
        RemoteProfile profile = new RemoteProfile(16);
        try {
            assertSame(profile.profiler(), Hudprof.profiler(), "replayed zones record into the viewer's profiler");
            ClientFeed first = new ClientFeed(profile, false);
            ClientFeed second = new ClientFeed(profile, false);
            ClientFeed third = new ClientFeed(profile, false);
            assertNull(profile.followed());
            StringBuilder status = new StringBuilder(64);
            ReportController.of(profile.profiler()).status().appendStatus(status);
            assertEquals("no client", status.toString(), "the HUD's title before any client");
            profile.connected(first);
            status.setLength(0);
            ReportController.of(profile.profiler()).status().appendStatus(status);
            assertEquals(", 0 dropped", status.toString(), "a client without a hello has no name yet");
            profile.connected(second);
            profile.connected(third);
            assertTrue(profile.follows(first));
            assertFalse(profile.follows(second));
            assertEquals(2, profile.waitingClients());
            assertTrue(ViewerMain.status(profile, "port 5185").contains("2 more clients waiting"),
                    ViewerMain.status(profile, "port 5185"));

            profile.disconnected(third);
            assertEquals(1, profile.waitingClients(), "a waiting client that leaves is forgotten");
            profile.disconnected(first);
            assertTrue(profile.follows(second));
            assertEquals(0, profile.waitingClients());
            profile.disconnected(second);
            assertNull(profile.followed());
            assertTrue(ViewerMain.status(profile, "port 5185").endsWith("waiting for a PStats client"));
            status.setLength(0);
            ReportController.of(profile.profiler()).status().appendStatus(status);
            assertEquals(" left", status.toString(), "the HUD's title after the shown client left");
        } finally {
            profile.close();
        }
        assertNull(Hudprof.profiler());
    }

    /**
     * A replay thread that enters after its profile was closed (a client's frames still draining while the viewer
     * shuts down) installs nothing: the closed profile stays uninstalled, and another profile left installed is
     * taken off so the late zones land in no one's profile.
     */
    @Test
    void aClosedProfileIsNeverInstalledAgainByALateReplayThread() throws Exception {
        RemoteProfile closed = new RemoteProfile(16);
        closed.close();
        assertNull(Hudprof.profiler());
        closed.enter();
        try {
            assertNull(Hudprof.profiler(), "a late replay thread re-installed the closed profile");
        } finally {
            closed.exit();
        }
        RemoteProfile other = new RemoteProfile(16);
        try {
            closed.enter();
            try {
                assertNull(Hudprof.profiler(), "the late zones would have recorded into another profile");
            } finally {
                closed.exit();
            }
        } finally {
            other.close();
        }
        assertNull(Hudprof.profiler());
    }
}
