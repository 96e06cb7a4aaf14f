package io.hudprof.gdx;

import com.badlogic.gdx.backends.lwjgl3.Lwjgl3ApplicationConfiguration;

/**
 * Not a test: runs the libGDX harness's application N times in a row in one JVM under an X server that resets when
 * its last client leaves ({@code xvfb-run}'s), each exit leaving the server without clients, and counts the starts
 * that failed. Run by hand: {@code xvfb-run -a java -cp ... io.hudprof.gdx.GdxResetProbe 20}.
 */
public final class GdxResetProbe {
    private GdxResetProbe() {
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        int failed = 0;
        String first = null;
        for (int i = 0; i < n; i++) {
            try {
                GdxHudRun.run("reset-probe", config -> config.setOpenGLEmulation(
                        Lwjgl3ApplicationConfiguration.GLEmulation.GL30, 3, 2));
            } catch (RuntimeException | AssertionError e) {
                failed++;
                if (first == null) {
                    first = e.toString();
                }
            }
        }
        System.out.println("GdxResetProbe: " + failed + " of " + n + " starts failed" + (first == null ? ""
                : "; first: " + first));
        System.exit(0);
    }
}
