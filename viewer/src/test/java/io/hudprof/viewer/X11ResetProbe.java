package io.hudprof.viewer;

/**
 * Not a test: opens and closes the viewer's X11 window N times in a row under an X server that resets when its last
 * client leaves ({@code xvfb-run}'s, started without {@code -noreset}), each close leaving the server without clients,
 * and counts the opens that failed. Run by hand: {@code xvfb-run -a java -cp ... io.hudprof.viewer.X11ResetProbe 30}.
 */
public final class X11ResetProbe {
    private X11ResetProbe() {
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 30;
        int failed = 0;
        String first = null;
        for (int i = 0; i < n; i++) {
            ViewerClients clients = new ViewerClients(ViewerMain.HISTORY_FRAMES);
            try {
                ViewerWindow window = ViewerWindow.open(clients, 320, 200, false);
                window.close();
            } catch (IllegalStateException e) {
                failed++;
                if (first == null) {
                    first = e.getMessage();
                }
            } finally {
                clients.closeAll();
            }
        }
        System.out.println("X11ResetProbe: " + failed + " of " + n + " opens failed" + (first == null ? ""
                : "; first: " + first));
        System.exit(0);
    }
}
