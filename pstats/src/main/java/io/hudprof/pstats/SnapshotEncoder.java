package io.hudprof.pstats;

import io.hudprof.core.Metric;
import io.hudprof.core.Zone;
import io.hudprof.stats.Stat;
import io.hudprof.stats.Stats;
import io.hudprof.stats.category.Category;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns a {@link FrameSnapshot} into PStats collectors, threads and one frame per thread, on the sender thread.
 *
 * <p><b>Collectors.</b> Collector 0 is "Frame". Each zone becomes the collector of its full {@code Parent:Child}
 * name; its prefixes become parent collectors (a zone named {@code Render} and the category of
 * {@code Render:Sprites} are the same collector), so PStats' static tree is hudprof's category tree. Private zones
 * ({@code Zone.local}) are distinct rows in hudprof, so they stay distinct collectors: the first zone to use a full
 * name gets it, a later zone of the same name gets {@code "Name #2"}, {@code "Name #3"} (same parent), which PStats'
 * GUI lists side by side.
 *
 * <p><b>Threads.</b> Each thread root ({@code <name>}) is a PStats thread, the updating thread being thread 0.
 *
 * <p><b>Events.</b> For each thread the state tree is walked depth first: a state's collector starts, its self time
 * passes, its children follow, it stops; the thread root's self time is "Frame"'s own. Under PStats' rule (only the
 * innermost running collector is credited) each collector's time alone is then exactly the zone's self time for
 * the frame, and its start count the zone's entries: a state entered n times gets n − 1 extra zero-length pairs,
 * which add counts and no time. Timestamps are float32 seconds since the connection's first frame, so they are
 * exact to the nanosecond only for times that float32 can hold (multiples of 2^-9 s up to 32768 s, as the
 * round-trip test uses); otherwise each is rounded to float32's step (about 1 µs at 10 s), as in PStats itself.
 * A frame whose events would pass {@link #MAX_EVENTS} loses its extra count pairs first (counted).
 *
 * <p><b>Statistics.</b> Each {@code core.stats} statistic with a frame value becomes a top-level level collector
 * named {@code Category/Name} (never merged with a zone's collector of the same name), whose value goes with the
 * updating thread's frame: durations in ms, bytes in MB (the definition's factor says so, as Panda's memory
 * collectors do), counts, percentages and ratios as they are. Top level, because PStats shows a level parent as the
 * sum of its children, which means nothing across a category's mixed units.
 */
final class SnapshotEncoder {
    /** Events per thread frame; far more than a HUD can show, well under the server's message limit. */
    static final int MAX_EVENTS = 65_536;

    private final Map<String, Integer> collectorByPath = new HashMap<>();
    /** Full names a zone's own collector has (categories are shared and not here), with that zone's id. */
    private final Map<String, Integer> zoneByPath = new HashMap<>();
    private final List<CollectorDef> collectors = new ArrayList<>();
    private int definedCollectors;
    private int[] collectorOfZone = new int[64];
    private int[] collectorOfStat = new int[16];
    private float[] factorOfStat = new float[16];
    private final Map<String, Integer> threadByName = new HashMap<>();
    private final List<String> threadNames = new ArrayList<>();
    private int definedThreads;
    private final List<Integer> expired = new ArrayList<>();
    private final java.util.Set<String> liveNames = new java.util.HashSet<>();
    private int[] childStart = new int[64];
    private int[] children = new int[64];
    private int[] stack = new int[64];
    /** The snapshot's values by state (its record loaded by {@link #prepare}): self time (ns) and entry count. */
    private double[] selfNanos = new double[64];
    private double[] entries = new double[64];
    private long epochNanos = Long.MIN_VALUE;
    private long droppedCountPairs;
    final FrameData frame = new FrameData();

    SnapshotEncoder() {
        collectors.add(new CollectorDef(0, "Frame", 0, 0.95f, 1f, 0.35f, 0, "", 0f, 1f));
        collectorByPath.put("", 0);
    }

    /** Forgets what the server was told: a new connection defines everything again and starts a new epoch. */
    void reset() {
        definedCollectors = 0;
        definedThreads = 0;
        epochNanos = Long.MIN_VALUE;
    }

    /** Collector definitions made since the last call (none when nothing is new). */
    List<CollectorDef> newCollectors() {
        List<CollectorDef> fresh = collectors.subList(definedCollectors, collectors.size());
        List<CollectorDef> copy = List.copyOf(fresh);
        definedCollectors = collectors.size();
        return copy;
    }

    /** The first thread index not yet defined, and the names from there; empty when nothing is new. */
    int newThreadsFrom() {
        return definedThreads;
    }

    List<String> newThreads() {
        List<String> copy = List.copyOf(threadNames.subList(definedThreads, threadNames.size()));
        definedThreads = threadNames.size();
        return copy;
    }

    /** Threads that ended since the last call. */
    List<Integer> expiredThreads() {
        List<Integer> copy = List.copyOf(expired);
        expired.clear();
        return copy;
    }

    long droppedCountPairs() {
        return droppedCountPairs;
    }

    /** Indexes the snapshot's state tree and registers new zones and threads. Call before {@link #encodeThread}. */
    void prepare(FrameSnapshot s) {
        if (epochNanos == Long.MIN_VALUE) {
            epochNanos = s.frameEndNanos - s.frameNanos;
        }
        int n = s.states;
        if (childStart.length < n + 2) {
            childStart = new int[Math.max(n + 2, childStart.length * 2)];
            children = new int[Math.max(n, children.length * 2)];
            stack = new int[Math.max(2 * n + 2, stack.length * 2)];
        }
        if (selfNanos.length < n) {
            selfNanos = new double[Math.max(n, selfNanos.length * 2)];
            entries = new double[selfNanos.length];
        }
        // Zeroed here, not after the frame: a send that failed half way must not leave values for the next frame.
        Arrays.fill(selfNanos, 0, n, 0);
        Arrays.fill(entries, 0, n, 0);
        s.values.load(Metric.TIME, selfNanos, entries);
        Arrays.fill(childStart, 0, n + 2, 0);
        for (int i = 0; i < n; i++) {
            if (s.parent[i] >= 0) {
                childStart[s.parent[i] + 2]++;
            }
        }
        for (int i = 0; i < n; i++) {
            childStart[i + 2] += childStart[i + 1];
        }
        for (int i = 0; i < n; i++) {
            if (s.parent[i] >= 0) {
                children[childStart[s.parent[i] + 1]++] = i;
            }
        }
        // childStart[p + 1] now ends p's children, childStart[p] starts them.
        liveNames.clear();
        for (int i = 0; i < s.threads; i++) {
            liveNames.add(s.threadNames[i]);
        }
        // The updating thread is PStats' thread 0 (its "main thread") whenever it is the first one seen.
        if (s.updateRootZone >= 0 && liveNames.contains(rootName(s.updateRootZone))) {
            thread(rootName(s.updateRootZone));
        }
        for (int i = 0; i < n; i++) {
            if (s.parent[i] < 0) {
                String name = rootName(s.zone[i]);
                if (liveNames.contains(name)) {
                    thread(name);
                }
            } else {
                collector(s.zone[i]);
            }
        }
        for (int i = 0; i < s.stats; i++) {
            statCollector(s.statIds[i]);
        }
        for (int t = 0; t < threadNames.size(); t++) {
            String name = threadNames.get(t);
            if (!name.isEmpty() && !liveNames.contains(name)) {
                expired.add(t);
                threadByName.remove(name);
                // An empty name keeps the slot: PStats' placeholder for a deleted thread.
                threadNames.set(t, "");
            }
        }
    }

    private static String rootName(int zoneId) {
        Zone z = Zone.byId(zoneId);
        String name = z == null ? "thread" : z.name();
        return name.length() > 2 && name.startsWith("<") && name.endsWith(">")
                ? name.substring(1, name.length() - 1) : name;
    }

    private int thread(String name) {
        Integer t = threadByName.get(name);
        if (t != null) {
            return t;
        }
        int index = threadNames.size();
        if (index > PStatsCodec.MAX_THREAD_INDEX) {
            return -1;
        }
        threadNames.add(name);
        threadByName.put(name, index);
        return index;
    }

    private int collector(int zoneId) {
        if (zoneId >= collectorOfZone.length) {
            collectorOfZone = Arrays.copyOf(collectorOfZone, Math.max(zoneId + 1, collectorOfZone.length * 2));
        }
        int c = collectorOfZone[zoneId];
        if (c > 0) {
            return c;
        }
        Zone z = Zone.byId(zoneId);
        String name = z == null ? "zone " + zoneId : z.name();
        String unique = name;
        for (int k = 2; zoneByPath.containsKey(unique); k++) {
            unique = name + " #" + k;
        }
        zoneByPath.put(unique, zoneId);
        c = path(unique, z == null ? Zone.NO_COLOR : Category.colorOf(zoneId));
        collectorOfZone[zoneId] = c;
        return c;
    }

    private int statCollector(int statId) {
        if (statId >= collectorOfStat.length) {
            int n = Math.max(statId + 1, collectorOfStat.length * 2);
            collectorOfStat = Arrays.copyOf(collectorOfStat, n);
            factorOfStat = Arrays.copyOf(factorOfStat, n);
        }
        int c = collectorOfStat[statId];
        if (c > 0) {
            return c;
        }
        Stat stat = Stats.byId(statId);
        int index = collectors.size();
        if (stat == null || index > PStatsCodec.MAX_COLLECTOR_INDEX) {
            return -1;
        }
        String units;
        float factor;
        switch (stat.unit()) {
            case NANOS -> {
                units = "ms";
                factor = 1e-6f;
            }
            case BYTES -> {
                units = "MB";
                factor = 1f / (1024 * 1024);
            }
            case PERCENT -> {
                units = "%";
                factor = 1f;
            }
            case RATIO -> {
                units = "x";
                factor = 1f;
            }
            default -> {
                units = "";
                factor = 1f;
            }
        }
        // A colon would read as a parent in PStats' full names.
        String local = stat.name().replace(':', '-');
        int h = local.hashCode();
        collectors.add(new CollectorDef(index, local, 0, 0.3f + 0.6f * ((h & 0xff) / 255f),
                0.3f + 0.6f * (((h >>> 8) & 0xff) / 255f), 0.3f + 0.6f * (((h >>> 16) & 0xff) / 255f), -1, units,
                0f, factor));
        collectorOfStat[statId] = index;
        factorOfStat[statId] = factor;
        return index;
    }

    /**
     * The collector of a full name, defined with every missing parent; {@code rgb} is the colour the game chose
     * ({@link Zone#NO_COLOR}: none), parents take their category's.
     */
    private int path(String fullName, int rgb) {
        Integer known = collectorByPath.get(fullName);
        if (known != null) {
            return known;
        }
        int colon = fullName.lastIndexOf(':');
        String parentPath = colon > 0 ? fullName.substring(0, colon) : null;
        int parent = parentPath != null ? path(parentPath, Category.colorOfPath(parentPath)) : 0;
        String local = colon > 0 ? fullName.substring(colon + 1) : fullName;
        int index = collectors.size();
        if (index > PStatsCodec.MAX_COLLECTOR_INDEX) {
            return parent;
        }
        float r;
        float g;
        float b;
        if (rgb != Zone.NO_COLOR) {
            // The game's chosen colour (the zone's own, or its category's), as PStats' suggested colour.
            r = ((rgb >>> 16) & 0xff) / 255f;
            g = ((rgb >>> 8) & 0xff) / 255f;
            b = (rgb & 0xff) / 255f;
        } else {
            // A stable colour per name, so a zone looks the same in every session.
            int h = fullName.hashCode();
            r = 0.3f + 0.6f * ((h & 0xff) / 255f);
            g = 0.3f + 0.6f * (((h >>> 8) & 0xff) / 255f);
            b = 0.3f + 0.6f * (((h >>> 16) & 0xff) / 255f);
        }
        collectors.add(new CollectorDef(index, local, parent, r, g, b, -1, "", 0f, 1f));
        collectorByPath.put(fullName, index);
        return index;
    }

    /**
     * Fills {@link #frame} with the events of the thread whose root state is {@code rootState}.
     *
     * @return false when that thread has no PStats index (ended, or over the thread limit)
     */
    boolean encodeThread(FrameSnapshot s, int rootState) {
        int thread = threadByName.getOrDefault(rootName(s.zone[rootState]), -1);
        if (thread < 0) {
            return false;
        }
        long total = subtreeNanos(s, rootState);
        long t = s.frameEndNanos - total;
        frame.reset(thread, s.frameNumber & 0xffffffffL);
        frame.addEvent(0, true, seconds(t));
        t += (long) selfNanos[rootState];
        int budget = MAX_EVENTS - 2 - 2 * countStates(s, rootState);
        int top = 0;
        for (int i = childStart[rootState + 1] - 1; i >= childStart[rootState]; i--) {
            stack[top++] = children[i];
        }
        while (top > 0) {
            int entry = stack[--top];
            if (entry < 0) {
                int state = ~entry;
                frame.addEvent(collectorOfZone[s.zone[state]], false, seconds(t));
                continue;
            }
            int c = collectorOfZone[s.zone[entry]];
            float now = seconds(t);
            for (long extra = (long) entries[entry] - 1; extra > 0; extra--) {
                if (budget < 2) {
                    droppedCountPairs += extra;
                    break;
                }
                frame.addEvent(c, true, now);
                frame.addEvent(c, false, now);
                budget -= 2;
            }
            frame.addEvent(c, true, now);
            t += (long) selfNanos[entry];
            stack[top++] = ~entry;
            for (int i = childStart[entry + 1] - 1; i >= childStart[entry]; i--) {
                stack[top++] = children[i];
            }
        }
        frame.addEvent(0, false, seconds(t));
        if (s.zone[rootState] == s.updateRootZone) {
            for (int i = 0; i < s.stats; i++) {
                int id = s.statIds[i];
                int c = id < collectorOfStat.length ? collectorOfStat[id] : 0;
                if (c > 0) {
                    frame.addLevel(c, (float) (s.statValues[i] * factorOfStat[id]));
                }
            }
        }
        return true;
    }

    private int countStates(FrameSnapshot s, int root) {
        int top = 0;
        int count = 0;
        stack[top++] = root;
        while (top > 0) {
            int st = stack[--top];
            count++;
            for (int i = childStart[st]; i < childStart[st + 1]; i++) {
                stack[top++] = children[i];
            }
        }
        return count - 1;
    }

    private long subtreeNanos(FrameSnapshot s, int root) {
        int top = 0;
        long sum = 0;
        stack[top++] = root;
        while (top > 0) {
            int st = stack[--top];
            sum += (long) selfNanos[st];
            for (int i = childStart[st]; i < childStart[st + 1]; i++) {
                stack[top++] = children[i];
            }
        }
        return sum;
    }

    private float seconds(long nanos) {
        return (float) ((nanos - epochNanos) / 1e9);
    }
}
