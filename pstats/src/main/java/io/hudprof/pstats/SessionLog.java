package io.hudprof.pstats;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Writer;
import java.util.Locale;

/**
 * The session file format of {@code --record}/{@code --replay}: one JSON object per line, one message as it was on
 * the wire, the same shape as the captures in {@code pstats-captures}:
 * {@code {"t": seconds, "channel": "tcp"|"udp", "dir": "c2s"|"s2c", "bytes": n, "hex": "..."}}, plus an optional
 * {@code "client"} naming the connection when a recording holds several clients. A TCP message keeps
 * its {@code u32} length prefix and a datagram its {@code u16} checksum, so a replay goes through the same checks.
 *
 * <p>The reader only understands this flat shape (it is not a general JSON parser) and distrusts it like the
 * network: a malformed line is a {@link PStatsFormatException} naming the line.
 */
public final class SessionLog {
    /** One logged message; {@code client} names the connection ("" in files without the optional field). */
    public record Entry(double seconds, boolean udp, boolean clientToServer, String client, byte[] bytes) {
    }

    /** Longest line accepted: a maximal TCP message in hex plus the fields. */
    static final int MAX_LINE = 2 * (PStatsCodec.MAX_TCP_PAYLOAD + 4) + 200;

    private SessionLog() {
    }

    /** Writes one entry as a line. */
    public static void write(Writer out, double seconds, boolean udp, boolean clientToServer, String client,
            byte[] buf, int off, int len) throws IOException {
        StringBuilder sb = new StringBuilder(80 + 2 * len);
        sb.append("{\"t\": ").append(String.format(Locale.ROOT, "%.6f", seconds))
                .append(", \"channel\": \"").append(udp ? "udp" : "tcp")
                .append("\", \"dir\": \"").append(clientToServer ? "c2s" : "s2c")
                .append("\", \"bytes\": ").append(len).append(", \"hex\": \"");
        for (int i = off; i < off + len; i++) {
            sb.append(Character.forDigit((buf[i] >> 4) & 0xf, 16)).append(Character.forDigit(buf[i] & 0xf, 16));
        }
        sb.append("\", \"client\": \"");
        for (int i = 0; i < client.length(); i++) {
            char ch = client.charAt(i);
            // Addresses only; anything that could end the string is left out rather than escaped.
            if (ch != '"' && ch != '\\' && ch >= ' ') {
                sb.append(ch);
            }
        }
        out.write(sb.append("\"}\n").toString());
    }

    /** Reads the next entry, or null at the end. */
    public static Entry read(BufferedReader in, int lineNumber) throws IOException, PStatsFormatException {
        String line = in.readLine();
        while (line != null && line.isBlank()) {
            line = in.readLine();
        }
        if (line == null) {
            return null;
        }
        if (line.length() > MAX_LINE) {
            throw new PStatsFormatException("line " + lineNumber + ": over " + MAX_LINE + " characters");
        }
        try {
            double t = Double.parseDouble(field(line, "t"));
            String channel = unquote(field(line, "channel"));
            String dir = unquote(field(line, "dir"));
            String hex = unquote(field(line, "hex"));
            if (!channel.equals("udp") && !channel.equals("tcp") || !dir.equals("c2s") && !dir.equals("s2c")
                    || (hex.length() & 1) != 0) {
                throw new PStatsFormatException("line " + lineNumber + ": bad channel, dir or hex");
            }
            byte[] bytes = new byte[hex.length() / 2];
            for (int i = 0; i < bytes.length; i++) {
                int hi = Character.digit(hex.charAt(2 * i), 16);
                int lo = Character.digit(hex.charAt(2 * i + 1), 16);
                if (hi < 0 || lo < 0) {
                    throw new PStatsFormatException("line " + lineNumber + ": bad hex digit");
                }
                bytes[i] = (byte) (hi << 4 | lo);
            }
            String client = line.contains("\"client\":") ? unquote(field(line, "client")) : "";
            return new Entry(t, channel.equals("udp"), dir.equals("c2s"), client, bytes);
        } catch (NumberFormatException e) {
            throw new PStatsFormatException("line " + lineNumber + ": bad number: " + e.getMessage());
        }
    }

    private static String field(String line, String name) throws PStatsFormatException {
        String key = "\"" + name + "\":";
        int k = line.indexOf(key);
        if (k < 0) {
            throw new PStatsFormatException("no \"" + name + "\" field");
        }
        int start = k + key.length();
        while (start < line.length() && line.charAt(start) == ' ') {
            start++;
        }
        int end = start;
        if (end < line.length() && line.charAt(end) == '"') {
            end = line.indexOf('"', end + 1);
            if (end < 0) {
                throw new PStatsFormatException("unterminated \"" + name + "\"");
            }
            end++;
        } else {
            while (end < line.length() && line.charAt(end) != ',' && line.charAt(end) != '}') {
                end++;
            }
        }
        return line.substring(start, end).trim();
    }

    private static String unquote(String s) throws PStatsFormatException {
        if (s.length() < 2 || s.charAt(0) != '"' || s.charAt(s.length() - 1) != '"') {
            throw new PStatsFormatException("expected a string, got " + s);
        }
        return s.substring(1, s.length() - 1);
    }
}
