package io.hudprof.check;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;

/** Seeded samples of known distributions for the gate's tests. */
final class Synthetic {
    private Synthetic() {
    }

    /** {@code n} log-normal frame times with this median (ns) and log-spread sigma. */
    static double[] logNormal(long seed, int n, double median, double sigma) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = median * Math.exp(sigma * gaussian(random));
        }
        return v;
    }

    private static double gaussian(SplittableRandom random) {
        double u = 1 - random.nextDouble();
        double w = random.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * w);
    }

    /** A run: the frame time is the zones' sum plus 1 ms; each zone's self time as given, one entry per frame. */
    static Samples run(Map<String, double[]> selfTimes) {
        int n = selfTimes.values().iterator().next().length;
        double[] frame = new double[n];
        Map<String, double[][]> zones = new LinkedHashMap<>();
        for (Map.Entry<String, double[]> e : selfTimes.entrySet()) {
            double[] self = e.getValue();
            double[] calls = new double[n];
            for (int i = 0; i < n; i++) {
                frame[i] += self[i];
                calls[i] = 1;
            }
            zones.put(e.getKey(), new double[][] {self, self, calls});
        }
        for (int i = 0; i < n; i++) {
            frame[i] += 1e6;
        }
        return new Samples(frame, zones);
    }

    static double[] times(double[] v, double factor) {
        double[] out = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = v[i] * factor;
        }
        return out;
    }
}
