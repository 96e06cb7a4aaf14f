package io.hudprof.api;

/**
 * A node of the static category tree (PStats' collector hierarchy), declared by object (the statistics module's
 * {@code io.hudprof.stats.category.Category}): the categories zone prefixes name ({@code Zone.define("Cull:Sort")})
 * exist without it; this is for declaring a category and its zones by object, as PStats'
 * {@code PStatCollector(parent, "name")} does.
 *
 * <pre>{@code
 * static final Category RENDER = Category.of("Render");
 * static final Zone CULL = RENDER.zone("Cull");   // the public zone "Render:Cull"
 * }</pre>
 */
public final class Category {
    private final String path;
    /** The chosen colour, {@code 0xRRGGBB}, or {@link Zone#NO_COLOR}; written under {@link Binding}'s lock. */
    int color = Zone.NO_COLOR;

    Category(String path) {
        this.path = path;
    }

    /**
     * The category with this path, made with every missing ancestor: {@code "Render:Cull"} is {@code Cull} under
     * {@code Render}. Empty parts are dropped ({@code ":Sort"}, {@code "Draw:"}, {@code "a::b"}).
     *
     * @throws IllegalArgumentException if the path is null or blank
     */
    public static Category of(String path) {
        return Binding.category(normalize(Names.check(path, "a category")));
    }

    /** A child category, made if missing: {@code Category.of("Cull").child("Sort")} is {@code "Cull:Sort"}. */
    public Category child(String name) {
        return of(path + ":" + Names.check(name, "a child category"));
    }

    /** The public zone that is this category's child {@code name}: {@code Zone.define(path() + ":" + name)}. */
    public Zone zone(String name) {
        return Zone.define(path + ":" + Names.check(name, "a category's zone"));
    }

    /**
     * Chooses the colour of this category's zones that have none of their own (and of its sub-categories' that have
     * none), as the statistics module's {@code Category.color(int)}: call it where the category is declared.
     *
     * @return this category
     * @throws IllegalArgumentException if {@code rgb} is outside {@code 0x000000..0xFFFFFF}
     */
    public Category color(int rgb) {
        Binding.categoryColor(this, Zone.checkColor(rgb));
        return this;
    }

    /** The colour chosen for this category itself, {@code 0xRRGGBB}, or {@link Zone#NO_COLOR}. */
    public int color() {
        synchronized (Binding.class) {
            return color;
        }
    }

    /** The whole path with empty parts dropped: {@code "Cull:Sort"}. */
    public String path() {
        return path;
    }

    /** The last part of the path: {@code "Sort"} for {@code "Cull:Sort"}. */
    public String name() {
        return path.substring(path.lastIndexOf(':') + 1);
    }

    @Override
    public String toString() {
        return "Category[" + path + "]";
    }

    /** The path hudprof's category tree files {@code path} under (split at colons, empty parts dropped). */
    private static String normalize(String path) {
        StringBuilder out = new StringBuilder(path.length());
        int start = 0;
        while (start <= path.length()) {
            int colon = path.indexOf(':', start);
            int end = colon < 0 ? path.length() : colon;
            if (end > start) {
                if (out.length() > 0) {
                    out.append(':');
                }
                out.append(path, start, end);
            }
            start = end + 1;
        }
        // As the category tree does: a path of colons only is one category of that name.
        return out.length() == 0 ? path : out.toString();
    }
}
