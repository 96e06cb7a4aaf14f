package io.hudprof.overlay;

import java.util.Arrays;

/**
 * A reusable, growable line of characters with number formatting that never allocates once its capacity is reached,
 * so the HUD can print values every frame without {@code String.format} or string concatenation.
 * Not thread-safe; each view owns its buffers.
 */
final class TextBuffer implements CharSequence {
    private static final long[] POWERS_OF_TEN = {1, 10, 100, 1_000, 10_000, 100_000, 1_000_000};
    /** Beyond this magnitude a fixed-point value would overflow a long once scaled; the HUD never shows one. */
    private static final double LARGEST_FIXED = 1e12;

    private char[] chars;
    private int length;

    TextBuffer(int capacity) {
        chars = new char[Math.max(8, capacity)];
    }

    TextBuffer clear() {
        length = 0;
        return this;
    }

    TextBuffer append(char c) {
        ensure(length + 1);
        chars[length++] = c;
        return this;
    }

    TextBuffer append(CharSequence s) {
        return append(s, Integer.MAX_VALUE);
    }

    /** Appends at most {@code maxChars} characters of {@code s}. */
    TextBuffer append(CharSequence s, int maxChars) {
        int n = Math.min(s.length(), Math.max(0, maxChars));
        ensure(length + n);
        for (int i = 0; i < n; i++) {
            chars[length++] = s.charAt(i);
        }
        return this;
    }

    TextBuffer spaces(int n) {
        ensure(length + Math.max(0, n));
        for (int i = 0; i < n; i++) {
            chars[length++] = ' ';
        }
        return this;
    }

    TextBuffer append(long value) {
        if (value == Long.MIN_VALUE) {
            return append("-9223372036854775808");
        }
        if (value < 0) {
            append('-');
            value = -value;
        }
        int digits = 1;
        for (long v = value / 10; v != 0; v /= 10) {
            digits++;
        }
        ensure(length + digits);
        for (int i = length + digits - 1; i >= length; i--) {
            chars[i] = (char) ('0' + value % 10);
            value /= 10;
        }
        length += digits;
        return this;
    }

    /**
     * Appends {@code value} with exactly {@code decimals} (0..6) digits after the point, rounded half away from
     * zero. NaN prints as "-", magnitudes beyond 10^12 as "inf" or "-inf".
     */
    TextBuffer appendFixed(double value, int decimals) {
        if (decimals < 0 || decimals >= POWERS_OF_TEN.length) {
            throw new IllegalArgumentException("decimals must be 0.." + (POWERS_OF_TEN.length - 1) + ": " + decimals);
        }
        if (Double.isNaN(value)) {
            return append('-');
        }
        boolean negative = value < 0;
        double magnitude = Math.abs(value);
        if (magnitude > LARGEST_FIXED) {
            return append(negative ? "-inf" : "inf");
        }
        long scale = POWERS_OF_TEN[decimals];
        long scaled = (long) Math.floor(magnitude * scale + 0.5);
        if (negative && scaled != 0) {
            append('-');
        }
        append(scaled / scale);
        if (decimals > 0) {
            append('.');
            long fraction = scaled % scale;
            ensure(length + decimals);
            for (int i = length + decimals - 1; i >= length; i--) {
                chars[i] = (char) ('0' + fraction % 10);
                fraction /= 10;
            }
            length += decimals;
        }
        return this;
    }

    /**
     * Right-aligns the characters appended since {@code from} in a field of {@code width} characters by inserting
     * spaces before them; text already wider than the field is left as it is.
     */
    TextBuffer alignRight(int from, int width) {
        int written = length - from;
        int pad = width - written;
        if (pad > 0) {
            ensure(length + pad);
            System.arraycopy(chars, from, chars, from + pad, written);
            Arrays.fill(chars, from, from + pad, ' ');
            length += pad;
        }
        return this;
    }

    /** Cuts the buffer back to {@code newLength} characters. */
    TextBuffer truncate(int newLength) {
        length = Math.max(0, Math.min(length, newLength));
        return this;
    }

    private void ensure(int capacity) {
        if (capacity > chars.length) {
            chars = Arrays.copyOf(chars, Math.max(capacity, chars.length * 2));
        }
    }

    @Override
    public int length() {
        return length;
    }

    @Override
    public char charAt(int index) {
        if (index < 0 || index >= length) {
            throw new IndexOutOfBoundsException(index);
        }
        return chars[index];
    }

    /** Allocates; for tests and diagnostics, never on the per-frame path. */
    @Override
    public CharSequence subSequence(int start, int end) {
        return new String(chars, start, end - start);
    }

    /** Allocates; for tests and diagnostics, never on the per-frame path. */
    @Override
    public String toString() {
        return new String(chars, 0, length);
    }
}
