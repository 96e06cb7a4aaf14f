package io.hudprof.core;

/**
 * The handle {@link GpuZone#enter()} and {@link PassZone#enter()} return; closing it ends the zone. It is the zone
 * object itself (nothing is allocated per entry), so keep it only inside its try block.
 */
public interface GpuZoneScope extends AutoCloseable {
    /** The scope returned while profiling or GPU timing is off: closing it does nothing. */
    GpuZoneScope NONE = () -> { };

    /** Ends the zone this scope was entered for. Never throws. */
    @Override
    void close();
}
