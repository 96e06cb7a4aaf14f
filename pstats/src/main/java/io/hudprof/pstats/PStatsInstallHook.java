package io.hudprof.pstats;

import io.hudprof.core.InstallHook;
import io.hudprof.core.Profiler;

/**
 * Streams every installed profiler to the PStats server that {@code -Dhudprof.pstats=HOST[:PORT]} or
 * {@code HUDPROF_PSTATS} names, with no code in the game: core finds this class on the class path
 * ({@code META-INF/services/io.hudprof.core.InstallHook}) and calls it from {@code Hudprof.start()} and
 * {@code Hudprof.install(...)}. With neither set it does nothing; a bad value stops start-up with a message that
 * names the accepted forms. See {@link PStatsClient#startFromProperties(Profiler)}.
 */
public final class PStatsInstallHook implements InstallHook {
    /** Called by {@link java.util.ServiceLoader}. */
    public PStatsInstallHook() {
    }

    @Override
    public void installed(Profiler profiler) {
        PStatsClient.startFromProperties(profiler);
    }
}
