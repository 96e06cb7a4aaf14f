package io.hudprof.core;

/**
 * The categories half of {@code hudprof-api}'s backend. Categories are built on the engine, in the statistics
 * module ({@code io.hudprof.stats.category}), so the engine finds them with {@link java.util.ServiceLoader} (a
 * {@code META-INF/services/io.hudprof.core.ApiCategories} file in hudprof-stats' jar) rather than importing the
 * package that reads it. Not for games: they call {@code Category} or the api.
 */
public interface ApiCategories {
    /** Defines (or finds) the category at {@code path} ("Render/Shadows"). */
    void define(String path);

    /** Gives the category at {@code path} (defining it if needed) the colour {@code rgb} (0xRRGGBB). */
    void color(String path, int rgb);
}
