package io.hudprof.check;

import io.hudprof.core.Averaging;
import io.hudprof.core.FrameListener;
import io.hudprof.core.ProfileData;
import io.hudprof.core.Profiler;
import io.hudprof.core.Zone;
import io.hudprof.core.report.ZoneTotals;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A {@link FrameListener} that keeps, for each recorded frame, the frame time and every zone's self time,
 * hierarchical time and entry count over all threads, derived from the profile's per-state values exactly as a report
 * row is ({@link ZoneTotals}). Add it to a live profiler (what {@link HudprofGate} does) or to the profiler a capture
 * replays into; {@link #samples()} gives the run so far.
 *
 * <p>Arrays grow by doubling, so a long run allocates now and then on the updating thread: this is a measuring tool
 * for tests and CI, not something to leave in a shipped game. Thread roots and the overflow zone are not kept.
 */
public final class ZoneSamples implements FrameListener {
    private final ProfileData data;
    private final ZoneTotals totals = new ZoneTotals();
    private double[] frameNanos = new double[256];
    /** [zone id][quantity][frame]. */
    private double[][][] values = new double[64][][];
    private String[] names = new String[64];
    private int frames;

    /** A sampler of {@code profiler}'s frames; add it with {@link #attachTo(Profiler)} or the profiler's method. */
    public ZoneSamples(Profiler profiler) {
        this.data = profiler.data();
    }

    /** Makes a sampler and adds it to {@code profiler}. */
    public static ZoneSamples attachTo(Profiler profiler) {
        ZoneSamples samples = new ZoneSamples(profiler);
        profiler.addFrameListener(samples);
        return samples;
    }

    @Override
    public void frameEnded(long nanos, boolean recorded) {
        if (!recorded) {
            return;
        }
        if (frames == frameNanos.length) {
            frameNanos = Arrays.copyOf(frameNanos, frames * 2);
        }
        frameNanos[frames] = data.frameNanos(Averaging.INSTANTANEOUS);
        totals.compute(data, data.self(Averaging.INSTANTANEOUS), data.calls(Averaging.INSTANTANEOUS));
        int zones = totals.zoneCount();
        if (zones > values.length) {
            values = Arrays.copyOf(values, Math.max(zones, values.length * 2));
            names = Arrays.copyOf(names, values.length);
        }
        for (int z = 0; z < zones; z++) {
            if (!totals.hasData(z)) {
                continue;
            }
            double[][] v = values[z];
            if (v == null) {
                Zone zone = Zone.byId(z);
                if (zone == null || zone.isThreadRoot() || zone.isOverflow()) {
                    continue;
                }
                names[z] = zone.name();
                v = new double[3][Math.max(frameNanos.length, 16)];
                values[z] = v;
            } else if (v[0].length <= frames) {
                for (int q = 0; q < 3; q++) {
                    v[q] = Arrays.copyOf(v[q], frameNanos.length);
                }
            }
            v[0][frames] = totals.self(z);
            v[1][frames] = totals.hier(z);
            v[2][frames] = totals.calls(z);
        }
        frames++;
    }

    /** How many recorded frames were kept. */
    public int frames() {
        return frames;
    }

    /** The frames kept so far, zones by name. Call on the thread that calls {@code update()}. */
    public Samples samples() {
        Map<String, double[][]> byName = new LinkedHashMap<>();
        for (int z = 0; z < values.length; z++) {
            double[][] v = values[z];
            if (v == null) {
                continue;
            }
            double[][] sum = byName.computeIfAbsent(names[z], n -> new double[3][frames]);
            for (int q = 0; q < 3; q++) {
                for (int f = 0; f < frames; f++) {
                    sum[q][f] += f < v[q].length ? v[q][f] : 0;
                }
            }
        }
        return new Samples(Arrays.copyOf(frameNanos, frames), byName);
    }
}
