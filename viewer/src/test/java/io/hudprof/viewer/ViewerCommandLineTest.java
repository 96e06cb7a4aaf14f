package io.hudprof.viewer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** {@code --help} and {@code --version} exit 0 with their text; the start-up line says who may connect. */
class ViewerCommandLineTest {
    private static String run(int expectedCode, String... args) throws InterruptedException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = ViewerMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), new CountDownLatch(0));
        assertEquals(expectedCode, code, err.toString(StandardCharsets.UTF_8));
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void helpPrintsTheUsageAndExitsZeroWhateverElseIsGiven() throws Exception {
        String help = run(0, "--port", "nonsense", "--help");
        assertTrue(help.startsWith("usage: java -jar hudprof-viewer.jar"), help);
        assertTrue(help.contains("--bind ADDRESS") && help.contains("127.0.0.1"), help);
        assertEquals(help, run(0, "-h"));
    }

    @Test
    void versionNamesTheViewer() throws Exception {
        assertTrue(run(0, "--version").startsWith("hudprof-viewer "));
    }

    @Test
    void theStartUpLineSaysAllInterfacesUnlessBound() throws Exception {
        assertEquals("all interfaces, port 5185 (anyone who can reach this port may connect; --bind 127.0.0.1 keeps"
                + " it to this machine)", ViewerMain.listeningOn(null, 5185));
        assertEquals("127.0.0.1 port 5186", ViewerMain.listeningOn(InetAddress.getByName("127.0.0.1"), 5186));
    }
}
