package io.hudprof.stats.category;

import io.hudprof.core.Zone;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The process-wide static category tree (PStats' collector hierarchy) built from zone names: one node per
 * {@code Parent:Child} prefix path, so a parent that no zone is named after still exists as a node, and every zone
 * is the node of its whole name ({@code "Cull:Sort"} is node {@code Sort} under node {@code Cull}; {@code "Draw"}
 * is the top-level node {@code Draw}). Thread roots belong to no node.
 *
 * <p>Names are split at {@code ':'} and empty parts are dropped, so {@code ":Sort"} is the top-level {@code Sort},
 * {@code "Draw:"} is {@code Draw} and {@code "a::b"} is {@code a:b}; a name that is nothing but colons is a
 * top-level node with that name. A node's parent is always registered before it, so its id is smaller: parent
 * links cannot form a cycle, and totals are one reverse pass over ids.
 *
 * <p>Zones are registered lazily: {@link #sync()} maps the zones defined since its last call (it reads
 * {@link Zone#count()}), off the hot path, on whatever thread asks. Registration takes a lock; readers read
 * published arrays without one. Bounded by {@value #MAX_NODES} nodes; paths past that credit one shared
 * {@code "(category limit reached)"} node.
 */
final class CategoryTree {
    static final int MAX_NODES = 65_536;
    /** Mapped value of a zone that credits no node (a thread root). */
    static final int NO_NODE = -1;

    private static final Object LOCK = new Object();
    private static final Map<String, Category> BY_PATH = new HashMap<>();
    private static volatile Category[] nodes = new Category[64];
    private static volatile int[] firstChild = filled(64);
    private static volatile int[] nextSibling = filled(64);
    private static volatile int[] zoneNode = new int[64];
    private static int count;
    private static volatile int publishedCount;
    private static volatile int syncedZones;
    /** {@link Zone#idReuses()} when last synced: a released id given to a new zone is mapped again. */
    private static volatile int syncedReuses;
    private static Category limitNode;

    private CategoryTree() {
    }

    /** The node of a path such as {@code "Render:Cull"}, registering it and every missing prefix. */
    static Category of(String path) {
        if (path == null || path.isBlank()) {
            throw new IllegalArgumentException("hudprof: a category needs a non-blank name, got "
                    + (path == null ? "null" : "\"" + path + "\""));
        }
        synchronized (LOCK) {
            return nodeLocked(path);
        }
    }

    /** The node of this path if it exists already, else {@code null}; creates nothing. */
    static Category find(String path) {
        if (path == null) {
            return null;
        }
        sync();
        synchronized (LOCK) {
            Category named = BY_PATH.get(path);
            return named != null ? named : BY_PATH.get("\0" + path);
        }
    }

    /** The node a zone credits, or {@code null} for a thread root. */
    static Category ofZone(Zone zone) {
        int node = nodeOfZone(zone.id());
        return node < 0 ? null : byId(node);
    }

    /** Maps every zone defined since the last call; cheap when none were. */
    static void sync() {
        if (syncedZones == Zone.count() && syncedReuses == Zone.idReuses()) {
            return;
        }
        synchronized (LOCK) {
            // Read before the zones: a reuse after this read is seen by the next sync.
            int reuses = Zone.idReuses();
            int zones = Zone.count();
            int[] map = zoneNode;
            if (map.length < zones) {
                map = Arrays.copyOf(map, Math.max(zones, map.length * 2));
            }
            int from = reuses == syncedReuses ? syncedZones : 0;
            for (int z = from; z < zones; z++) {
                Zone zone = Zone.byId(z);
                map[z] = zone == null || zone.isThreadRoot() ? NO_NODE : nodeLocked(zone.name()).id();
            }
            zoneNode = map;
            syncedZones = zones;
            syncedReuses = reuses;
        }
    }

    /** The node zone {@code zoneId} credits, or {@link #NO_NODE}; syncs first when the zone is new. */
    static int nodeOfZone(int zoneId) {
        if (zoneId >= syncedZones || syncedReuses != Zone.idReuses()) {
            sync();
        }
        int[] map = zoneNode;
        return zoneId >= 0 && zoneId < syncedZones && zoneId < map.length ? map[zoneId] : NO_NODE;
    }

    /** Zones mapped so far ({@link #nodeOfZone} is a plain read below this). */
    static int syncedZones() {
        return syncedZones;
    }

    static int count() {
        return publishedCount;
    }

    static Category byId(int id) {
        Category[] all = nodes;
        return id >= 0 && id < publishedCount && id < all.length ? all[id] : null;
    }

    /** The parent's id, or -1 for a top-level node. */
    static int parent(int id) {
        Category node = byId(id);
        return node == null || node.parent() == null ? -1 : node.parent().id();
    }

    /** First child of {@code id} ({@code -1} = the top level), or -1. */
    static int firstChild(int id) {
        int c = firstChild[id + 1];
        return c < publishedCount ? c : -1;
    }

    /** The next child of the same parent, or -1. */
    static int nextSibling(int id) {
        int s = nextSibling[id];
        return s < publishedCount ? s : -1;
    }

    private static Category nodeLocked(String path) {
        Category existing = BY_PATH.get(path);
        if (existing != null) {
            return existing;
        }
        Category parent = null;
        int start = 0;
        int length = path.length();
        boolean any = false;
        while (start <= length) {
            int colon = path.indexOf(':', start);
            int end = colon < 0 ? length : colon;
            if (end > start) {
                parent = childLocked(parent, path.substring(start, end));
                any = true;
            }
            start = end + 1;
        }
        if (!any) {
            parent = childLocked(null, path);
        }
        BY_PATH.put(path, parent);
        return parent;
    }

    private static Category childLocked(Category parent, String name) {
        String canonical = parent == null ? name : parent.path() + ":" + name;
        Category existing = BY_PATH.get("\0" + canonical);
        if (existing != null) {
            return existing;
        }
        if (count >= MAX_NODES - 1) {
            if (limitNode == null) {
                limitNode = addLocked(null, "(category limit reached)", "(category limit reached)");
            }
            return limitNode;
        }
        Category node = addLocked(parent, name, canonical);
        BY_PATH.put("\0" + canonical, node);
        return node;
    }

    private static Category addLocked(Category parent, String name, String canonical) {
        int id = count;
        Category node = new Category(id, name, canonical, parent);
        Category[] all = nodes;
        int[] first = firstChild;
        int[] next = nextSibling;
        if (id + 1 >= all.length) {
            int grown = all.length * 2;
            all = Arrays.copyOf(all, grown);
            first = grow(first, grown + 1);
            next = grow(next, grown);
        }
        all[id] = node;
        next[id] = -1;
        first[id + 1] = -1;
        // Appended at the end of the parent's list, so children keep the order they were declared in.
        int slot = (parent == null ? -1 : parent.id()) + 1;
        if (first[slot] < 0) {
            first[slot] = id;
        } else {
            int c = first[slot];
            while (next[c] >= 0) {
                c = next[c];
            }
            next[c] = id;
        }
        nodes = all;
        firstChild = first;
        nextSibling = next;
        count++;
        publishedCount = count;
        return node;
    }

    private static int[] grow(int[] array, int length) {
        int old = array.length;
        int[] grown = Arrays.copyOf(array, length);
        Arrays.fill(grown, old, length, -1);
        return grown;
    }

    private static int[] filled(int length) {
        int[] array = new int[length + 1];
        Arrays.fill(array, -1);
        return array;
    }
}
