package io.hudprof.overlay.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.lwjgl.system.JNI;
import org.lwjgl.system.Library;
import org.lwjgl.system.MemoryStack;
import org.lwjgl.system.SharedLibrary;

/**
 * An X server for GL tests in a JVM that was started without one (CI runs {@code mvn -B verify} with no
 * {@code DISPLAY}): starts {@code Xvfb} once per JVM on a display number Xvfb picks itself ({@code -displayfd}, so
 * builds running side by side never collide), points this process's {@code DISPLAY} at it through libc's
 * {@code setenv} (GLFW's X11 code reads the C environment, which Java cannot change), and stops it when the JVM exits.
 * Linux only: elsewhere the tests use the platform's own windowing.
 */
public final class XvfbDisplay {
    private static String display;

    private XvfbDisplay() {
    }

    /**
     * The display GL tests should use: the inherited {@code DISPLAY} if there is one, else a private Xvfb started now.
     * Fails with what Xvfb said, and how to install it, if it cannot start. Call before {@code glfwInit}.
     */
    public static synchronized String ensure() {
        if (display != null) {
            return display;
        }
        String inherited = System.getenv("DISPLAY");
        if (inherited != null && !inherited.isEmpty()) {
            display = inherited;
            return display;
        }
        display = start();
        setenv("DISPLAY", display);
        return display;
    }

    private static String start() {
        Path log;
        try {
            log = Files.createTempFile("hudprof-xvfb", ".log");
            log.toFile().deleteOnExit();
        } catch (IOException e) {
            throw new AssertionError("cannot create a log file for Xvfb", e);
        }
        Process xvfb;
        try {
            // -displayfd 1: Xvfb chooses a free display number and prints it on stdout once it accepts clients.
            // -noreset: by default the server resets when its last client leaves (every test's glfwTerminate), and a
            // test connecting during that reset fails with "Failed to open display".
            xvfb = new ProcessBuilder("Xvfb", "-displayfd", "1", "-screen", "0", "1280x720x24", "-nolisten", "tcp",
                    "-noreset")
                    .redirectError(log.toFile())
                    .start();
        } catch (IOException e) {
            throw new AssertionError("GL tests need an X server here and Xvfb could not be started (Debian: "
                    + "apt-get install -y xvfb xauth): " + e.getMessage(), e);
        }
        Runtime.getRuntime().addShutdownHook(new Thread(xvfb::destroy, "hudprof-xvfb-stop"));
        String number;
        try {
            // Not closed: a write to a closed pipe would kill the server.
            number = new BufferedReader(new InputStreamReader(xvfb.getInputStream(), StandardCharsets.US_ASCII))
                    .readLine();
        } catch (IOException e) {
            number = null;
        }
        if (number == null || !number.strip().matches("\\d+")) {
            xvfb.destroy();
            String said;
            try {
                said = Files.readString(log);
            } catch (IOException e) {
                said = "(no log: " + e.getMessage() + ")";
            }
            throw new AssertionError("Xvfb did not start; it said:\n" + said);
        }
        String started = ":" + number.strip();
        System.out.println("[hudprof] started Xvfb on DISPLAY=" + started + " for the GL tests");
        return started;
    }

    /** libc's setenv, called through LWJGL's own native call support (present alike in LWJGL 3.3 and 3.4). */
    private static void setenv(String name, String value) {
        try (SharedLibrary libc = Library.loadNative(XvfbDisplay.class, "org.lwjgl", "libc.so.6");
             MemoryStack stack = MemoryStack.stackPush()) {
            long function = libc.getFunctionAddress("setenv");
            if (function == 0) {
                throw new AssertionError("libc has no setenv");
            }
            stack.nASCII(name, true);
            long nameAddress = stack.getPointerAddress();
            stack.nASCII(value, true);
            long valueAddress = stack.getPointerAddress();
            int result = JNI.invokePPI(nameAddress, valueAddress, 1, function);
            if (result != 0) {
                throw new AssertionError("setenv(" + name + ") failed");
            }
        }
    }
}
