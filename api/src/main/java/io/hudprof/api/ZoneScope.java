package io.hudprof.api;

/**
 * The handle {@link Zone#enter()} returns; closing it ends the zone. The handle is shared and reused, never allocated
 * per entry, so keep it only inside its try block:
 *
 * <pre>{@code
 * try (ZoneScope z = PHYSICS.enter()) {
 *     stepPhysics();
 * }
 * }</pre>
 */
public interface ZoneScope extends AutoCloseable {
    /** The scope returned while nothing records (no backend bound, or profiling off): closing it does nothing. */
    ZoneScope NONE = NoScope.INSTANCE;

    /** Ends the innermost zone that was opened with {@link Zone#enter()} on this thread. Never throws. */
    @Override
    void close();
}
