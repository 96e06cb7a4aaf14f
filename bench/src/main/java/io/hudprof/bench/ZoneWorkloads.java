package io.hudprof.bench;

import io.hudprof.core.Zone;
import io.hudprof.core.ZoneScope;

/**
 * The zone patterns that the hot-path benchmarks time and that the allocation test checks, so both look at exactly
 * the same code. Every method performs {@link #PAIRS} zone pairs (one enter plus one exit each) on the calling
 * thread, which is {@code 2 × PAIRS} recorder events; zones are empty so what is measured is hudprof's own cost.
 *
 * <p>Zones are {@code static final} constants, as the design asks of game code, so the JIT sees them as constants.
 */
public final class ZoneWorkloads {
    /** Zone pairs per call: small enough that one call's events fit the ring many times over. */
    public static final int PAIRS = 1024;
    /** Events one call writes (a begin and an end per pair). */
    public static final int EVENTS = 2 * PAIRS;

    static final Zone SITE = Zone.define("bench:site");
    static final Zone N1 = Zone.define("bench:nest1");
    static final Zone N2 = Zone.define("bench:nest2");
    static final Zone N3 = Zone.define("bench:nest3");
    static final Zone N4 = Zone.define("bench:nest4");
    static final Zone N5 = Zone.define("bench:nest5");
    static final Zone N6 = Zone.define("bench:nest6");
    static final Zone N7 = Zone.define("bench:nest7");
    static final Zone N8 = Zone.define("bench:nest8");
    static final Zone PARENT_A = Zone.define("bench:parentA");
    static final Zone PARENT_B = Zone.define("bench:parentB");
    static final Zone CHILD = Zone.define("bench:child");
    static final Zone RECURSIVE = Zone.define("bench:recursive");

    /** Depth of the nested and recursive patterns. */
    public static final int DEPTH = 8;

    private ZoneWorkloads() {
    }

    /** One call site, try-with-resources, depth 1. */
    @SuppressWarnings("try") // the scope is what is measured; the body is empty on purpose
    public static void tryWithResources() {
        for (int i = 0; i < PAIRS; i++) {
            try (ZoneScope z = SITE.enter()) {
            }
        }
    }

    /** One call site, explicit begin/end, depth 1. */
    public static void beginEnd() {
        for (int i = 0; i < PAIRS; i++) {
            SITE.begin();
            SITE.end();
        }
    }

    /** Eight distinct zones nested inside each other, explicit begin/end. */
    public static void nested8() {
        for (int i = 0; i < PAIRS / DEPTH; i++) {
            N1.begin();
            N2.begin();
            N3.begin();
            N4.begin();
            N5.begin();
            N6.begin();
            N7.begin();
            N8.begin();
            N8.end();
            N7.end();
            N6.end();
            N5.end();
            N4.end();
            N3.end();
            N2.end();
            N1.end();
        }
    }

    /** A child zone entered under the same parent every time: {@code A{C} A{C}}. The reference for the next one. */
    public static void sameParent() {
        for (int i = 0; i < PAIRS / 4; i++) {
            PARENT_A.begin();
            CHILD.begin();
            CHILD.end();
            PARENT_A.end();
            PARENT_A.begin();
            CHILD.begin();
            CHILD.end();
            PARENT_A.end();
        }
    }

    /**
     * A child zone entered alternately under two parents: {@code A{C} B{C}}. Every entry of C has a different parent
     * than the last, which defeats IProf's one-entry cache (in this design, in {@code update()}, not here).
     */
    public static void alternatingParents() {
        for (int i = 0; i < PAIRS / 4; i++) {
            PARENT_A.begin();
            CHILD.begin();
            CHILD.end();
            PARENT_A.end();
            PARENT_B.begin();
            CHILD.begin();
            CHILD.end();
            PARENT_B.end();
        }
    }

    /** One zone entered recursively, eight levels deep, by a recursive method. */
    public static void recursive8() {
        for (int i = 0; i < PAIRS / DEPTH; i++) {
            recurse(DEPTH);
        }
    }

    private static void recurse(int depth) {
        RECURSIVE.begin();
        if (depth > 1) {
            recurse(depth - 1);
        }
        RECURSIVE.end();
    }
}
