package io.hudprof.api;

/**
 * A distribution of real values (hudprof's {@code io.hudprof.stats.FloatDistribution}): each {@link #report(double)}
 * adds one sample ({@code NaN} is ignored); the report shows count, minimum, maximum and mean. A no-op where no
 * backend is bound.
 */
public final class FloatDistribution {
    private final String name;
    /** The backend's handle, -1 while unbound or if it refused the name; written under {@link Binding}'s lock. */
    int handle = -1;

    FloatDistribution(String name) {
        this.name = name;
    }

    /**
     * Defines a distribution of real values, or returns the one with this name.
     *
     * @param name {@code Category/Name}
     * @throws IllegalArgumentException if the name is not {@code Category/Name}, or names a statistic of another kind
     */
    public static FloatDistribution define(String name) {
        return Binding.floatDistribution(Names.checkStatistic(name));
    }

    /** Adds one sample. */
    public void report(double value) {
        HudprofBackend backend = Binding.backend;
        if (backend != null) {
            backend.floatReport(handle, value);
        }
    }

    /** The name as defined. */
    public String name() {
        return name;
    }

    @Override
    public String toString() {
        return "FloatDistribution[" + name + "]";
    }
}
