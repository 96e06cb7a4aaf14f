package io.hudprof.api;

/** The handle {@link GpuZone#enter()} and {@link PassZone#enter()} return; closing it ends what was entered. */
public interface GpuZoneScope extends AutoCloseable {
    /** The scope returned while nothing records: closing it does nothing. */
    GpuZoneScope NONE = NoScope.INSTANCE;

    /** Ends what was entered. Never throws. */
    @Override
    void close();
}
