package io.hudprof.core;

/**
 * The service a GL backend installs ({@link GpuTrack#install(GpuTimestamps)}) so {@link GpuZone}s can take GPU
 * timestamps; {@code core} itself never touches OpenGL. The overlay's {@code GpuTimer} is the implementation.
 *
 * <p>Called on the hot path of every GPU zone transition, on whatever thread entered the zone: an implementation
 * checks the thread and context itself, never throws, never allocates, and counts what it refuses
 * ({@link GpuTrack#count(Problem)}). It later hands the resolved intervals back through
 * {@link GpuTrack#frameResolved(long, int[], long[], int)}.
 */
public interface GpuTimestamps {
    /** Takes the timestamp that opens GPU zone {@code zoneId} ({@link Zone#id()} of {@link GpuZone#zone()}). */
    void begin(int zoneId);

    /** Takes the timestamp that closes GPU zone {@code zoneId}. */
    void end(int zoneId);
}
