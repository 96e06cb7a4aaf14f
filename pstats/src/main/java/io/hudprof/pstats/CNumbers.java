package io.hudprof.pstats;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Numbers printed the way a C++ {@code ostream} prints a {@code double} by default ({@code %g}, 6 significant
 * digits, no trailing zeros), so the {@code --text} output can be compared with Panda's text-stats line by line.
 */
final class CNumbers {
    private static final MathContext SIX = new MathContext(6, RoundingMode.HALF_EVEN);

    private CNumbers() {
    }

    static String g6(double v) {
        if (v == 0) {
            return (1 / v < 0) ? "-0" : "0";
        }
        if (Double.isNaN(v)) {
            return "nan";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "inf" : "-inf";
        }
        // BigDecimal(double) is the exact binary value, so rounding it matches glibc's correctly rounded printf.
        BigDecimal d = new BigDecimal(v).round(SIX);
        int exponent = d.precision() - d.scale() - 1;
        if (exponent < -4 || exponent >= 6) {
            BigDecimal mantissa = d.movePointLeft(exponent).stripTrailingZeros();
            String m = mantissa.toPlainString();
            String e = String.valueOf(Math.abs(exponent));
            return m + "e" + (exponent < 0 ? "-" : "+") + (e.length() < 2 ? "0" + e : e);
        }
        return d.stripTrailingZeros().toPlainString();
    }

    /** {@code %15.6f}: the raw event times of text-stats -r. */
    static String fixed15(double v) {
        // A client may send NaN or infinite times; print them as C does instead of failing.
        String s = Double.isNaN(v) ? "nan" : Double.isInfinite(v) ? (v > 0 ? "inf" : "-inf")
                : new BigDecimal(v).setScale(6, RoundingMode.HALF_EVEN).toPlainString();
        return " ".repeat(Math.max(0, 15 - s.length())) + s;
    }
}
