package io.hudprof.api;

/**
 * A distribution of whole values (hudprof's {@code io.hudprof.stats.IntDistribution}): each {@link #report(long)}
 * adds one sample; the report shows count, minimum, maximum and mean. A no-op where no backend is bound.
 */
public final class IntDistribution {
    private final String name;
    /** The backend's handle, -1 while unbound or if it refused the name; written under {@link Binding}'s lock. */
    int handle = -1;

    IntDistribution(String name) {
        this.name = name;
    }

    /**
     * Defines a distribution of whole values, or returns the one with this name.
     *
     * @param name {@code Category/Name}
     * @throws IllegalArgumentException if the name is not {@code Category/Name}, or names a statistic of another kind
     */
    public static IntDistribution define(String name) {
        return Binding.intDistribution(Names.checkStatistic(name));
    }

    /** Adds one sample. */
    public void report(long value) {
        HudprofBackend backend = Binding.backend;
        if (backend != null) {
            backend.intReport(handle, value);
        }
    }

    /** The name as defined. */
    public String name() {
        return name;
    }

    @Override
    public String toString() {
        return "IntDistribution[" + name + "]";
    }
}
