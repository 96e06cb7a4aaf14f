package io.hudprof.api;

/**
 * A zone: a named region of code whose time hudprof measures, for code that must compile for every libGDX backend
 * (a liftoff project's {@code core} module). Same calls as hudprof core's own {@code io.hudprof.core.Zone}; on
 * desktop, once hudprof's core has started ({@code Hudprof.start()}, the libGDX adapter or the agent), each call
 * records exactly what core's zone of the same name records. Where no backend is bound (Android, iOS, the web, or a
 * desktop build without hudprof's core) every call is an empty check the JIT or AOT compiler removes.
 *
 * <ul>
 *   <li>{@link #define(String)} makes a <em>public</em> zone: defining the same name again returns the same zone.</li>
 *   <li>{@link #local(String)} makes a <em>private</em> zone: a distinct row per call site, even for one name.</li>
 * </ul>
 * A name may carry category prefixes, {@code "Cull:Sort"}. Create a zone once and keep it in a {@code static final}
 * field; use it with try-with-resources ({@link #enter()}) or {@link #begin()}/{@link #end()}. Mistakes (a missing
 * or extra end) are repaired and counted by the backend, never thrown.
 */
public final class Zone {
    private final String name;
    private final boolean isPublic;
    /** What {@link #color()} returns for a zone whose colour the game did not choose. */
    public static final int NO_COLOR = -1;

    /** The backend's id for this zone; written under {@link Binding}'s lock before the backend is published. */
    int id;
    /** The chosen colour, {@code 0xRRGGBB}, or {@link #NO_COLOR}; written under {@link Binding}'s lock. */
    int color = NO_COLOR;

    Zone(String name, boolean isPublic) {
        this.name = name;
        this.isPublic = isPublic;
    }

    /**
     * Defines a public zone, or returns the one already defined with this name.
     *
     * @param name the zone's name, optionally {@code "Category:Name"}
     * @throws IllegalArgumentException if the name is null or blank (a programming error caught at start-up)
     */
    public static Zone define(String name) {
        return Binding.zone(Names.check(name, "a zone"), true);
    }

    /**
     * Creates a private zone: a new, distinct zone each call. Keep it in a {@code static final} field of the one
     * place that uses it.
     *
     * @throws IllegalArgumentException if the name is null or blank
     */
    public static Zone local(String name) {
        return Binding.zone(Names.check(name, "a zone"), false);
    }

    /**
     * Enters this zone on the current thread and returns the scope whose {@code close()} leaves it; for
     * try-with-resources. Allocation-free; returns {@link ZoneScope#NONE} while nothing records.
     */
    public ZoneScope enter() {
        HudprofBackend backend = Binding.backend;
        if (backend == null) {
            return ZoneScope.NONE;
        }
        return backend.enter(id);
    }

    /** Enters this zone on the current thread; pair it with {@link #end()} on every path out. */
    public void begin() {
        HudprofBackend backend = Binding.backend;
        if (backend != null) {
            backend.begin(id);
        }
    }

    /** Leaves this zone on the current thread. */
    public void end() {
        HudprofBackend backend = Binding.backend;
        if (backend != null) {
            backend.end(id);
        }
    }

    /**
     * Chooses the colour this zone is drawn with (history graph, strip charts, timeline, PStats), as core's
     * {@code Zone.color(int)}: call it where the zone is defined, not per frame. Kept and handed to the backend when
     * it binds, like the definition itself.
     *
     * @param rgb the colour as {@code 0xRRGGBB}
     * @return this zone
     * @throws IllegalArgumentException if {@code rgb} is outside {@code 0x000000..0xFFFFFF}
     */
    public Zone color(int rgb) {
        Binding.zoneColor(this, checkColor(rgb));
        return this;
    }

    /** The colour chosen with {@link #color(int)}, {@code 0xRRGGBB}, or {@link #NO_COLOR}. */
    public int color() {
        synchronized (Binding.class) {
            return color;
        }
    }

    static int checkColor(int rgb) {
        if ((rgb & 0xFF000000) != 0) {
            throw new IllegalArgumentException("hudprof: a colour is 0xRRGGBB (0x000000..0xFFFFFF), got 0x"
                    + Integer.toHexString(rgb) + "; leave out the alpha byte");
        }
        return rgb;
    }

    /** The full name as defined, including any {@code Category:} prefix. */
    public String name() {
        return name;
    }

    /** True for a zone made with {@link #define(String)}. */
    public boolean isPublic() {
        return isPublic;
    }

    @Override
    public String toString() {
        return "Zone[" + name + (isPublic ? "" : " (private)") + "]";
    }
}
