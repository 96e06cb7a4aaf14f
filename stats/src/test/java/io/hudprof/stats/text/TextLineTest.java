package io.hudprof.stats.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

class TextLineTest {
    private final TextLine text = new TextLine(4);

    private String fixed(double value, int decimals) {
        return text.clear().appendFixed(value, decimals).toString();
    }

    private String millis(double nanos, int decimals) {
        return text.clear().appendScaled(nanos, -6, decimals).toString();
    }

    @Test
    void formatsLongsLikeLongToString() {
        for (long v : new long[] {0, 7, -7, 10, 1234567890123L, Long.MAX_VALUE, Long.MIN_VALUE}) {
            assertEquals(Long.toString(v), text.clear().append(v).toString());
        }
    }

    @Test
    void exactTiesRoundAwayFromZero() {
        assertEquals("0.13", fixed(0.125, 2));
        assertEquals("-0.13", fixed(-0.125, 2));
        assertEquals("3", fixed(2.5, 0));
        assertEquals("4", fixed(3.5, 0), "not to even");
        assertEquals("-3", fixed(-2.5, 0));
        assertEquals("12.3", fixed(12.25, 1), "12.25 is exact in binary: a true tie");
    }

    @Test
    void valuesJustOffATieRoundByTheirExactBinaryValue() {
        // 1.005 is held as 1.00499999999999989...; 0.015 as 0.01499999999999999944...; 2.675 as 2.67499999999...
        assertEquals("1.00", fixed(1.005, 2));
        assertEquals("0.01", fixed(0.015, 2));
        assertEquals("2.67", fixed(2.675, 2));
        // 0.0005 is held as 0.000500000000000000010...: just above the tie.
        assertEquals("0.001", fixed(0.0005, 3));
        assertEquals("16.67", fixed(16.6666, 2));
        assertEquals("1.000", fixed(0.9996, 3));
        assertEquals("0.05", fixed(0.05, 2));
    }

    @Test
    void nanosecondsScaleToMillisecondsExactly() {
        assertEquals("0.001", millis(500, 3), "500 ns is exactly half a microsecond");
        assertEquals("1.001", millis(1_000_500, 3), "1000500 / 1e6 in doubles is below the tie; the exact scaling is not");
        assertEquals("0.002", millis(1_500, 3));
        assertEquals("0.000", millis(499, 3));
        assertEquals("2.000", millis(1_999_500, 3));
        assertEquals("16.667", millis(16_666_667, 3));
        assertEquals("0.0", millis(49_999, 1));
        assertEquals("0.1", millis(50_000, 1));
        assertEquals("-0.001", millis(-500, 3));
        assertEquals("0.000", millis(0.4999, 3));
    }

    @Test
    void agreesWithExactDecimalHalfUpOnRandomValues() {
        SplittableRandom random = new SplittableRandom(20240601);
        for (int i = 0; i < 20_000; i++) {
            double value = (random.nextDouble() - 0.5) * Math.pow(10, random.nextInt(-4, 12));
            int decimals = random.nextInt(0, 7);
            String expected = new BigDecimal(value).setScale(decimals, RoundingMode.HALF_UP).toPlainString();
            if (expected.matches("-0(\\.0*)?")) {
                expected = expected.substring(1);
            }
            assertEquals(expected, fixed(value, decimals), () -> "value " + value + " to " + decimals);
        }
    }

    @Test
    void zeroAndValuesThatRoundToZeroHaveNoMinusSign() {
        assertEquals("0.000", fixed(-0.0, 3));
        assertEquals("0.00", fixed(-0.001, 2));
        assertEquals("0", fixed(-0.4, 0));
        assertEquals("0.000", millis(-0.0, 3));
    }

    @Test
    void nanPrintsADashAndInfinitiesPrintInf() {
        assertEquals("-", fixed(Double.NaN, 2));
        assertEquals("inf", fixed(Double.POSITIVE_INFINITY, 2));
        assertEquals("-inf", fixed(Double.NEGATIVE_INFINITY, 0));
    }

    @Test
    void hugeValuesPrintInScientificNotationWithThreeSignificantDigits() {
        assertEquals("1.00e18", fixed(1e18, 0));
        assertEquals("1.23e20", fixed(1.234e20, 2));
        assertEquals("-1.00e300", fixed(-1e300, 2));
        assertEquals("9.22e18", fixed(Long.MAX_VALUE, 0));
        assertEquals("1.00e21", fixed(9.999e20, 0), "rounding carries into the exponent");
        assertEquals("1.80e308", fixed(Double.MAX_VALUE, 1));
        assertEquals("1000000000000.000", millis(1e18, 3), "still fixed point");
        assertEquals("1.00e16", millis(1e22, 3), "nanoseconds beyond fixed point, in milliseconds");
    }

    @Test
    void largestFixedPointValuesKeepEveryDigit() {
        assertEquals("999999999999999.875", fixed(1e15 - 0.125, 3), "the last fixed-point value at 3 decimals");
        assertEquals("999999999999999872", fixed(999_999_999_999_999_872.0, 0));
        assertEquals("123456789012.345", fixed(123_456_789_012.345, 3));
        assertEquals("9007199254740993", text.clear().append(9_007_199_254_740_993L).toString());
        assertEquals("9007199254740992", fixed(9_007_199_254_740_992.0, 0));
    }

    @Test
    void decimalsOutsideTheRangeAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> text.appendFixed(1, -1));
        assertThrows(IllegalArgumentException.class, () -> text.appendFixed(1, TextLine.MAX_DECIMALS + 1));
        assertThrows(IllegalArgumentException.class, () -> text.appendScaled(1, 19, 0));
    }

    @Test
    void alignRightPadsOnlyTheNewlyAppendedField() {
        text.clear().append("name");
        int from = text.length();
        text.appendFixed(3.5, 2).alignRight(from, 8);
        assertEquals("name    3.50", text.toString());
        from = text.length();
        text.append("toolongvalue").alignRight(from, 4);
        assertEquals("name    3.50toolongvalue", text.toString());
    }

    @Test
    void growsPastItsInitialCapacityAndKeepsContent() {
        text.clear();
        for (int i = 0; i < 100; i++) {
            text.append((char) ('a' + i % 26));
        }
        assertEquals(100, text.length());
        assertEquals('a', text.charAt(0));
        assertEquals('v', text.charAt(99));
    }

    @Test
    void appendWithLimitAndTruncateCutText() {
        assertEquals("Phys", text.clear().append("Physics", 4).toString());
        assertEquals("Ph", text.truncate(2).toString());
        assertEquals("Ph", text.truncate(10).toString(), "truncate never lengthens");
    }
}
