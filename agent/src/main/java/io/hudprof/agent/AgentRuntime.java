package io.hudprof.agent;

import io.hudprof.capture.file.CaptureWriter;
import io.hudprof.capture.file.Captures;
import io.hudprof.core.ProfilerConfig;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import io.hudprof.core.Averaging;
import io.hudprof.core.Hudprof;
import io.hudprof.core.Profiler;
import io.hudprof.core.Zone;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.ReportMode;
import io.hudprof.stats.text.TextReport;
import io.hudprof.stats.FrameStatistics;
import io.hudprof.stats.Stats;
import java.io.PrintStream;
import java.util.concurrent.locks.LockSupport;

/**
 * The running agent: the profiler it installed, its statistics, who updates it (the frame hook, a period thread, or
 * the game itself), and what it prints at exit. It never touches LWJGL: the GL side ({@link SwapHook}) is created
 * at the first hooked buffer swap, so a game without LWJGL never loads it.
 */
final class AgentRuntime {
    private final AgentOptions options;
    private final AgentLog log;
    private final GameClassTransformer transformer;
    private final Profiler profiler;
    private final UpdateOwner owner;
    private volatile FrameStatistics statistics;
    private volatile boolean gameDrawsHud;
    private volatile Thread periodThread;
    private SwapHook swapHook;
    private final CaptureWriter capture;
    private boolean swapHookFailed;

    AgentRuntime(AgentOptions options, AgentLog log, GameClassTransformer transformer) {
        this.options = options;
        this.log = log;
        this.transformer = transformer;
        this.profiler = options.capture == null || Hudprof.profiler() != null ? Hudprof.start()
                // capture=FILE: the capture is made of the threads' timelines, which the default profile keeps none of
                // (2^18 events, 3.4 MB, a thread: a frame with more events on one thread is lost and counted).
                : Hudprof.install(new Profiler(ProfilerConfig.builder().timelineCapacity(1 << 18).build()));
        this.owner = new UpdateOwner(profiler);
        FrameStatistics.Builder stats = FrameStatistics.builder();
        if (options.sensors != null) {
            stats.sensors(options.sensors);
        }
        this.statistics = stats.attach(profiler);
        this.capture = startCapture();
    }

    /** {@code capture=FILE}: from the first frame; a failure to start is one line, and the game goes on. */
    private CaptureWriter startCapture() {
        if (options.capture == null) {
            return null;
        }
        try {
            CaptureWriter writer = Captures.of(profiler).title("hudprof agent").writeTo(options.capture);
            log.info("capturing every frame to " + options.capture.toAbsolutePath() + " (written at exit)");
            return writer;
        } catch (IOException | IllegalStateException e) {
            log.info("capture=" + options.capture + " cannot be written, no capture: " + e.getMessage());
            return null;
        }
    }

    AgentOptions options() {
        return options;
    }

    AgentLog log() {
        return log;
    }

    Profiler profiler() {
        return profiler;
    }

    UpdateOwner owner() {
        return owner;
    }

    /** Whether a period thread updates the profiler (then the frame hook neither updates nor draws). */
    boolean periodDriven() {
        return periodThread != null;
    }

    boolean drawsHud() {
        return !gameDrawsHud;
    }

    void gameDrawsHud() {
        if (!gameDrawsHud) {
            gameDrawsHud = true;
            log.info("the game creates its own HUD (Overlay.create): the agent draws none");
        }
    }

    /** The game took over the updates: its own statistics, if any, are the ones that count. */
    void gameUpdates(String reason) {
        log.info(reason + ": the agent does not update the profiler");
        FrameStatistics own = statistics;
        if (own != null) {
            own.detach();
            statistics = null;
        }
    }

    void beforeSwap(long window) {
        if (swapHookFailed) {
            return;
        }
        try {
            synchronized (this) {
                if (swapHook == null) {
                    swapHook = new SwapHook(this);
                }
            }
            swapHook.beforeSwap(window);
        } catch (Throwable t) {
            swapHookFailed = true;
            log.info("the frame hook failed and is off from now on (the game goes on): " + t);
        }
    }

    /** Said once, at the first hooked swap: the frame was found, and what instrumenting cost so far. */
    void frameFound(Thread thread, long window) {
        log.info("frame hook: GLFW buffer swaps of window 0x" + Long.toHexString(window) + " on thread \""
                + thread.getName() + "\" end the frames; " + transformer.summary());
    }

    /** Updates every {@code period} on a daemon thread of its own, for a game whose frame the agent cannot see. */
    void startPeriodUpdates(String why) {
        long period = options.periodNanos;
        if (period == 0) {
            log.info(why + "; period=off, so nothing updates the profiler");
            return;
        }
        log.info(why + "; updating every " + period / 1_000_000 + " ms on thread hudprof-period instead"
                + " (option period=N ms, or period=off)");
        Thread thread = new Thread(() -> {
            long next = System.nanoTime() + period;
            while (true) {
                LockSupport.parkNanos(next - System.nanoTime());
                if (Thread.currentThread().isInterrupted()) {
                    // Stopped at exit: no last sliver of a frame, so the exit report shows a whole period.
                    return;
                }
                next += period;
                profiler.update();
            }
        }, "hudprof-period");
        thread.setDaemon(true);
        periodThread = thread;
        thread.start();
    }

    /** The exit report ({@code report=exit}), and the agent's summary line in any case. */
    void atExit(PrintStream out) {
        Thread period = periodThread;
        if (period != null) {
            period.interrupt();
            try {
                period.join(1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (capture != null) {
            try {
                Path file = capture.finish().get(30, TimeUnit.SECONDS);
                log.info("capture " + file.toAbsolutePath() + ": " + capture.framesTaken() + " frames, "
                        + capture.framesDropped() + " the writer could not take");
            } catch (Exception e) {
                log.info("capture " + options.capture + " was not written: " + e);
            }
        }
        String reason = owner.gameReason();
        log.info(profiler.recordedFrames() + " frames recorded, updated by "
                + (reason != null ? "the game" : period != null ? "the period thread" : "the frame hook") + "; "
                + transformer.summary());
        if (!options.reportAtExit) {
            return;
        }
        StringBuilder text = new StringBuilder();
        ReportController controller = ReportController.of(profiler);
        Report report = new Report();
        controller.setFrame(0);
        controller.setAveraging(Averaging.INSTANTANEOUS);
        controller.setMode(ReportMode.SELF_TIME);
        controller.build(report);
        text.append("== hudprof report: self time, last frame ==\n");
        TextReport.append(report, text);
        if (options.callGraph != null) {
            Zone focus = findZone(options.callGraph);
            if (focus == null) {
                text.append("== hudprof report: no zone named ").append(options.callGraph).append(" ==\n");
            } else {
                controller.showCallGraph(focus);
                controller.build(report);
                text.append("== hudprof report: call graph of ").append(focus.name()).append(", last frame ==\n");
                TextReport.append(report, text);
            }
        }
        text.append("== hudprof statistics ==\n").append(Stats.report());
        out.print(text);
        out.flush();
    }

    /** The zone with this name (or name without category), case ignored, or null. */
    static Zone findZone(String name) {
        for (int id = 0; id < Zone.count(); id++) {
            Zone zone = Zone.byId(id);
            if (zone != null && !zone.isThreadRoot() && !zone.isOverflow()
                    && (zone.name().equalsIgnoreCase(name) || zone.shortName().equalsIgnoreCase(name))) {
                return zone;
            }
        }
        return null;
    }
}
