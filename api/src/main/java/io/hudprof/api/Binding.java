package io.hudprof.api;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The bound backend and every definition made through the api, in the order they were made.
 *
 * <p>Threading: definitions and {@link #bind} hold the class lock (off the hot path; GWT, single-threaded, ignores
 * it). A definition's id or handle is written under the lock before {@link #backend} is published (a volatile
 * write), so a thread that reads a non-null backend sees every id the backend handed out before it.
 */
final class Binding {
    /** Read on every call; null until a backend binds. */
    static volatile HudprofBackend backend;

    /** Definitions made before the binding, replayed into the backend, in order, when it binds. */
    private static final List<Object> pending = new ArrayList<Object>();
    private static final Map<String, Zone> publicZones = new HashMap<String, Zone>();
    private static final Map<String, GpuZone> publicGpuZones = new HashMap<String, GpuZone>();
    private static final Map<String, Category> categories = new HashMap<String, Category>();
    /** Counters and distributions by name: a name is one statistic, whatever its kind. */
    private static final Map<String, Object> statistics = new HashMap<String, Object>();

    private Binding() {
    }

    static synchronized void bind(HudprofBackend newBackend) {
        if (newBackend == null) {
            throw new IllegalArgumentException("hudprof: bind(null); pass the backend to record into");
        }
        if (backend == newBackend) {
            return;
        }
        if (backend != null) {
            throw new IllegalStateException("hudprof: another backend is bound already (" + backend
                    + "); one profiler backend serves the whole process");
        }
        // A statistic the backend refuses (its name taken there by another kind) keeps handle -1 and records
        // nothing; the first refusal is thrown once everything else is bound, a configuration error at start-up.
        RuntimeException firstRefusal = null;
        for (Object definition : pending) {
            try {
                replay(definition, newBackend);
            } catch (RuntimeException refused) {
                if (firstRefusal == null) {
                    firstRefusal = refused;
                }
            }
        }
        pending.clear();
        backend = newBackend;
        if (firstRefusal != null) {
            throw firstRefusal;
        }
    }

    static synchronized Zone zone(String name, boolean isPublic) {
        Zone zone = isPublic ? publicZones.get(name) : null;
        if (zone == null) {
            zone = new Zone(name, isPublic);
            if (isPublic) {
                publicZones.put(name, zone);
            }
            defined(zone);
        }
        return zone;
    }

    static synchronized GpuZone gpuZone(String name, boolean isPublic) {
        GpuZone zone = isPublic ? publicGpuZones.get(name) : null;
        if (zone == null) {
            zone = new GpuZone(name, isPublic);
            if (isPublic) {
                publicGpuZones.put(name, zone);
            }
            defined(zone);
        }
        return zone;
    }

    static synchronized Category category(String path) {
        Category category = categories.get(path);
        if (category == null) {
            category = new Category(path);
            categories.put(path, category);
            defined(category);
        }
        return category;
    }

    static synchronized Counter counter(String name, boolean level) {
        Object existing = statistics.get(name);
        if (existing instanceof Counter && ((Counter) existing).isLevel() == level) {
            return (Counter) existing;
        }
        checkFree(name, existing, level ? "a level counter" : "a counter");
        Counter counter = new Counter(name, level);
        statistics.put(name, counter);
        defined(counter);
        return counter;
    }

    static synchronized IntDistribution intDistribution(String name) {
        Object existing = statistics.get(name);
        if (existing instanceof IntDistribution) {
            return (IntDistribution) existing;
        }
        checkFree(name, existing, "a distribution of whole values");
        IntDistribution distribution = new IntDistribution(name);
        statistics.put(name, distribution);
        defined(distribution);
        return distribution;
    }

    static synchronized FloatDistribution floatDistribution(String name) {
        Object existing = statistics.get(name);
        if (existing instanceof FloatDistribution) {
            return (FloatDistribution) existing;
        }
        checkFree(name, existing, "a distribution of real values");
        FloatDistribution distribution = new FloatDistribution(name);
        statistics.put(name, distribution);
        defined(distribution);
        return distribution;
    }

    static synchronized void zoneColor(Zone zone, int rgb) {
        zone.color = rgb;
        HudprofBackend bound = backend;
        if (bound != null) {
            bound.zoneColor(zone.id, rgb);
        }
    }

    static synchronized void gpuZoneColor(GpuZone zone, int rgb) {
        zone.color = rgb;
        HudprofBackend bound = backend;
        if (bound != null) {
            bound.zoneColor(zone.id, rgb);
        }
    }

    static synchronized void categoryColor(Category category, int rgb) {
        category.color = rgb;
        HudprofBackend bound = backend;
        if (bound != null) {
            bound.categoryColor(category.path(), rgb);
        }
    }

    private static void checkFree(String name, Object existing, String wanted) {
        if (existing != null) {
            throw new IllegalArgumentException("hudprof: the statistic \"" + name + "\" is defined already as "
                    + existing + "; it cannot also be " + wanted + ": give it another name");
        }
    }

    /** Hands a new definition to the bound backend now, or keeps it for the binding. */
    private static void defined(Object definition) {
        HudprofBackend bound = backend;
        if (bound == null) {
            pending.add(definition);
        } else {
            replay(definition, bound);
        }
    }

    private static void replay(Object definition, HudprofBackend to) {
        if (definition instanceof Zone) {
            Zone zone = (Zone) definition;
            zone.id = to.defineZone(zone.name(), zone.isPublic());
            if (zone.color != Zone.NO_COLOR) {
                to.zoneColor(zone.id, zone.color);
            }
        } else if (definition instanceof GpuZone) {
            GpuZone zone = (GpuZone) definition;
            zone.id = to.defineGpuZone(zone.name(), zone.isPublic());
            if (zone.color != Zone.NO_COLOR) {
                to.zoneColor(zone.id, zone.color);
            }
        } else if (definition instanceof Category) {
            Category category = (Category) definition;
            to.defineCategory(category.path());
            if (category.color != Zone.NO_COLOR) {
                to.categoryColor(category.path(), category.color);
            }
        } else if (definition instanceof Counter) {
            Counter counter = (Counter) definition;
            counter.handle = to.defineCounter(counter.name(), counter.isLevel());
        } else if (definition instanceof IntDistribution) {
            IntDistribution distribution = (IntDistribution) definition;
            distribution.handle = to.defineIntDistribution(distribution.name());
        } else {
            FloatDistribution distribution = (FloatDistribution) definition;
            distribution.handle = to.defineFloatDistribution(distribution.name());
        }
    }
}
