package io.hudprof.stats;

import io.hudprof.core.Hudprof;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;

/**
 * The profiler an engine adapter profiles with: the one the game installed with {@link Hudprof}, or else one the
 * lease installs with the default configuration; per-frame {@link FrameStatistics} attached unless the game attached
 * them already. {@link #close()} gives back exactly what the lease took: it detaches the statistics it attached and
 * uninstalls the profiler it installed (when that is still the installed one), and leaves the game's own alone.
 */
public final class ProfilerLease implements AutoCloseable {
    private final Profiler profiler;
    private final boolean ownsProfiler;
    private final FrameStatistics statistics;

    private ProfilerLease(Profiler profiler, boolean ownsProfiler, FrameStatistics statistics) {
        this.profiler = profiler;
        this.ownsProfiler = ownsProfiler;
        this.statistics = statistics;
    }

    /** Takes the installed profiler, or installs one, and makes sure it has per-frame statistics. */
    public static ProfilerLease acquire() {
        Profiler installed = Hudprof.profiler();
        boolean owns = installed == null;
        Profiler profiler = owns ? Hudprof.install(new Profiler(ProfilerConfig.defaults())) : installed;
        FrameStatistics attached = FrameStatistics.attachedTo(profiler) == null ? FrameStatistics.attach(profiler) : null;
        return new ProfilerLease(profiler, owns, attached);
    }

    /** The profiler zones record into. */
    public Profiler profiler() {
        return profiler;
    }

    /** Detaches the statistics this lease attached and uninstalls the profiler it installed. */
    @Override
    public void close() {
        if (statistics != null) {
            statistics.detach();
        }
        if (ownsProfiler && Hudprof.profiler() == profiler) {
            Hudprof.uninstall();
        }
    }
}
