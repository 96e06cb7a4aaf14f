package io.hudprof.pstats;

import java.util.Arrays;

/** Hex strings as the protocol note writes its byte examples. */
final class Hex {
    private Hex() {
    }

    /** Parses hex digits, ignoring spaces, {@code |} separators and quoted ASCII ({@code "Main"}). */
    static byte[] parse(String s) {
        byte[] out = new byte[s.length()];
        int n = 0;
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (ch == '"') {
                int end = s.indexOf('"', i + 1);
                for (int k = i + 1; k < end; k++) {
                    out[n++] = (byte) s.charAt(k);
                }
                i = end;
            } else if (Character.digit(ch, 16) >= 0) {
                out[n++] = (byte) (Character.digit(ch, 16) << 4 | Character.digit(s.charAt(++i), 16));
            }
        }
        return Arrays.copyOf(out, n);
    }

    static byte[] range(byte[] buf, int from, int to) {
        return Arrays.copyOfRange(buf, from, to);
    }
}
