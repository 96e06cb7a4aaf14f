package io.hudprof.overlay;

import java.util.Arrays;

import io.hudprof.core.FrameHistory;
import io.hudprof.core.Metric;

/**
 * The history graph's per-frame column values (self time of each shown zone), kept across frames: a recorded frame
 * never changes, so each frame only the newest column has to be read from history instead of every column (reading
 * history is the graph's main cost). Entries are keyed by frame number in a ring of the history's size, and
 * everything is forgotten when the shown zones or their order change. Allocation-free once sized; render thread only.
 */
final class GraphColumnCache {
    private final int stride;
    private final int[] zoneIds;
    private final long[] scratch;
    private int zones = -1;
    private Metric metric = Metric.TIME;
    private long[] values = new long[0];
    private long[] frame = new long[0];
    private boolean[] held = new boolean[0];

    /** A cache for at most {@code maxZones} zones per column. */
    GraphColumnCache(int maxZones) {
        stride = maxZones;
        zoneIds = new int[maxZones];
        scratch = new long[maxZones];
    }

    /**
     * Keeps the cache for the columns of {@code zoneIds[0..zones)} over {@code history}; forgets everything when
     * they (or the history's size) differ from last time.
     *
     * @return whether the zones changed
     */
    boolean follow(FrameHistory history, Metric metric, int[] zoneIds, int zones) {
        boolean sameZones = this.zones == zones && Arrays.equals(this.zoneIds, 0, zones, zoneIds, 0, zones)
                && this.metric == metric;
        this.metric = metric;
        if (sameZones && frame.length == history.capacity()) {
            return false;
        }
        if (frame.length != history.capacity()) {
            frame = new long[history.capacity()];
            held = new boolean[history.capacity()];
            values = new long[history.capacity() * stride];
        }
        Arrays.fill(frame, -1);
        System.arraycopy(zoneIds, 0, this.zoneIds, 0, zones);
        this.zones = zones;
        return !sameZones;
    }

    /**
     * Where the values of the frame {@code framesAgo} back start in {@link #value}'s indexing, reading history only
     * on a miss; -1 when history no longer holds that frame's zone values.
     */
    int column(FrameHistory history, int framesAgo) {
        long number = history.frameNumber(framesAgo);
        int slot = (int) (number % frame.length);
        int at = slot * stride;
        if (frame[slot] != number) {
            held[slot] = history.zoneSelf(metric, framesAgo, zoneIds, zones, scratch);
            System.arraycopy(scratch, 0, values, at, zones);
            frame[slot] = number;
        }
        return held[slot] ? at : -1;
    }

    /** Self value (ns, or bytes when following allocated bytes) of the {@code k}-th zone in the column starting at {@code at}. */
    long value(int at, int k) {
        return values[at + k];
    }
}
