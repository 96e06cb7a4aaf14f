package io.hudprof.core.report;

/**
 * A few words of status a HUD shows after its title, e.g. a PStats stream's dropped frames. The HUD calls it on its
 * own thread every frame it draws, so it must append without allocating (strings, chars and whole numbers append to
 * a {@link StringBuilder} with room without allocating) and must be safe to call from that thread (read volatile or
 * atomic counters). A module that has a status implements this; the HUD is given it with
 * {@code HudControls.status(...)}, so neither depends on the other.
 */
@FunctionalInterface
public interface StatusSource {
    /** Appends the status to {@code dest}, short (about 20 characters: the title line is cut to the panel's width). */
    void appendStatus(StringBuilder dest);
}
