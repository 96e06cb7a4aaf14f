package io.hudprof.agent;

import io.hudprof.core.Averaging;
import io.hudprof.core.ProfileData;
import io.hudprof.core.Zone;
import java.util.Map;
import java.util.TreeMap;

/** The last frame's zone-stack states as paths ({@code "<main>/Sim.physics/Sim.raycast"}) with their call counts. */
final class ProfileTree {
    private ProfileTree() {
    }

    static Map<String, Long> calls(ProfileData data) {
        double[] calls = data.calls(Averaging.INSTANTANEOUS);
        Map<String, Long> paths = new TreeMap<>();
        for (int state = 0; state < data.stateCount(); state++) {
            if (state < calls.length && calls[state] > 0) {
                paths.merge(path(data, state), Math.round(calls[state]), Long::sum);
            }
        }
        return paths;
    }

    private static String path(ProfileData data, int state) {
        StringBuilder path = new StringBuilder();
        for (int s = state; s >= 0; s = data.parent(s)) {
            Zone zone = Zone.byId(data.zone(s));
            path.insert(0, "/" + (zone.isThreadRoot() ? "<root>" : zone.name()));
            if (data.parent(s) == s) {
                break;
            }
        }
        return path.substring(1);
    }
}
