package io.hudprof.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class TextBufferTest {
    private final TextBuffer text = new TextBuffer(4);

    @Test
    void formatsLongsLikeLongToString() {
        for (long v : new long[] {0, 7, -7, 10, 1234567890123L, Long.MAX_VALUE, Long.MIN_VALUE}) {
            assertEquals(Long.toString(v), text.clear().append(v).toString());
        }
    }

    @Test
    void fixedPointRoundsHalfAwayFromZero() {
        assertEquals("16.67", text.clear().appendFixed(16.6666, 2).toString());
        assertEquals("0.13", text.clear().appendFixed(0.125, 2).toString());
        assertEquals("-0.13", text.clear().appendFixed(-0.125, 2).toString());
        assertEquals("3", text.clear().appendFixed(2.5, 0).toString());
        assertEquals("1.000", text.clear().appendFixed(0.9996, 3).toString());
        assertEquals("0.05", text.clear().appendFixed(0.05, 2).toString());
        assertEquals("12.0", text.clear().appendFixed(12, 1).toString());
    }

    @Test
    void negativeValueThatRoundsToZeroHasNoMinusSign() {
        assertEquals("0.00", text.clear().appendFixed(-0.001, 2).toString());
    }

    @Test
    void nanAndHugeValuesPrintMarkersInsteadOfDigits() {
        assertEquals("-", text.clear().appendFixed(Double.NaN, 2).toString());
        assertEquals("inf", text.clear().appendFixed(Double.POSITIVE_INFINITY, 2).toString());
        assertEquals("-inf", text.clear().appendFixed(-1e300, 2).toString());
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
    }
}
