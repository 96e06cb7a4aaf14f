package io.hudprof.pstats;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.List;

/** The real Panda3D 1.11 client ↔ text-stats sessions (copied from ../shared/pstats-captures) as test vectors. */
final class Captures {
    static final String UDP = "panda-client-200frames";
    static final String TCP = "panda-client-200frames-tcp";

    private Captures() {
    }

    static List<SessionLog.Entry> messages(String name) {
        try (BufferedReader in = reader(name + ".messages.jsonl")) {
            List<SessionLog.Entry> entries = new ArrayList<>();
            SessionLog.Entry e;
            int line = 1;
            while ((e = SessionLog.read(in, line++)) != null) {
                entries.add(e);
            }
            return entries;
        } catch (IOException | PStatsFormatException e) {
            throw new AssertionError(e);
        }
    }

    /** text-stats -r's output lines: it starts each frame with a carriage return, so both CR and LF end a line. */
    static List<String> textStats(String name) {
        try (BufferedReader in = reader(name + ".text-stats-r.txt")) {
            List<String> lines = new ArrayList<>();
            for (String line : in.lines().toList()) {
                for (String part : line.split("\r")) {
                    if (!part.isEmpty()) {
                        lines.add(part);
                    }
                }
            }
            return lines;
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static BufferedReader reader(String file) {
        InputStream in = Captures.class.getResourceAsStream("/captures/" + file);
        if (in == null) {
            throw new AssertionError("missing test resource /captures/" + file);
        }
        return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    }

    /** Feeds a capture's client-to-server messages into a session, as a server would receive them. */
    static void replay(List<SessionLog.Entry> entries, PStatsSession session) throws PStatsFormatException {
        for (SessionLog.Entry e : entries) {
            if (!e.clientToServer()) {
                continue;
            }
            byte[] b = e.bytes();
            if (e.udp()) {
                session.udpDatagram(b, 0, b.length);
            } else {
                session.tcpPayload(b, 4, b.length - 4);
            }
        }
    }

    /** Frame blocks keyed by their header without the Hz, e.g. {@code Thread Main frame 7, 6.63212 ms}. */
    static Map<String, List<String>> framesByHeader(List<String> lines) {
        Map<String, List<String>> frames = new LinkedHashMap<>();
        List<String> current = null;
        for (String line : lines) {
            if (line.startsWith("Thread ")) {
                current = new ArrayList<>();
                String header = line.replaceAll(" \\([^)]*Hz\\):$", "");
                if (frames.put(header, current) != null) {
                    throw new AssertionError("frame printed twice: " + header);
                }
            } else if (current == null) {
                throw new AssertionError("line before the first frame: " + line);
            }
            current.add(line.startsWith("Thread ") ? line.replaceAll(" \\([^)]*Hz\\):$", ":") : line);
        }
        return frames;
    }
}
