package io.hudprof.api;

/**
 * How many times something happened (hudprof's {@code io.hudprof.stats.Counter}): {@code RAYS.increment()},
 * {@code RAYS.add(n)}. A counter made with {@link #defineLevel(String)} counts things in existence, updated with
 * {@code add(+n)} and {@code add(-n)}. A no-op where no backend is bound.
 *
 * <pre>{@code
 * static final Counter RAYS = Counter.define("Render/Rays cast");
 * }</pre>
 */
public final class Counter {
    private final String name;
    private final boolean level;
    /** The backend's handle, -1 while unbound or if it refused the name; written under {@link Binding}'s lock. */
    int handle = -1;

    Counter(String name, boolean level) {
        this.name = name;
        this.level = level;
    }

    /**
     * Defines a counter of events, or returns the one with this name.
     *
     * @param name {@code Category/Name}
     * @throws IllegalArgumentException if the name is not {@code Category/Name}, or names a statistic of another kind
     */
    public static Counter define(String name) {
        return Binding.counter(Names.checkStatistic(name), false);
    }

    /** Defines a counter of things in existence, whose frame value is the count at the frame's end. */
    public static Counter defineLevel(String name) {
        return Binding.counter(Names.checkStatistic(name), true);
    }

    /** Adds one. */
    public void increment() {
        HudprofBackend backend = Binding.backend;
        if (backend != null) {
            backend.counterAdd(handle, 1);
        }
    }

    /** Adds {@code n} (negative to take away, for a level). */
    public void add(long n) {
        HudprofBackend backend = Binding.backend;
        if (backend != null) {
            backend.counterAdd(handle, n);
        }
    }

    /** The name as defined. */
    public String name() {
        return name;
    }

    /** True for a counter made with {@link #defineLevel(String)}. */
    public boolean isLevel() {
        return level;
    }

    @Override
    public String toString() {
        return "Counter[" + name + "]";
    }
}
