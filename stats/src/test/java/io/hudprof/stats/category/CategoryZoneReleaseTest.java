package io.hudprof.stats.category;

import io.hudprof.core.Zone;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A released private zone's id, given to a later zone, maps to the new zone's category, not the old one's. */
class CategoryZoneReleaseTest {
    @Test
    void aReusedIdMapsToItsNewZonesCategory() {
        Zone old = Zone.local("ZoneReleaseOld:Leaf");
        assertEquals("ZoneReleaseOld:Leaf", Category.of(old).path());
        old.release();
        Zone reused = Zone.local("ZoneReleaseNew:Leaf");
        assertEquals(old.id(), reused.id());
        assertEquals("ZoneReleaseNew:Leaf", Category.of(reused).path());
    }
}
