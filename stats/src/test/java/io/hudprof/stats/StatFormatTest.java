package io.hudprof.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.hudprof.core.ValueUnit;
import io.hudprof.core.format.TextLine;
import org.junit.jupiter.api.Test;

/** How each unit and each kind of statistic prints. */
class StatFormatTest {
    @Test
    void memoryPrintsInTheLargestUnitThatKeepsTheNumberAboveOne() {
        assertEquals("0 B", ValueUnit.BYTES.format(0));
        assertEquals("1023 B", ValueUnit.BYTES.format(1023));
        assertEquals("1.00 KiB", ValueUnit.BYTES.format(1024));
        assertEquals("1.50 KiB", ValueUnit.BYTES.format(1536));
        assertEquals("1023.99 KiB", ValueUnit.BYTES.format(1024 * 1024 - 10));
        assertEquals("5.25 MiB", ValueUnit.BYTES.format(5.25 * 1024 * 1024));
        assertEquals("3.00 GiB", ValueUnit.BYTES.format(3L << 30));
        assertEquals("2048.00 GiB", ValueUnit.BYTES.format(2L << 40));
        assertEquals("-2.00 KiB", ValueUnit.BYTES.format(-2048));
    }

    @Test
    void percentRatioCountTimeAndNumberPrintWithTheirDecimalsAndSigns() {
        assertEquals("12.50%", ValueUnit.PERCENT.format(12.5));
        assertEquals("100.00%", ValueUnit.PERCENT.format(100));
        assertEquals("3.20x", ValueUnit.RATIO.format(3.2));
        assertEquals("0.33x", ValueUnit.RATIO.format(1 / 3.0));
        assertEquals("42", ValueUnit.COUNT.format(42));
        assertEquals("2.50", ValueUnit.COUNT.format(2.5));
        assertEquals("1.250 ms", ValueUnit.NANOS.format(1_250_000));
        assertEquals("0.125", ValueUnit.NUMBER.format(0.125));
        assertEquals("0.00x", ValueUnit.RATIO.format(-0.001), "no minus sign on a value that rounds to zero");
        assertEquals("-1.50x", ValueUnit.RATIO.format(-1.5));
        assertEquals("-", ValueUnit.PERCENT.format(Double.NaN), "no value in the frame");
        assertEquals("inf", ValueUnit.NUMBER.format(Double.POSITIVE_INFINITY));
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
