package io.hudprof.check;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * One run's per-frame values: the frame time and, per zone name, each frame's self time, hierarchical time and entry
 * count (0 in frames the zone was not entered). Zones are matched between runs by name, since ids differ between
 * runs; zones of one name (a public and a private one) are summed. Immutable.
 */
public final class Samples {
    private final double[] frameNanos;
    private final Map<String, double[][]> zones;

    /**
     * @param frameNanos each frame's duration (ns)
     * @param zones      per zone name, {@code {self[], hier[], calls[]}}, each as long as {@code frameNanos}
     */
    public Samples(double[] frameNanos, Map<String, double[][]> zones) {
        this.frameNanos = frameNanos.clone();
        Map<String, double[][]> copy = new LinkedHashMap<>();
        for (Map.Entry<String, double[][]> e : zones.entrySet()) {
            double[][] v = e.getValue();
            if (v.length != 3) {
                throw new IllegalArgumentException("zone " + e.getKey() + ": expected self, hier and calls");
            }
            double[][] c = new double[3][];
            for (int q = 0; q < 3; q++) {
                if (v[q].length != frameNanos.length) {
                    throw new IllegalArgumentException("zone " + e.getKey() + " has " + v[q].length
                            + " values for " + frameNanos.length + " frames");
                }
                c[q] = v[q].clone();
            }
            copy.put(e.getKey(), c);
        }
        this.zones = Collections.unmodifiableMap(copy);
    }

    /** How many frames the run has. */
    public int frames() {
        return frameNanos.length;
    }

    /** The zone names, in the order first seen. */
    public Set<String> zoneNames() {
        return zones.keySet();
    }

    /** Whether the run has a zone of this name. */
    public boolean hasZone(String name) {
        return zones.containsKey(name);
    }

    /** Each frame's duration (ns); a copy. */
    public double[] frameNanos() {
        return frameNanos.clone();
    }

    /** The zone's per-frame values of {@code quantity}; a copy. */
    public double[] values(String zone, Quantity quantity) {
        double[][] v = zones.get(zone);
        if (v == null) {
            throw new IllegalArgumentException("no zone " + zone);
        }
        return v[quantity.ordinal()].clone();
    }

    double[] valuesOrZeros(String zone, Quantity quantity) {
        double[][] v = zones.get(zone);
        return v == null ? new double[frameNanos.length] : v[quantity.ordinal()];
    }

    double[] frameNanosShared() {
        return frameNanos;
    }

    /** This run without its first {@code frames} frames (a warm-up: class loading, the JIT). */
    public Samples withoutFirst(int frames) {
        int from = Math.min(Math.max(frames, 0), frameNanos.length);
        Map<String, double[][]> cut = new LinkedHashMap<>();
        for (Map.Entry<String, double[][]> e : zones.entrySet()) {
            double[][] v = e.getValue();
            cut.put(e.getKey(), new double[][] {
                    Arrays.copyOfRange(v[0], from, v[0].length),
                    Arrays.copyOfRange(v[1], from, v[1].length),
                    Arrays.copyOfRange(v[2], from, v[2].length)});
        }
        return new Samples(Arrays.copyOfRange(frameNanos, from, frameNanos.length), cut);
    }
}
