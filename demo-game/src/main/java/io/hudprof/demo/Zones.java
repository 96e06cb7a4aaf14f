package io.hudprof.demo;

import io.hudprof.core.Zone;
import java.util.ArrayList;
import java.util.List;

/** Finds a zone by the name a user typed (for {@code --callgraph}); public zones win over private ones. */
final class Zones {
    private Zones() {
    }

    static Zone find(String name) throws UsageException {
        Zone found = null;
        List<String> names = new ArrayList<>();
        for (int id = 0; id < Zone.count(); id++) {
            Zone zone = Zone.byId(id);
            if (zone == null || zone.isThreadRoot() || zone.isOverflow()) {
                continue;
            }
            names.add(zone.name());
            if (zone.name().equalsIgnoreCase(name) && (found == null || (zone.isPublic() && !found.isPublic()))) {
                found = zone;
            }
        }
        if (found == null) {
            throw new UsageException("--callgraph " + name + ": no such zone; the game's zones are " + names);
        }
        return found;
    }
}
