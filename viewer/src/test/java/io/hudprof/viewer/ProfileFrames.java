package io.hudprof.viewer;

import io.hudprof.core.Averaging;
import io.hudprof.core.ProfileData;
import io.hudprof.core.Profiler;
import io.hudprof.core.Zone;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Each recorded frame of a profiler, as zone name → self nanoseconds and entries (summed over the zone's call paths),
 * plus the frame's length; keyed by a frame number the caller supplies. Used on both ends of a session: the viewer's
 * profiler (keyed by the client's frame number) and a game's own (keyed by its recorded frame count).
 */
final class ProfileFrames {
    /** One frame. */
    record Frame(long nanos, Map<String, Long> self, Map<String, Long> calls) {
    }

    final Map<Long, Frame> frames = new ConcurrentHashMap<>();

    /** Takes the profiler's live frame (call from a frame listener, or after {@code update()}). */
    void take(Profiler profiler, long frameNumber) {
        frames.put(frameNumber, snapshot(profiler));
    }

    static Frame snapshot(Profiler profiler) {
        ProfileData d = profiler.data();
        double[] self = d.self(Averaging.INSTANTANEOUS);
        double[] calls = d.calls(Averaging.INSTANTANEOUS);
        Map<String, Long> s = new TreeMap<>();
        Map<String, Long> c = new TreeMap<>();
        for (int i = 0; i < d.stateCount(); i++) {
            Zone z = Zone.byId(d.zone(i));
            String name = z == null ? "#" + d.zone(i) : z.name();
            s.merge(name, Math.round(self[i]), Long::sum);
            c.merge(name, Math.round(calls[i]), Long::sum);
        }
        return new Frame(Math.round(d.frameNanos(Averaging.INSTANTANEOUS)), s, c);
    }

    /**
     * PStats' net time of a collector: the self time of the zone of that name and of every zone below it in the
     * {@code Parent:Child} tree (zones that never ran have none).
     */
    static long net(Frame frame, String name) {
        long sum = 0;
        for (Map.Entry<String, Long> e : frame.self().entrySet()) {
            if (e.getKey().equals(name) || e.getKey().startsWith(name + ":")) {
                sum += e.getValue();
            }
        }
        return sum;
    }
}
