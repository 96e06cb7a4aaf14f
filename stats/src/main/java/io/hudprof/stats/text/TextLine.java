package io.hudprof.stats.text;

import java.util.Arrays;

/**
 * A reusable, growable line of characters with hudprof's one way of printing numbers, so the HUD, the text report
 * and the exit report show the same digits for the same value and nothing allocates once the line has reached its
 * capacity (no {@code String.format}, no {@code BigDecimal}, no {@code Double.toString}).
 *
 * <p><b>The rounding rule</b>: a value is rounded to the requested decimals <em>half away from zero</em>, judged on
 * the exact value the {@code double} holds times the requested power of ten (the scaling is done exactly with
 * fused multiply-add, so {@code 0.125} to two decimals is {@code 0.13}, and 1 000 500 ns in milliseconds to three
 * decimals is {@code 1.001}, not whatever the rounding error of {@code 1000500 / 1e6} happens to give). Also:
 * <ul>
 *   <li>a value that rounds to zero prints without a sign ({@code -0.0} and {@code -0.0001} both print {@code 0.000});
 *   <li>{@code NaN} (no value) prints as {@code -}; infinities as {@code inf} and {@code -inf};
 *   <li>a value whose scaled magnitude reaches 10<sup>18</sup> (beyond what fixed point can hold) prints in
 *       scientific notation with three significant digits, {@code 1.23e20}.
 * </ul>
 *
 * <p>Not thread-safe: each user owns its lines.
 */
public final class TextLine implements CharSequence {
    /** The largest number of decimals {@link #appendFixed} prints. */
    public static final int MAX_DECIMALS = 9;

    /** Powers of ten that are exact doubles (up to 10^22), for exact scaling. */
    private static final double[] POWERS = {
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    };
    private static final long[] LONG_POWERS = {
        1L, 10L, 100L, 1_000L, 10_000L, 100_000L, 1_000_000L, 10_000_000L, 100_000_000L, 1_000_000_000L,
    };
    /** Scaled magnitudes from here on no longer fit fixed point comfortably in a long. */
    private static final double FIXED_LIMIT = 1e18;
    private static final double TWO_TO_52 = 0x1p52;
    /** Marks "too large for fixed point" from {@link #roundScaled}. */
    private static final long TOO_LARGE = -1;

    private char[] chars;
    private int length;

    /** An empty line with room for {@code capacity} characters before it first grows. */
    public TextLine(int capacity) {
        chars = new char[Math.max(8, capacity)];
    }

    /** Empties the line, keeping its capacity. */
    public TextLine clear() {
        length = 0;
        return this;
    }

    public TextLine append(char c) {
        ensure(length + 1);
        chars[length++] = c;
        return this;
    }

    public TextLine append(CharSequence s) {
        return append(s, Integer.MAX_VALUE);
    }

    /** Appends at most {@code maxChars} characters of {@code s}. */
    public TextLine append(CharSequence s, int maxChars) {
        int n = Math.min(s.length(), Math.max(0, maxChars));
        ensure(length + n);
        for (int i = 0; i < n; i++) {
            chars[length++] = s.charAt(i);
        }
        return this;
    }

    /** Appends {@code n} spaces (none when {@code n <= 0}). */
    public TextLine spaces(int n) {
        ensure(length + Math.max(0, n));
        for (int i = 0; i < n; i++) {
            chars[length++] = ' ';
        }
        return this;
    }

    /** Appends the decimal digits of {@code value}, exactly as {@link Long#toString(long)} writes them. */
    public TextLine append(long value) {
        if (value == Long.MIN_VALUE) {
            return append("-9223372036854775808");
        }
        if (value < 0) {
            append('-');
            value = -value;
        }
        return appendDigits(value, 1);
    }

    /**
     * Appends {@code value} with exactly {@code decimals} (0 to {@link #MAX_DECIMALS}) digits after the point,
     * following the class's rounding rule.
     */
    public TextLine appendFixed(double value, int decimals) {
        return appendScaled(value, 0, decimals);
    }

    /**
     * Appends {@code value × 10^shift} with exactly {@code decimals} digits after the point, scaling and rounding
     * exactly (the class's rule): {@code appendScaled(nanos, -6, 3)} prints nanoseconds as milliseconds.
     *
     * @param shift   the power of ten to scale by, -18 to 18
     * @param decimals 0 to {@link #MAX_DECIMALS}
     */
    public TextLine appendScaled(double value, int shift, int decimals) {
        if (decimals < 0 || decimals > MAX_DECIMALS) {
            throw new IllegalArgumentException("decimals must be 0.." + MAX_DECIMALS + ": " + decimals);
        }
        if (shift < -18 || shift > 18) {
            throw new IllegalArgumentException("shift must be -18..18: " + shift);
        }
        if (Double.isNaN(value)) {
            return append('-');
        }
        boolean negative = value < 0;
        if (Double.isInfinite(value)) {
            return append(negative ? "-inf" : "inf");
        }
        long units = roundScaled(Math.abs(value), shift + decimals);
        if (units == TOO_LARGE) {
            return appendScientific(value * Math.pow(10, shift));
        }
        if (negative && units != 0) {
            append('-');
        }
        long scale = LONG_POWERS[decimals];
        appendDigits(units / scale, 1);
        if (decimals > 0) {
            append('.');
            appendDigits(units % scale, decimals);
        }
        return this;
    }

    /**
     * {@code magnitude × 10^k} rounded half away from zero, judged on the exact product or quotient, or
     * {@link #TOO_LARGE} when that reaches {@link #FIXED_LIMIT}.
     */
    private static long roundScaled(double magnitude, int k) {
        double scaled;
        // The sign of what the rounded scaled value lacks of the exact one: positive when the exact value is larger.
        double shortfall;
        if (k >= 0) {
            double power = k < POWERS.length ? POWERS[k] : Math.pow(10, k);
            scaled = magnitude * power;
            // Exact (two-product): magnitude × power - scaled.
            shortfall = Math.fma(magnitude, power, -scaled);
        } else {
            double power = -k < POWERS.length ? POWERS[-k] : Math.pow(10, -k);
            scaled = magnitude / power;
            // The remainder of a correctly rounded quotient is exact: magnitude - scaled × power.
            shortfall = Math.fma(-scaled, power, magnitude);
        }
        if (!(scaled < FIXED_LIMIT)) {
            return TOO_LARGE;
        }
        long whole = (long) scaled;
        if (scaled >= TWO_TO_52) {
            // Here scaled is a whole number and the shortfall can exceed one: round the shortfall itself (a tie,
            // or anything above it, goes up, which is away from zero for these magnitudes).
            double correction = k >= 0 ? shortfall : shortfall / POWERS[-k];
            double floor = Math.floor(correction);
            return whole + (long) floor + (correction - floor >= 0.5 ? 1 : 0);
        }
        // Exact: below 2^52 the fractional part of a double is itself a double.
        double fraction = scaled - whole;
        if (fraction > 0.5 || fraction == 0.5 && shortfall >= 0) {
            return whole + 1;
        }
        return whole;
    }

    /** Three significant digits and a decimal exponent, {@code 1.23e20}, for values fixed point cannot hold. */
    private TextLine appendScientific(double value) {
        if (Double.isInfinite(value)) {
            return append(value < 0 ? "-inf" : "inf");
        }
        if (value < 0) {
            append('-');
        }
        double magnitude = Math.abs(value);
        int exponent = (int) Math.floor(Math.log10(magnitude));
        long digits = roundScaled(magnitude / Math.pow(10, exponent), 2);
        // log10 can land one off near powers of ten, and rounding can carry to 10.00: renormalise either way.
        while (digits >= 1000) {
            exponent++;
            digits = roundScaled(magnitude / Math.pow(10, exponent), 2);
        }
        while (digits < 100) {
            exponent--;
            digits = roundScaled(magnitude / Math.pow(10, exponent), 2);
        }
        appendDigits(digits / 100, 1).append('.').appendDigits(digits % 100, 2);
        return append('e').append(exponent);
    }

    /** The digits of {@code value} ≥ 0, left-padded with zeros to at least {@code minDigits}. */
    private TextLine appendDigits(long value, int minDigits) {
        int digits = 1;
        for (long v = value / 10; v != 0; v /= 10) {
            digits++;
        }
        digits = Math.max(digits, minDigits);
        ensure(length + digits);
        for (int i = length + digits - 1; i >= length; i--) {
            chars[i] = (char) ('0' + value % 10);
            value /= 10;
        }
        length += digits;
        return this;
    }

    /**
     * Right-aligns the characters appended since {@code from} in a field of {@code width} characters by inserting
     * spaces before them; text already as wide as the field or wider is left as it is.
     */
    public TextLine alignRight(int from, int width) {
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

    /** Cuts the line back to {@code newLength} characters (never lengthens it). */
    public TextLine truncate(int newLength) {
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

    /** Allocates; for logs, tests and diagnostics, never on the per-frame path. */
    @Override
    public String toString() {
        return new String(chars, 0, length);
    }
}
