package io.hudprof.demo.sim;

import io.hudprof.core.Zone;
import io.hudprof.core.ZoneScope;

/**
 * The demo's {@code --slow ZONE=PERCENT}: a chosen zone is made slower by a percentage of its own work, so that a
 * before/after comparison (a diff report, a CI gate) has a known regression to find.
 *
 * <p>Every CPU zone of the demo is entered through {@link #enter(Zone)} (or {@link #begin(Zone)}/{@link #end(Zone)}).
 * For a zone that is not slowed that is the zone's own {@code enter()} after one array read. For a slowed zone, each
 * entry remembers when it started; on leaving, before the zone itself ends, it spin-waits {@code PERCENT}% of the
 * time that entry took (its children included). The slowdown is therefore relative to the work actually done that
 * frame and lands in the zone's own self time: a zone at 50% spends about 1.5 times as long as it would have.
 *
 * <p>The table is set once before the frame loop ({@link #slow(int[])}) and cleared after it. Each thread keeps a
 * small stack of open slowed entries (made once per thread, so entering a slowed zone allocates nothing after the
 * first time); nesting deeper than {@value #MAX_DEPTH} slowed entries on one thread is not slowed further.
 */
public final class Slowdown {
    static final int MAX_DEPTH = 64;
    private static final int[] NONE = new int[0];
    /** Percent of extra time by zone id; 0 or beyond the end: not slowed. */
    private static volatile int[] percentById = NONE;
    private static final ThreadLocal<Entries> ENTRIES = ThreadLocal.withInitial(Entries::new);

    private Slowdown() {
    }

    /** Slows the zones whose ids index a positive percentage in {@code table} (copied); until {@link #clear()}. */
    public static void slow(int[] table) {
        percentById = table.clone();
    }

    /** No zone is slowed any more. */
    public static void clear() {
        percentById = NONE;
    }

    /** The percentage {@code zone} is slowed by, 0 when it is not. */
    public static int percentOf(Zone zone) {
        int[] table = percentById;
        int id = zone.id();
        return id < table.length ? table[id] : 0;
    }

    /** Enters {@code zone} for try-with-resources; when it is slowed, the returned scope spins before it ends. */
    public static ZoneScope enter(Zone zone) {
        int percent = percentOf(zone);
        if (percent <= 0) {
            return zone.enter();
        }
        ZoneScope scope = zone.enter();
        Entries entries = ENTRIES.get();
        return entries.push(zone.id(), percent, scope) ? entries : scope;
    }

    /** {@link Zone#begin()}, remembering the start when {@code zone} is slowed. */
    public static void begin(Zone zone) {
        int percent = percentOf(zone);
        zone.begin();
        if (percent > 0) {
            ENTRIES.get().push(zone.id(), percent, ZoneScope.NONE);
        }
    }

    /** {@link Zone#end()}, after spinning when the matching {@link #begin(Zone)} was slowed. */
    public static void end(Zone zone) {
        if (percentOf(zone) > 0) {
            Entries entries = ENTRIES.get();
            if (entries.depth > 0 && entries.zones[entries.depth - 1] == zone.id()) {
                entries.popAndSpin();
            }
        }
        zone.end();
    }

    /** Spin-waits until {@code until} (a {@link System#nanoTime()} value), without sleeping or yielding. */
    static void spinUntil(long until) {
        while (System.nanoTime() - until < 0) {
            Thread.onSpinWait();
        }
    }

    /** One thread's open slowed entries; also the scope {@link #enter(Zone)} returns for them. */
    private static final class Entries implements ZoneScope {
        final int[] zones = new int[MAX_DEPTH];
        final int[] percents = new int[MAX_DEPTH];
        final long[] starts = new long[MAX_DEPTH];
        final ZoneScope[] scopes = new ZoneScope[MAX_DEPTH];
        int depth;

        boolean push(int zone, int percent, ZoneScope scope) {
            if (depth == MAX_DEPTH) {
                return false;
            }
            zones[depth] = zone;
            percents[depth] = percent;
            scopes[depth] = scope;
            starts[depth] = System.nanoTime();
            depth++;
            return true;
        }

        ZoneScope popAndSpin() {
            depth--;
            long now = System.nanoTime();
            long took = now - starts[depth];
            spinUntil(now + took * percents[depth] / 100);
            ZoneScope scope = scopes[depth];
            scopes[depth] = null;
            return scope;
        }

        @Override
        public void close() {
            if (depth > 0) {
                popAndSpin().close();
            }
        }
    }
}
