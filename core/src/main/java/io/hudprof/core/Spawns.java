package io.hudprof.core;

import java.util.Arrays;

/**
 * Work handed to other threads, charged to the zone that handed it over (pbrt charges {@code ParallelFor} work to the
 * phase that launched it). {@link Hudprof#wrap(Runnable)} and its kin read the submitting thread's innermost open zone
 * (its thread root outside any zone) and run the task, on whatever thread runs it, inside that zone's <em>task
 * zone</em>, {@code "[tasks of Physics]"}: a real zone on the worker's own thread, so the worker's time stays its own
 * and every sum over threads stays exact, while the zones the task enters are found under the task zone and can be
 * charged to {@code Physics} in its call graph ("[workers] Solve islands"; see
 * {@link io.hudprof.core.report.RowRole#SPAWNED}).
 *
 * <p>A task zone is made the first time a zone hands work over (a registry lookup and a lock, once per spawning
 * zone); after that finding it is an array read. At most one task zone per zone, so the zone limit bounds them.
 */
public final class Spawns {
    private static final Object LOCK = new Object();
    /** Task zone id by spawning zone id, -1 for none; copied on write, so readers need no lock. */
    private static volatile int[] taskZoneOf = new int[0];
    /** Spawning zone id by task zone id, -1 for a zone that is not a task zone. */
    private static volatile int[] spawnerOf = new int[0];
    /** "[workers] name" by zone id, made on first use by a report. */
    private static volatile String[] workersNames = new String[0];

    private Spawns() {
    }

    /** The task zone of work handed over from inside {@code spawner}: made on first use. */
    static Zone taskZone(int spawner) {
        int[] zones = taskZoneOf;
        if (spawner < zones.length && zones[spawner] >= 0) {
            return Zone.byId(zones[spawner]);
        }
        return makeTaskZone(spawner);
    }

    private static Zone makeTaskZone(int spawner) {
        synchronized (LOCK) {
            int[] zones = taskZoneOf;
            if (spawner < zones.length && zones[spawner] >= 0) {
                return Zone.byId(zones[spawner]);
            }
            Zone from = Zone.byId(spawner);
            // No ':' in the name: a task zone is no PStats category of the spawning zone's prefix.
            String name = "[tasks of " + (from == null ? "?" : from.name().replace(':', '/')) + "]";
            Zone task = ZoneRegistry.definePrivate(name);
            int[] grownZones = Arrays.copyOf(zones, Math.max(zones.length, spawner + 1));
            Arrays.fill(grownZones, zones.length, grownZones.length, -1);
            grownZones[spawner] = task.id();
            int[] spawners = spawnerOf;
            int[] grownSpawners = Arrays.copyOf(spawners, Math.max(spawners.length, task.id() + 1));
            Arrays.fill(grownSpawners, spawners.length, grownSpawners.length, -1);
            if (!task.isOverflow()) {
                grownSpawners[task.id()] = spawner;
            }
            spawnerOf = grownSpawners;
            taskZoneOf = grownZones;
            return task;
        }
    }

    /** The zone that handed over the work a task zone runs, or -1 when {@code zoneId} is not a task zone. */
    public static int spawnerOf(int zoneId) {
        int[] spawners = spawnerOf;
        return zoneId >= 0 && zoneId < spawners.length ? spawners[zoneId] : -1;
    }

    /** The task zone of {@code spawner}, or -1 when it never handed work over. */
    public static int taskZoneOf(int spawner) {
        int[] zones = taskZoneOf;
        return spawner >= 0 && spawner < zones.length ? zones[spawner] : -1;
    }

    /** {@code "[workers] " + name}: the row name of a zone's time on worker threads; made once per zone. */
    public static String workersName(int zoneId) {
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
        int zone = recorder.innermostZone();
        return taskZone(zone >= 0 ? zone : recorder.rootZone);
    }
}
