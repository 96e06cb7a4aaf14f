package io.hudprof.api;

/**
 * What records the api's calls: hudprof's core implements it and binds itself at start-up. Not for game code,
 * which only defines and enters zones.
 *
 * <p>Until a backend is bound every api call is one read of a static field and a null check. Definitions made before
 * the binding are kept, in order, and handed to the backend when it binds, so a zone kept in a {@code static final}
 * field of a class loaded before hudprof starts records like any other. One backend binds for the life of the
 * process; it decides itself, per call, whether anything records (a profiler installed and switched on).
 *
 * <p>The methods take the int ids and handles the backend's own {@code define} methods returned; they are called on
 * the game's threads and must never throw, block or allocate in steady state. A statistic whose definition the
 * backend refused keeps the handle -1, which the backend must ignore.
 */
public abstract class HudprofBackend {
    /** For subclasses: hudprof's core. */
    protected HudprofBackend() {
    }

    /**
     * Makes {@code backend} the one every api call goes to from now on, after handing it every definition made so
     * far. Binding the same backend again does nothing.
     *
     * @throws IllegalArgumentException if {@code backend} is null
     * @throws IllegalStateException if another backend is bound already
     */
    public static void bind(HudprofBackend backend) {
        Binding.bind(backend);
    }

    /** The bound backend, or {@code null} while none is. */
    public static HudprofBackend bound() {
        return Binding.backend;
    }

    /** Defines a CPU zone (public: one per name; private: a new one each call) and returns its id. */
    protected abstract int defineZone(String name, boolean isPublic);

    /** Defines a GPU zone and returns its id. */
    protected abstract int defineGpuZone(String name, boolean isPublic);

    /** Declares the category with this path (colon-separated, empty parts already dropped). */
    protected abstract void defineCategory(String path);

    /**
     * Gives zone {@code zone} (a CPU or GPU zone's id) the colour {@code rgb} ({@code 0xRRGGBB}, checked). Called
     * after the zone's definition, and again whenever the game chooses another. Does nothing unless overridden, so a
     * backend written before colours existed still binds.
     */
    protected void zoneColor(int zone, int rgb) {
    }

    /**
     * Gives the category with this path (as {@link #defineCategory} received it) the colour {@code rgb}
     * ({@code 0xRRGGBB}, checked). Does nothing unless overridden.
     */
    protected void categoryColor(String path, int rgb) {
    }

    /** Defines a counter (a level when {@code level}) and returns its handle. */
    protected abstract int defineCounter(String name, boolean level);

    /** Defines a distribution of whole values and returns its handle. */
    protected abstract int defineIntDistribution(String name);

    /** Defines a distribution of real values and returns its handle. */
    protected abstract int defineFloatDistribution(String name);

    /** Whether zones record right now (a profiler installed and switched on). */
    protected abstract boolean recording();

    /** Enters CPU zone {@code zone} on the calling thread and returns the scope that leaves it. */
    protected abstract ZoneScope enter(int zone);

    /** Enters CPU zone {@code zone} on the calling thread. */
    protected abstract void begin(int zone);

    /** Leaves CPU zone {@code zone} on the calling thread. */
    protected abstract void end(int zone);

    /** Enters GPU zone {@code zone}; returns whether it was entered (false while nothing times the GPU). */
    protected abstract boolean gpuBegin(int zone);

    /** Leaves GPU zone {@code zone}. */
    protected abstract void gpuEnd(int zone);

    /** Adds {@code n} to counter {@code counter}. */
    protected abstract void counterAdd(int counter, long n);

    /** Adds a sample to distribution {@code distribution}. */
    protected abstract void intReport(int distribution, long value);

    /** Adds a sample to distribution {@code distribution}. */
    protected abstract void floatReport(int distribution, double value);
}
