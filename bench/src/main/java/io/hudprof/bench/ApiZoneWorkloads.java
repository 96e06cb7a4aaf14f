package io.hudprof.bench;

import io.hudprof.api.Zone;
import io.hudprof.api.ZoneScope;

/**
 * {@link ZoneWorkloads}' depth-1 patterns written against {@code hudprof-api} instead of core: the same zone name
 * ({@code bench:site}), so once core is bound the api's zone is core's zone and the two record the same events.
 */
public final class ApiZoneWorkloads {
    static final Zone SITE = Zone.define("bench:site");

    private ApiZoneWorkloads() {
    }

    /** One call site, try-with-resources, depth 1. */
    @SuppressWarnings("try") // the scope is what is measured; the body is empty on purpose
    public static void tryWithResources() {
        for (int i = 0; i < ZoneWorkloads.PAIRS; i++) {
            try (ZoneScope z = SITE.enter()) {
            }
        }
    }

    /** One call site, explicit begin/end, depth 1. */
    public static void beginEnd() {
        for (int i = 0; i < ZoneWorkloads.PAIRS; i++) {
            SITE.begin();
            SITE.end();
        }
    }
}
