package io.hudprof.agent;

/**
 * The line the agent prints when its HUD cannot start or draw: for the failure users meet most, a game that does
 * not bring LWJGL's stb module (jME's {@code jme3-lwjgl3} brings neither its jar nor its natives), it names what to
 * add instead of showing a raw {@code NoClassDefFoundError} or {@code UnsatisfiedLinkError}.
 */
final class HudFailure {
    private HudFailure() {
    }

    /** The message for {@code failure}, which turned the HUD off (profiling goes on). */
    static String describe(Throwable failure) {
        if (missingStb(failure)) {
            return "the HUD is off (profiling goes on): it bakes its font with LWJGL's stb module, which this game does"
                    + " not bring (" + failure + "). Add org.lwjgl:lwjgl-stb and its natives for this platform"
                    + " (org.lwjgl:lwjgl-stb:natives-linux, -windows, -macos...) at the game's own LWJGL version to the"
                    + " class path: jME's jme3-lwjgl3 brings neither (hudprof-jme does), libGDX's gdx-backend-lwjgl3"
                    + " brings both";
        }
        return "the HUD failed and is off from now on (profiling goes on): " + failure;
    }

    /** Whether {@code failure} or one of its causes says LWJGL's stb classes or native library are missing. */
    static boolean missingStb(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            String message = String.valueOf(t.getMessage());
            boolean missingClass = t instanceof NoClassDefFoundError || t instanceof ClassNotFoundException;
            if (missingClass && (message.contains("org/lwjgl/stb") || message.contains("org.lwjgl.stb"))) {
                return true;
            }
            if (t instanceof UnsatisfiedLinkError && message.contains("lwjgl_stb")) {
                return true;
            }
        }
        return false;
    }
}
