package io.hudprof.demo;

import io.hudprof.core.Zone;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Finds a zone by the name a user typed (for {@code --callgraph} and {@code --slow}); public zones win over private
 * ones.
 */
final class Zones {
    private Zones() {
    }

    static Zone find(String name) throws UsageException {
        return find("--callgraph", name, true);
    }

    /**
     * The table {@link io.hudprof.demo.sim.Slowdown#slow(int[])} takes: for each zone id, the percentage given with
     * {@code --slow}. Only the game's own CPU zones can be slowed (hudprof's own and GPU zones are not entered
     * through the demo's code), so only they are named when a name matches none. Every zone of the name is slowed
     * (two private zones may share one).
     */
    static int[] slowTable(Map<String, Integer> slow) throws UsageException {
        int[] table = new int[Zone.count()];
        for (Map.Entry<String, Integer> e : slow.entrySet()) {
            find("--slow", e.getKey(), false);
            for (int id = 0; id < table.length; id++) {
                Zone zone = Zone.byId(id);
                if (zone != null && slowable(zone) && zone.name().equalsIgnoreCase(e.getKey())) {
                    table[id] = e.getValue();
                }
            }
        }
        return table;
    }

    private static boolean slowable(Zone zone) {
        return !zone.isThreadRoot() && !zone.isOverflow() && !zone.isGpu() && !zone.name().startsWith("hudprof:");
    }

    private static Zone find(String option, String name, boolean withHudprofAndGpu) throws UsageException {
        Zone found = null;
        List<String> names = new ArrayList<>();
        for (int id = 0; id < Zone.count(); id++) {
            Zone zone = Zone.byId(id);
            if (zone == null || zone.isThreadRoot() || zone.isOverflow()) {
                continue;
            }
            if (!withHudprofAndGpu && !slowable(zone)) {
                continue;
            }
            names.add(zone.name());
            if (zone.name().equalsIgnoreCase(name) && (found == null || (zone.isPublic() && !found.isPublic()))) {
                found = zone;
            }
        }
        if (found == null) {
            throw new UsageException(option + " " + name + ": no such zone; the game's zones are " + names);
        }
        return found;
    }
}
