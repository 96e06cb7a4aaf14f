package io.hudprof.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.hudprof.core.ValueUnit;
import io.hudprof.stats.text.TextLine;
import io.hudprof.stats.text.UnitText;
import org.junit.jupiter.api.Test;

/** How each unit and each kind of statistic prints. */
class StatFormatTest {
    @Test
    void memoryPrintsInTheLargestUnitThatKeepsTheNumberAboveOne() {
        assertEquals("0 B", UnitText.format(ValueUnit.BYTES, 0));
        assertEquals("1023 B", UnitText.format(ValueUnit.BYTES, 1023));
        assertEquals("1.00 KiB", UnitText.format(ValueUnit.BYTES, 1024));
        assertEquals("1.50 KiB", UnitText.format(ValueUnit.BYTES, 1536));
        assertEquals("1023.99 KiB", UnitText.format(ValueUnit.BYTES, 1024 * 1024 - 10));
        assertEquals("5.25 MiB", UnitText.format(ValueUnit.BYTES, 5.25 * 1024 * 1024));
        assertEquals("3.00 GiB", UnitText.format(ValueUnit.BYTES, 3L << 30));
        assertEquals("2048.00 GiB", UnitText.format(ValueUnit.BYTES, 2L << 40));
        assertEquals("-2.00 KiB", UnitText.format(ValueUnit.BYTES, -2048));
    }

    @Test
    void percentRatioCountTimeAndNumberPrintWithTheirDecimalsAndSigns() {
        assertEquals("12.50%", UnitText.format(ValueUnit.PERCENT, 12.5));
        assertEquals("100.00%", UnitText.format(ValueUnit.PERCENT, 100));
        assertEquals("3.20x", UnitText.format(ValueUnit.RATIO, 3.2));
        assertEquals("0.33x", UnitText.format(ValueUnit.RATIO, 1 / 3.0));
        assertEquals("42", UnitText.format(ValueUnit.COUNT, 42));
        assertEquals("2.50", UnitText.format(ValueUnit.COUNT, 2.5));
        assertEquals("1.250 ms", UnitText.format(ValueUnit.NANOS, 1_250_000));
        assertEquals("0.125", UnitText.format(ValueUnit.NUMBER, 0.125));
        assertEquals("0.00x", UnitText.format(ValueUnit.RATIO, -0.001), "no minus sign on a value that rounds to zero");
        assertEquals("-1.50x", UnitText.format(ValueUnit.RATIO, -1.5));
        assertEquals("-", UnitText.format(ValueUnit.PERCENT, Double.NaN), "no value in the frame");
        assertEquals("inf", UnitText.format(ValueUnit.NUMBER, Double.POSITIVE_INFINITY));
    }

    @Test
    void eachKindPrintsItsRunValueAndDetails() {
        Counter counter = Counter.define("Format/Counter");
        MemoryCounter memory = MemoryCounter.define("Format/Memory");
        IntDistribution ints = IntDistribution.define("Format/Ints");
        IntDistribution uploads = IntDistribution.define("Format/Uploads", ValueUnit.BYTES);
        FloatDistribution floats = FloatDistribution.define("Format/Floats");
        FloatDistribution empty = FloatDistribution.define("Format/Empty");
        Percent percent = Percent.define("Format/Percent");
        Ratio ratio = Ratio.define("Format/Ratio");
        StatTimer timer = StatTimer.define("Format/Timer");
        counter.add(7);
        memory.add(3 << 20);
        ints.report(2);
        ints.report(4);
        ints.report(10);
        uploads.report(1024);
        uploads.report(3072);
        floats.report(0.5);
        floats.report(Double.NaN);
        percent.add(1, 3);
        ratio.add(35, 10);
        timer.add(1_500_000);
        StatSnapshot now = new StatSnapshot().take();

        assertCells(counter, now, "7", "");
        assertCells(memory, now, "3.00 MiB", "");
        assertCells(ints, now, "5.33 avg", "range 2 - 10, 3 values");
        assertCells(uploads, now, "2.00 KiB avg", "range 1.00 KiB - 3.00 KiB, 2 values");
        assertCells(floats, now, "0.500 avg", "range 0.500 - 0.500, 1 value");
        assertCells(empty, now, "-", "no values");
        assertCells(percent, now, "33.33%", "1 / 3");
        assertCells(ratio, now, "3.50x", "35 / 10");
        assertCells(timer, now, "1.500 ms", "1 timing, 1.500 ms each");
    }

    private static void assertCells(Stat stat, StatSnapshot now, String value, String detail) {
        TextLine v = new TextLine(16);
        TextLine d = new TextLine(16);
        stat.appendRun(now, v, d);
        assertEquals(value, v.toString(), stat.name());
        assertEquals(detail, d.toString(), stat.name());
    }
}
