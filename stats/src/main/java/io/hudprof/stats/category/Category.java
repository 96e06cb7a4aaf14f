package io.hudprof.stats.category;

import io.hudprof.core.Zone;

/**
 * A node of the static category tree (PStats' collector hierarchy): the categories named by zone prefixes
 * ({@code Zone.define("Cull:Sort")} makes {@code Cull} and its child {@code Sort}) and those declared by object.
 *
 * <p>Time is credited to categories by PStats' rule: at every instant the innermost open zone's node and each of its
 * static ancestors get the time, whatever zones are paused beneath it at run time ({@link CategoryCredits}). A zone
 * without a prefix is a top-level category of its own; a zone whose name is also a category's path
 * ({@code "Draw"} beside {@code "Draw:Flip"}) is that category's own time.
 *
 * <p>Declaring by object, as PStats' {@code PStatCollector(parent, "name")}:
 * <pre>{@code
 * static final Category RENDER = Category.of("Render");
 * static final Zone CULL = RENDER.zone("Cull");   // the public zone "Render:Cull"
 * }</pre>
 * Categories are process-wide, never freed, and bounded (65536 nodes; past that one shared
 * {@code "(category limit reached)"} node). Creating them takes a lock: do it once, off the hot path.
 */
public final class Category {
    private final int id;
    private final String name;
    private final String path;
    private final Category parent;
    private final int depth;
    /** The colour the game chose, {@code 0xRRGGBB}, or {@link Zone#NO_COLOR}. */
    private volatile int color = Zone.NO_COLOR;
    /**
     * Whether any category was given a colour: until one is, {@link #colorOf} never maps zones to categories, so a
     * view that asks every frame never syncs the tree (which allocates when zones are defined or reused).
     */
    private static volatile boolean anyColored;

    Category(int id, String name, String path, Category parent) {
        this.id = id;
        this.name = name;
        this.path = path;
        this.parent = parent;
        this.depth = parent == null ? 0 : parent.depth + 1;
    }

    /**
     * The category with this path, made with every missing ancestor: {@code "Render:Cull"} is {@code Cull} under
     * {@code Render}. Empty parts are dropped ({@code ":Sort"}, {@code "Draw:"}, {@code "a::b"}).
     *
     * @throws IllegalArgumentException if the path is null or blank (a programming error caught at start-up)
     */
    public static Category of(String path) {
        return CategoryTree.of(path);
    }

    /** The category a zone's time is credited to, or {@code null} for a thread root. */
    public static Category of(Zone zone) {
        return CategoryTree.ofZone(zone);
    }

    /** The category with this id, or {@code null}. */
    public static Category byId(int id) {
        CategoryTree.sync();
        return CategoryTree.byId(id);
    }

    /** How many categories exist after mapping every zone defined so far (ids are {@code 0 .. count()-1}). */
    public static int count() {
        CategoryTree.sync();
        return CategoryTree.count();
    }

    /** A child category, made if missing: {@code Category.of("Cull").child("Sort")} is {@code "Cull:Sort"}. */
    public Category child(String name) {
        checkPart(name);
        return CategoryTree.of(path + ":" + name);
    }

    /**
     * The public zone that is this category's child {@code name} (PStats' {@code PStatCollector(parent, name)}):
     * {@code Zone.define(path() + ":" + name)}, so every place that declares it, by object or by name, shares it.
     */
    public Zone zone(String name) {
        checkPart(name);
        return Zone.define(path + ":" + name);
    }

    /**
     * Chooses the colour of this category's zones: every zone under it (and the zone named as it) that has no
     * colour of its own ({@link Zone#color(int)}) is drawn with it, as is a sub-category's zone when the
     * sub-category has none. Call it where the category is declared, not per frame.
     *
     * @param rgb the colour as {@code 0xRRGGBB}
     * @return this category
     * @throws IllegalArgumentException if {@code rgb} is outside {@code 0x000000..0xFFFFFF}
     */
    public Category color(int rgb) {
        color = Zone.checkColor(rgb);
        anyColored = true;
        return this;
    }

    /** The colour chosen for this category itself, {@code 0xRRGGBB}, or {@link Zone#NO_COLOR}. */
    public int color() {
        return color;
    }

    /**
     * The colour a view draws zone {@code zoneId} with: its own ({@link Zone#color(int)}), else that of the nearest
     * category on its static path, from its own node up ({@code "Render:Cull"}: {@code Render:Cull}, then
     * {@code Render}), else {@link Zone#NO_COLOR} (thread roots and unknown ids too). Allocation-free once the
     * zone is mapped; any thread.
     */
    public static int colorOf(int zoneId) {
        Zone zone = Zone.byId(zoneId);
        if (zone == null) {
            return Zone.NO_COLOR;
        }
        int own = zone.color();
        if (own != Zone.NO_COLOR || !anyColored) {
            return own;
        }
        for (Category c = CategoryTree.byId(CategoryTree.nodeOfZone(zoneId)); c != null; c = c.parent) {
            int chosen = c.color;
            if (chosen != Zone.NO_COLOR) {
                return chosen;
            }
        }
        return Zone.NO_COLOR;
    }

    /**
     * The colour of the category with this path, its own or its nearest ancestor's, or {@link Zone#NO_COLOR}; a
     * path no category has yet is not created. For exporters that name categories by path (PStats' parents).
     */
    public static int colorOfPath(String path) {
        for (Category c = CategoryTree.find(path); c != null; c = c.parent) {
            int chosen = c.color;
            if (chosen != Zone.NO_COLOR) {
                return chosen;
            }
        }
        return Zone.NO_COLOR;
    }

    /** Dense id, stable for the life of the JVM; a parent's id is smaller than its children's. */
    public int id() {
        return id;
    }

    /** The last part of the path: {@code "Sort"} for {@code "Cull:Sort"}. */
    public String name() {
        return name;
    }

    /** The whole path with empty parts dropped: {@code "Cull:Sort"}. */
    public String path() {
        return path;
    }

    /** The static parent, or {@code null} for a top-level category. */
    public Category parent() {
        return parent;
    }

    /** 0 for a top-level category, 1 for its children, and so on. */
    public int depth() {
        return depth;
    }

    /** True when {@code other} is this category or one of its static ancestors. */
    public boolean isWithin(Category other) {
        for (Category c = this; c != null; c = c.parent) {
            if (c == other) {
                return true;
            }
        }
        return false;
    }

    private static void checkPart(String name) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("hudprof: a child category needs a non-blank name, got "
                    + (name == null ? "null" : "\"" + name + "\""));
        }
    }

    @Override
    public String toString() {
        return "Category[" + id + " " + path + "]";
    }
}
