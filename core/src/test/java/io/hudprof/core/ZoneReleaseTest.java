package io.hudprof.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * Released private zones give their ids to later private zones, so making and releasing zones for things that come
 * and go (the viewer's zones of one client) keeps the zone count flat; shared zones cannot be released. (Category
 * lookups that follow an id to its new zone: the statistics module's {@code CategoryZoneReleaseTest}.)
 */
class ZoneReleaseTest {
    @Test
    void releasedPrivateZonesLendTheirIdsSoTheCountStaysFlat() {
        Zone first = Zone.local("ZoneReleaseTest:warm");
        first.release();
        int count = Zone.count();
        for (int session = 0; session < 1_000; session++) {
            Zone[] zones = new Zone[20];
            for (int i = 0; i < zones.length; i++) {
                zones[i] = Zone.local("ZoneReleaseTest:session " + session + " zone " + i);
                assertSame(zones[i], Zone.byId(zones[i].id()));
            }
            for (Zone z : zones) {
                z.release();
            }
        }
        // 20 zones at once, one of them the warm-up's id: at most 19 new ids over 1,000 rounds.
        assertEquals(count + 19, Zone.count(), "ids are reused, not added");
    }

    @Test
    void releasingTwiceGivesTheIdBackOnce() {
        Zone z = Zone.local("ZoneReleaseTest:twice");
        z.release();
        z.release();
        Zone a = Zone.local("ZoneReleaseTest:a");
        Zone b = Zone.local("ZoneReleaseTest:b");
        assertEquals(z.id(), a.id());
        assertEquals(false, b.id() == z.id(), "a second release must not hand the id out twice");
    }

    @Test
    void sharedZonesCannotBeReleased() {
        Zone shared = Zone.define("ZoneReleaseTest:public");
        IllegalStateException e = assertThrows(IllegalStateException.class, shared::release);
        assertEquals(true, e.getMessage().contains("only private zones"), e.getMessage());
        assertThrows(IllegalStateException.class, () -> Zone.threadRoot("ZoneReleaseTest").release());
    }
}
