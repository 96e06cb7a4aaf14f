package io.hudprof.core;

import java.util.Arrays;

/**
 * Work handed to other threads, charged to the zone that handed it over in its context (pbrt charges
 * {@code ParallelFor} work to the phase that launched it, through its {@code CurrentProfilerState}).
 * {@link Hudprof#wrap(Runnable)} and its kin read the submitting thread's open zone <em>path</em> (its zones from
 * the outermost in; its thread root outside any zone) and run the task, on whatever thread runs it, inside that
 * path's <em>task zone</em>, {@code "[tasks of Physics in Sim]"}: a real zone on the worker's own thread, so the
 * worker's time stays its own and every sum over threads stays exact, while the zones the task enters are found
 * under the task zone and can be charged to the path's innermost zone, {@code Physics}, in its call graph
 * ("[workers] Solve islands"; see {@code RowRole.SPAWNED}). {@code Physics} under
 * {@code Sim} and {@code Physics} under {@code Editor} hand work over through two task zones, so their workers'
 * rows stay apart, each group under its task zone's row.
 *
 * <p>Which sums hold worker time: a worker's time is counted once, on the worker's thread (its flat rows, its thread
 * total and busy time, "all threads" sums, and the task zone's own rows there). The spawning zone's self and
 * hierarchical time, its call graph's parent/child sums and its thread's totals never include it; only its
 * {@code [workers]} rows do, and those rows are in no column sum.
 *
 * <p>A path's task zone is made the first time work is handed over from it (a registry lookup and a lock, once per
 * path); after that finding it is one table probe per open zone, no lock and no allocation. Paths, like zones, are
 * bounded by the zone limit: past it, new paths' task zones fold into the overflow zone (counted like any zone).
 */
final class Spawns {
    private static final Object LOCK = new Object();
    /** First task zone id made by spawning zone id (any path), -1 for none; copied on write, so readers need no lock. */
    private static volatile int[] taskZoneOf = new int[0];
    /** Path nodes by (parent node, zone); copied on write. */
    private static volatile PathTable paths = new PathTable(64);
    /** Task zone id by path node, -1 until made; copied on write. */
    private static volatile int[] nodeTask = new int[0];
    /** Parent node and zone of each path node; guarded by LOCK (read only to name a task zone). */
    private static int[] nodeParent = new int[16];
    private static int[] nodeZone = new int[16];
    private static int nodes;
    /** Spawning zone id by task zone id, -1 for a zone that is not a task zone. */
    private static volatile int[] spawnerOf = new int[0];
    /** "[workers] name" by zone id, made on first use by a report. */
    private static volatile String[] workersNames = new String[0];
    /** "[in B < A]" by task zone id for a path deeper than one zone, else null; copied on write. */
    private static volatile String[] contextNames = new String[0];

    private Spawns() {
    }

    /**
     * The path node of zone {@code zone} inside path node {@code parent} (-1: the path's start), made on first use.
     */
    static int pathNode(int parent, int zone) {
        int node = paths.find(parent, zone);
        return node >= 0 ? node : addNode(parent, zone);
    }

    private static int addNode(int parent, int zone) {
        synchronized (LOCK) {
            PathTable table = paths;
            int node = table.find(parent, zone);
            if (node >= 0) {
                return node;
            }
            node = nodes++;
            if (node == nodeParent.length) {
                nodeParent = Arrays.copyOf(nodeParent, node * 2);
                nodeZone = Arrays.copyOf(nodeZone, node * 2);
            }
            nodeParent[node] = parent;
            nodeZone[node] = zone;
            paths = table.with(parent, zone, node);
            return node;
        }
    }

    /** The task zone of work handed over from path node {@code node}: made on first use. */
    static Zone taskZoneOfPath(int node) {
        int[] tasks = nodeTask;
        if (node < tasks.length && tasks[node] >= 0) {
            return Zone.byId(tasks[node]);
        }
        return makeTaskZone(node);
    }

    private static Zone makeTaskZone(int node) {
        synchronized (LOCK) {
            int[] tasks = nodeTask;
            if (node < tasks.length && tasks[node] >= 0) {
                return Zone.byId(tasks[node]);
            }
            int spawner = nodeZone[node];
            // "[tasks of Physics in Sim > Step]": the spawning zone first, so a name cut to fit a row still shows it.
            // No ':' in the name: a task zone is no PStats category of the spawning zone's prefix.
            StringBuilder name = new StringBuilder("[tasks of ").append(nameOf(spawner));
            int outer = nodeParent[node];
            String context = null;
            if (outer >= 0) {
                StringBuilder path = new StringBuilder();
                StringBuilder inward = new StringBuilder("[in ");
                for (int n = outer; n >= 0; n = nodeParent[n]) {
                    path.insert(0, nameOf(nodeZone[n]));
                    inward.append(nameOf(nodeZone[n]));
                    if (nodeParent[n] >= 0) {
                        path.insert(0, " > ");
                        inward.append(" < ");
                    }
                }
                name.append(" in ").append(path);
                context = inward.append(']').toString();
            }
            Zone task = ZoneRegistry.definePrivate(name.append(']').toString());
            if (context != null && !task.isOverflow()) {
                String[] contexts = contextNames;
                String[] grownContexts = Arrays.copyOf(contexts, Math.max(contexts.length, task.id() + 1));
                grownContexts[task.id()] = context;
                contextNames = grownContexts;
            }
            int[] grownTasks = Arrays.copyOf(tasks, Math.max(tasks.length, Math.max(16, node + 1) * 2));
            Arrays.fill(grownTasks, tasks.length, grownTasks.length, -1);
            grownTasks[node] = task.id();
            int[] zones = taskZoneOf;
            int[] grownZones = Arrays.copyOf(zones, Math.max(zones.length, spawner + 1));
            Arrays.fill(grownZones, zones.length, grownZones.length, -1);
            if (grownZones[spawner] < 0) {
                grownZones[spawner] = task.id();
            }
            int[] spawners = spawnerOf;
            int[] grownSpawners = Arrays.copyOf(spawners, Math.max(spawners.length, task.id() + 1));
            Arrays.fill(grownSpawners, spawners.length, grownSpawners.length, -1);
            if (!task.isOverflow()) {
                grownSpawners[task.id()] = spawner;
            }
            spawnerOf = grownSpawners;
            taskZoneOf = grownZones;
            nodeTask = grownTasks;
            return task;
        }
    }

    private static String nameOf(int zoneId) {
        Zone zone = Zone.byId(zoneId);
        return zone == null ? "?" : zone.name().replace(':', '/');
    }

    /**
     * The row name a call graph gives task zone {@code taskZone} under its spawning zone: the path outside the
     * spawning zone, innermost first ({@code "[in Step < Sim]"} for {@code [tasks of Physics in Sim > Step]}), which
     * is what tells one path's group from another's in a narrow name column; the task zone's own name for a path of
     * one zone or a zone that is not a task zone.
     */
    static String contextName(int taskZone) {
        String[] contexts = contextNames;
        if (taskZone >= 0 && taskZone < contexts.length && contexts[taskZone] != null) {
            return contexts[taskZone];
        }
        Zone zone = Zone.byId(taskZone);
        return zone == null ? "?" : zone.name();
    }

    /** The zone that handed over the work a task zone runs, or -1 when {@code zoneId} is not a task zone. */
    static int spawnerOf(int zoneId) {
        int[] spawners = spawnerOf;
        return zoneId >= 0 && zoneId < spawners.length ? spawners[zoneId] : -1;
    }

    /**
     * The first task zone made for work handed over from {@code spawner} (in whichever path), or -1 when it never
     * handed work over. A zone handing work over in several paths has one task zone per path: find them all by
     * {@link #spawnerOf}.
     */
    static int taskZoneOf(int spawner) {
        int[] zones = taskZoneOf;
        return spawner >= 0 && spawner < zones.length ? zones[spawner] : -1;
    }

    /** {@code "[workers] " + name}: the row name of a zone's time on worker threads; made once per zone. */
    static String workersName(int zoneId) {
        String[] names = workersNames;
        if (zoneId < names.length && names[zoneId] != null) {
            return names[zoneId];
        }
        synchronized (LOCK) {
            names = workersNames;
            if (zoneId >= names.length) {
                names = Arrays.copyOf(names, Math.max(zoneId + 1, names.length * 2));
            }
            Zone zone = Zone.byId(zoneId);
            String made = "[workers] " + (zone == null ? "?" : zone.name());
            names[zoneId] = made;
            workersNames = names;
            return made;
        }
    }

    /** The task zone for work handed over from the current thread now, or null when nothing records. */
    static Zone currentTaskZone() {
        if (!KillSwitch.COMPILED_IN) {
            return null;
        }
        Profiler profiler = Hudprof.installed;
        if (profiler == null || !profiler.enabled) {
            return null;
        }
        ThreadRecorder recorder = profiler.recorder();
        int depth = recorder.depth();
        int node = -1;
        if (depth == 0) {
            node = pathNode(-1, recorder.rootZone);
        }
        for (int i = 0; i < depth; i++) {
            node = pathNode(node, recorder.openZone(i));
        }
        return taskZoneOfPath(node);
    }

    /**
     * Open-addressed map from (parent node, zone) to path node, never changed once published (a writer publishes a
     * grown copy), so a reader on any thread probes it without a lock.
     */
    private static final class PathTable {
        private final long[] keys;
        private final int[] values;
        private final int size;

        PathTable(int capacity) {
            keys = new long[capacity];
            values = new int[capacity];
            Arrays.fill(keys, -1L);
            size = 0;
        }

        private PathTable(long[] keys, int[] values, int size) {
            this.keys = keys;
            this.values = values;
            this.size = size;
        }

        private static long key(int parent, int zone) {
            return ((long) (parent + 1) << 32) | (zone & 0xFFFFFFFFL);
        }

        private static int slot(long key, int mask) {
            long h = key * 0x9E3779B97F4A7C15L;
            return (int) (h >>> 40) & mask;
        }

        int find(int parent, int zone) {
            long key = key(parent, zone);
            int mask = keys.length - 1;
            for (int i = slot(key, mask); ; i = (i + 1) & mask) {
                if (keys[i] == key) {
                    return values[i];
                }
                if (keys[i] == -1L) {
                    return -1;
                }
            }
        }

        /** A copy with {@code node} added, twice as large when it would be over half full. */
        PathTable with(int parent, int zone, int node) {
            int capacity = (size + 1) * 2 > keys.length ? keys.length * 2 : keys.length;
            long[] k = new long[capacity];
            int[] v = new int[capacity];
            Arrays.fill(k, -1L);
            int mask = capacity - 1;
            for (int i = 0; i < keys.length; i++) {
                if (keys[i] != -1L) {
                    put(k, v, mask, keys[i], values[i]);
                }
            }
            put(k, v, mask, key(parent, zone), node);
            return new PathTable(k, v, size + 1);
        }

        private static void put(long[] k, int[] v, int mask, long key, int value) {
            int i = slot(key, mask);
            while (k[i] != -1L) {
                i = (i + 1) & mask;
            }
            k[i] = key;
            v[i] = value;
        }
    }
}
