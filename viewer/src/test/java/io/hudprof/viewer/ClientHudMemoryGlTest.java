package io.hudprof.viewer;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * What the window's HUD adds per connected client, on top of the client's profile ({@link ClientMemoryTest}): the
 * window keeps a HUD (report, graph, timeline and chart state, draw lists) for every client it has shown while that
 * client stays connected. {@value #CLIENTS} active clients, each shown in turn for a few frames in the real window
 * (headless), heap after GC with their HUDs against without. The bound has room for the collector's noise and still
 * catches a HUD that holds a profile's worth of history.
 */
class ClientHudMemoryGlTest {
    private static final int CLIENTS = 5;
    private static final int FRAMES = ViewerMain.HISTORY_FRAMES + 50;
    private static final int COLLECTORS = 40;
    /** Per further client's HUD, with room: measured 1.66 to 1.67 MiB (three runs, 1280 x 800, 40 collectors). */
    private static final double BOUND_MIB = 8;

    @Test
    void eachShownClientsHudAddsAFewMiBBesideItsProfile() throws Exception {
        try (FedClients fed = new FedClients(COLLECTORS)) {
            fed.connect(CLIENTS, "hud memory");
            fed.feed(FRAMES);
            ViewerClients clients = fed.clients();
            try (ViewerWindow window = ViewerWindow.open(clients, 1280, 800, true)) {
                // One HUD, the first client's: the window's own share (GL objects, the first HUD's classes).
                for (int f = 0; f < 5; f++) {
                    window.renderFrame();
                    window.swap();
                }
                long oneHud = FedClients.heapAfterGc();
                for (int c = 1; c < CLIENTS; c++) {
                    clients.cycle(1);
                    for (int f = 0; f < 5; f++) {
                        window.renderFrame();
                        window.swap();
                    }
                }
                long allHuds = FedClients.heapAfterGc();
                double perHud = (allHuds - oneHud) / 1048576.0 / (CLIENTS - 1);
                System.out.printf("ClientHudMemoryGlTest: %d clients shown in turn, %.2f MiB of heap a further"
                        + " client's HUD after GC%n", CLIENTS, perHud);
                assertTrue(perHud < BOUND_MIB, perHud + " MiB a HUD");
            }
        }
    }
}
