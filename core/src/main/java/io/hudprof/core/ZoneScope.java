package io.hudprof.core;

/**
 * The handle a try-with-resources zone returns; closing it ends the zone. The handle is shared and reused
 * (never allocated per entry), so keep it only inside its try block:
 *
 * <pre>{@code
 * try (ZoneScope z = PHYSICS.enter()) {
 *     stepPhysics();
 * }
 * }</pre>
 *
 * It is also {@code hudprof-api}'s scope, so the api's zones hand back the same shared handle core's do.
 */
public interface ZoneScope extends io.hudprof.api.ZoneScope {
    /** The scope returned while profiling is off: closing it does nothing. */
    ZoneScope NONE = () -> { };

    /** Ends the innermost zone that was opened with {@link Zone#enter()} on this thread. Never throws. */
    @Override
    void close();
}
