package io.hudprof.capture.jfr;

import io.hudprof.core.Averaging;
import io.hudprof.core.FrameListener;
import io.hudprof.core.ProfileData;
import io.hudprof.core.Profiler;
import io.hudprof.core.Zone;
import java.util.Arrays;

/**
 * Writes one {@code io.hudprof.Frame} JFR event per recorded frame while a JFR recording that enables it is running:
 * frame number, frame time and the three zones with the most self time (summed over the zone's stacks), spanning
 * the frame from one {@code update()} to the next. With no recording it checks {@code isEnabled()} and does nothing
 * else; with one it reuses one event object and reads the frame's per-state values once.
 *
 * <pre>{@code
 * JfrFrames.attach(profiler);     // then: java -XX:StartFlightRecording ... ; open the .jfr in JDK Mission Control
 * }</pre>
 *
 * <p>Per-zone JFR events are opt-in ({@code -Dhudprof.jfr.zones=true}, see {@link JfrZoneStack}): a committed JFR
 * event costs more than a hudprof zone.
 */
public final class JfrFrames implements FrameListener {
    /** This listener's work in {@code update()}: the frame's JFR event, while a recording runs. */
    private static final Zone SELF_ZONE = Zone.define("hudprof:JFR frame events");

    /** The JFR event name. */
    public static final String EVENT_NAME = FrameEvent.NAME;

    private final Profiler profiler;
    private final ProfileData data;
    private final FrameEvent event = new FrameEvent();
    private boolean begun;
    private double[] zoneSelf = new double[0];
    private final int[] top = new int[3];

    private JfrFrames(Profiler profiler) {
        this.profiler = profiler;
        this.data = profiler.data();
    }

    /** Adds frame events to {@code profiler}'s updates. */
    public static JfrFrames attach(Profiler profiler) {
        JfrFrames frames = new JfrFrames(profiler);
        profiler.addFrameListener(frames);
        return frames;
    }

    @Override
    public Zone selfZone() {
        return SELF_ZONE;
    }

    /** Stops writing frame events. */
    public void detach() {
        profiler.removeFrameListener(this);
    }

    @Override
    public void frameEnded(long frameNanos, boolean recorded) {
        if (!event.isEnabled()) {
            begun = false;
            return;
        }
        if (begun && recorded) {
            event.end();
            if (event.shouldCommit()) {
                event.frame = profiler.recordedFrames();
                event.frameTime = frameNanos;
                fillTopZones();
                event.commit();
            }
        }
        event.begin();
        begun = true;
    }

    private void fillTopZones() {
        int zones = Zone.count();
        if (zoneSelf.length < zones) {
            zoneSelf = new double[Math.max(zones, zoneSelf.length * 2)];
        }
        double[] self = data.self(Averaging.INSTANTANEOUS);
        int states = data.stateCount();
        for (int s = 0; s < states; s++) {
            if (data.parent(s) >= 0) {
                zoneSelf[data.zone(s)] += self[s];
            }
        }
        Arrays.fill(top, -1);
        for (int s = 0; s < states; s++) {
            int z = data.zone(s);
            double v = zoneSelf[z];
            if (data.parent(s) < 0 || v <= 0 || z == top[0] || z == top[1] || z == top[2]) {
                continue;
            }
            for (int k = 0; k < 3; k++) {
                if (top[k] < 0 || v > zoneSelf[top[k]]) {
                    System.arraycopy(top, k, top, k + 1, 2 - k);
                    top[k] = z;
                    break;
                }
            }
        }
        event.zone1 = top[0] < 0 ? null : Zone.byId(top[0]).name();
        event.zone1Self = top[0] < 0 ? 0 : (long) zoneSelf[top[0]];
        event.zone2 = top[1] < 0 ? null : Zone.byId(top[1]).name();
        event.zone2Self = top[1] < 0 ? 0 : (long) zoneSelf[top[1]];
        event.zone3 = top[2] < 0 ? null : Zone.byId(top[2]).name();
        event.zone3Self = top[2] < 0 ? 0 : (long) zoneSelf[top[2]];
        for (int s = 0; s < states; s++) {
            zoneSelf[data.zone(s)] = 0;
        }
    }
}
