package io.hudprof.core;

/**
 * An add-on that starts itself, with no code in the game, when a profiler is installed: found on the class path
 * with {@link java.util.ServiceLoader} (a {@code META-INF/services/io.hudprof.core.InstallHook} file in the add-on's
 * jar) and called by {@link Hudprof#start()} and {@link Hudprof#install(Profiler)}. This is how
 * {@code -Dhudprof.pstats=HOST} streams to a PStats server wherever hudprof starts (the demo, the engine adapters,
 * the agent) without core knowing the PStats module.
 *
 * <p>Called on the installing thread, once per install (so possibly more than once for one profiler: an
 * implementation keeps what it started per profiler). It should decide quickly from properties what to do and leave
 * the game's frame alone. An {@link IllegalArgumentException} (a bad property value) propagates to the caller, so a
 * configuration error stops start-up with its message; anything else it throws is logged once and ignored.
 */
public interface InstallHook {
    /**
     * {@code profiler} was just installed.
     *
     * @throws IllegalArgumentException when the add-on's configuration is not valid, naming the fix
     */
    void installed(Profiler profiler);
}
