package io.hudprof.demo;

import static org.lwjgl.opengl.GL11C.GL_NO_ERROR;
import static org.lwjgl.opengl.GL11C.glGetError;
import static org.lwjgl.glfw.GLFW.glfwPollEvents;

import io.hudprof.core.Hudprof;
import io.hudprof.core.report.ReportController;
import io.hudprof.stats.FrameStatistics;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.GpuZone;
import io.hudprof.core.GpuZoneScope;
import io.hudprof.core.Zone;
import io.hudprof.capture.TraceExporter;
import io.hudprof.capture.file.CaptureWriter;
import io.hudprof.capture.file.Captures;
import io.hudprof.capture.file.SpikeFiles;
import io.hudprof.capture.jfr.JfrFrames;
import io.hudprof.capture.Spike;
import io.hudprof.capture.SpikeCapture;
import io.hudprof.capture.SpikeRule;
import io.hudprof.core.ZoneScope;
import io.hudprof.demo.gfx.Camera;
import io.hudprof.demo.gfx.GameWindow;
import io.hudprof.demo.gfx.GlDebugLog;
import io.hudprof.demo.gfx.Renderer;
import io.hudprof.demo.sim.SimWorkers;
import io.hudprof.demo.sim.PilotInput;
import io.hudprof.demo.sim.Ships;
import io.hudprof.demo.sim.Slowdown;
import io.hudprof.demo.sim.World;
import io.hudprof.overlay.GpuTimer;
import io.hudprof.overlay.Overlay;
import io.hudprof.overlay.OverlayConfig;
import java.io.PrintStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One run of the game: opens the window, builds the world, renderer, input and HUD, runs the frame loop, and at the
 * end saves the screenshot, prints the report and a summary line, and works out the exit code. A frame is: input,
 * simulation, rendering, {@code Hudprof.update()}, the HUD drawn last over the game, then the swap.
 */
final class DemoApp {
    /** Frames either side of a spike in its capture file (--spike-captures). */
    static final int SPIKE_CAPTURE_AROUND = 10;
    private static final Zone INPUT = Zone.local("Input");
    private static final Zone RENDER = Zone.local("Render");
    private static final Zone SWAP = Zone.local("Swap");
    private static final Zone SCREENSHOT = Zone.local("Screenshot");
    private static final Zone FORCED_GC = Zone.local("Forced GC");
    /** The HUD's GPU cost, beside the CPU zones hudprof times it with. */
    private static final GpuZone HUD_GPU = GpuZone.local("HUD");
    /** Frames a trace export holds (--export and the HUD's X key). */
    private static final int EXPORT_FRAMES = 120;

    /** Exit code when the driver reported GL errors. */
    static final int GL_ERRORS = 3;

    private final DemoOptions options;
    private final PrintStream out;
    private final PrintStream err;
    private final PilotInput pilot = new PilotInput();
    private final Camera camera = new Camera();
    private final int[] framebuffer = new int[2];

    DemoApp(DemoOptions options, PrintStream out, PrintStream err) {
        this.options = options;
        this.out = out;
        this.err = err;
    }

    /** Runs the game and returns the process exit code. */
    int run() throws UsageException {
        // The thread's name becomes its root row in the report; under exec:java it would be the plugin's long name.
        Thread.currentThread().setName("main");
        // --uninstrumented: a game with no hudprof calls (what the -javaagent tests run); null profiler, no HUD.
        // Allocation per zone is on in the demo unless -Dhudprof.alloc says otherwise: T in the HUD shows it, J makes
        // the particle update allocate.
        if (System.getProperty(ProfilerConfig.ALLOCATION_PROPERTY) == null) {
            System.setProperty(ProfilerConfig.ALLOCATION_PROPERTY, "zones");
        }
        Profiler profiler = options.uninstrumented ? null : startProfiler();
        SpikeCapture spikes = null;
        if (profiler != null) {
            // Counters, JVM sensors, the statistics report mode (M) and value charts (C) in the HUD.
            FrameStatistics.attach(profiler);
            // Spikes (the A* re-plans, a GC forced with F9) are kept with their full frame; GC pauses are noted.
            SpikeCapture.Builder spikeBuilder = SpikeCapture.builder().rule(spikeRule()).gcNotes(true);
            if (options.spikeCaptures != null) {
                spikeBuilder.framesAfter(SPIKE_CAPTURE_AROUND);
            }
            spikes = spikeBuilder.attach(profiler);
            if (options.spikeCaptures != null) {
                // Each spike, with its neighbours, as a capture the viewer opens (copied on a spike only).
                SpikeFiles.writeEach(spikes, options.spikeCaptures, SPIKE_CAPTURE_AROUND);
            }
            // One io.hudprof.Frame event per frame while a JFR recording runs (-XX:StartFlightRecording), for JDK
            // Mission Control; a single isEnabled() check per frame otherwise.
            JfrFrames.attach(profiler);
        }
        World world = new World(options.seed, options.rocks, options.hunters);
        camera.lookAt(world.ships.x[Ships.PLAYER], world.ships.y[Ships.PLAYER]);
        // The particle update on a ForkJoinPool: the threads view, timeline and [workers] rows have something to show.
        try (SimWorkers workers = options.workers > 0 ? new SimWorkers(options.workers) : null;
             GameWindow window = GameWindow.open("hudprof demo (F3: profiler)", options.width, options.height,
                options.headless, options.glDebug, options.vsync)) {
            world.useWorkers(workers);
            out.println("hudprof demo: OpenGL " + window.description());
            GlDebugLog debug = options.glDebug ? GlDebugLog.install(window.capabilities(), out) : null;
            long glErrors;
            try {
                glErrors = play(profiler, spikes, world, window);
            } finally {
                if (debug != null) {
                    debug.close();
                }
            }
            long reported = glErrors + (debug == null ? 0 : debug.errors());
            out.println("hudprof demo: GL errors " + reported);
            return reported > 0 ? GL_ERRORS : 0;
        }
    }

    /**
     * The profiler: the one already installed (an agent's), else one that keeps a timeline of recent events per
     * thread, so traces (--export, the HUD's X key) and spikes hold every zone's begin and end. The demo writes about
     * 5000 events a frame on its main thread, so 2^20 events (12 MiB) hold about 200 frames.
     */
    private static Profiler startProfiler() {
        Profiler installed = Hudprof.profiler();
        return installed != null ? installed
                : Hudprof.install(new Profiler(ProfilerConfig.builder().timelineCapacity(1 << 20).build()));
    }

    /**
     * -Dhudprof.spike when given; else a frame 2.5 × the moving average and at least 4 ms, which catches the A*
     * re-plans whether or not the frame rate is capped by vsync, or any frame over 2 target frames.
     */
    private static SpikeRule spikeRule() {
        String configured = System.getProperty(SpikeRule.PROPERTY);
        return configured != null && !configured.isBlank() ? SpikeRule.configured(60)
                : SpikeRule.forTargetFps(60).withAverageFactor(2.5).withMinMs(4);
    }

    private long play(Profiler profiler, SpikeCapture spikes, World world, GameWindow window)
            throws UsageException {
        long handle = window.handle();
        try (Renderer renderer = new Renderer(world);
             GameInput input = GameInput.install(handle, camera);
             Overlay hud = profiler == null ? null : Overlay.create(profiler, OverlayConfig.builder()
                     .startVisible(options.hud).contentScale(Overlay.contentScaleOf(handle))
                     .gpuTiming(options.gpuTiming).opaquePanels(options.opaqueHud)
                     .refreshInterval(java.time.Duration.ofMillis(options.hudRefreshMillis))
                     .keepPixels(options.hudKeepPixels).build())) {
            TraceExporter exporter = spikes == null ? null
                    : TraceExporter.of(profiler, spikes.times(), spikes.notes());
            if (hud != null) {
                // Installed after the game's own callback, so the HUD sees keys first and passes on the rest.
                hud.installKeys(handle);
                // The game's scroll zoom still gets the wheel everywhere outside the HUD's panels.
                hud.installMouse(handle);
                hud.controls().spikes(spikes);
                hud.controls().traceExport(exporter, Path.of("").toAbsolutePath(), EXPORT_FRAMES);
                // Shift+X: a .hudprof capture of the frames from here on, until pressed again.
                hud.controls().captureKey(Path.of("").toAbsolutePath());
            }
            Zone focus = options.callGraph == null ? null : Zones.find(options.callGraph);
            if (focus != null) {
                ReportController.of(profiler).showCallGraph(focus);
            }
            // --slow: resolved here, where the world's, renderer's and this class's zones all exist.
            Slowdown.slow(Zones.slowTable(options.slow));
            CaptureWriter capture = startCapture(profiler);
            try {
                long frames = frames(profiler, spikes, world, window, renderer, input, hud, exporter, focus);
                finishCapture(capture);
                return frames;
            } finally {
                Slowdown.clear();
                if (capture != null) {
                    capture.finish();
                }
            }
        }
    }

    private long frames(Profiler profiler, SpikeCapture spikes, World world, GameWindow window, Renderer renderer,
                        GameInput input, Overlay hud, TraceExporter exporter, Zone focus) throws UsageException {
        long handle = window.handle();
        long start = System.nanoTime();
        long previous = start;
        long nextTitle = start + 1_000_000_000L;
        int titleFrame = 0;
        int frame = 0;
        boolean captured = false;
        ReplanSpikes replanSpikes = new ReplanSpikes();
        OwnSpikes ownSpikes = new OwnSpikes();
        // With --frames, every frame's wall time (swap to swap) for the summary line at exit.
        FrameTimes frameTimes = options.frames > 0 ? new FrameTimes(options.frames) : null;
        // With --frames and hudprof on, hudprof's own game-thread work per frame, for one line at exit.
        HudprofCost cost = frameTimes != null && hud != null ? new HudprofCost(profiler, options.frames) : null;
        while (!window.shouldClose() && (options.frames == 0 || frame < options.frames)) {
            frame++;
            long now = System.nanoTime();
            float dt = options.fixedDt > 0 ? options.fixedDt : Math.min(0.1f, (now - previous) / 1e9f);
            if (frameTimes != null && frame > 1) {
                frameTimes.record(now - previous);
            }
            previous = now;
            try (ZoneScope z = Slowdown.enter(INPUT)) {
                glfwPollEvents();
                options.keys.apply(handle, frame);
                input.read(pilot, dt);
                world.particles.makeGarbage = (input.garbageToggles() & 1) == 1;
                renderer.heavyBackground((input.heavyToggles() & 1) == 1);
            }
            if (input.takeGcRequest()) {
                try (ZoneScope z = Slowdown.enter(FORCED_GC)) {
                    System.gc();
                }
            }
            int replansBefore = world.replans();
            world.step(dt, pilot);
            camera.follow(world.ships.x[Ships.PLAYER], world.ships.y[Ships.PLAYER], dt);
            window.framebufferSize(framebuffer);
            try (ZoneScope z = Slowdown.enter(RENDER)) {
                renderer.draw(camera, framebuffer[0], framebuffer[1], world.time());
            }
            if (hud != null) {
                long cpuBefore = cost != null ? cost.cpuNow() : 0;
                long wallBefore = System.nanoTime();
                long gcsBefore = ownSpikes.collections();
                long allocatedBefore = cost != null ? cost.allocatedNow() : 0;
                Hudprof.update();
                if (cost != null) {
                    cost.updateAllocated(frame, cost.allocatedNow() - allocatedBefore);
                    cost.updateCpu(cost.cpuNow() - cpuBefore);
                }
                if (world.replans() != replansBefore && spikes != null) {
                    replanSpikes.replanned(profiler, spikes);
                }
                if (spikes != null) {
                    ownSpikes.frameEnded(profiler, spikes);
                }
                // hudprof's own zones (hudprof:HUD draw list, hudprof:HUD GL submit) time the HUD on the CPU.
                try (GpuZoneScope g = HUD_GPU.enter()) {
                    hud.render(framebuffer[0], framebuffer[1]);
                }
                if (cost != null) {
                    cost.frame();
                    // What the game thread spent in hudprof's calls (update and HUD), CPU and wall: a spike blamed on
                    // hudprof's zones in the next recorded frame is told apart from the thread being descheduled.
                    ownSpikes.ownCallsTook(cost.cpuNow() - cpuBefore, System.nanoTime() - wallBefore,
                            ownSpikes.collections() - gcsBefore);
                }
            }
            if (options.screenshot != null && frame == options.frames) {
                try (ZoneScope z = Slowdown.enter(SCREENSHOT)) {
                    saveScreenshot(options.screenshot, framebuffer[0], framebuffer[1]);
                }
                captured = true;
            }
            try (ZoneScope z = Slowdown.enter(SWAP)) {
                window.swapBuffers();
            }
            if (!options.headless && now >= nextTitle) {
                // Once a second, so the String it builds is no per-frame cost.
                window.setTitle("hudprof demo | " + (frame - titleFrame) + " fps | " + renderer.drawnRocks()
                        + " rocks, " + renderer.drawnSprites() + " sprites drawn | kills " + world.kills()
                        + ", deaths " + world.deaths() + " | F3: profiler, J: garbage, Esc: quit");
                titleFrame = frame;
                nextTitle = now + 1_000_000_000L;
            }
        }
        if (options.screenshot != null && !captured) {
            // The window was closed before the last frame: draw one more to capture what the player saw.
            renderer.draw(camera, framebuffer[0], framebuffer[1], world.time());
            if (hud != null) {
                hud.render(framebuffer[0], framebuffer[1]);
            }
            saveScreenshot(options.screenshot, framebuffer[0], framebuffer[1]);
        }
        if (frameTimes != null) {
            // The last frame ends here: its swap is done.
            frameTimes.record(System.nanoTime() - previous);
        }
        long glErrors = drainGlErrors();
        double seconds = (System.nanoTime() - start) / 1e9;
        if (options.report && profiler != null) {
            ExitReport.print(profiler, focus, out);
        }
        if (spikes != null) {
            printSpikes(spikes);
            out.println("hudprof demo: " + replanSpikes);
            out.println("hudprof demo: " + ownSpikes.summary(spikes));
        }
        if (exporter != null) {
            exportAtExit(exporter);
            exporter.close();
        }
        if (spikes != null) {
            finishSpikeExports(spikes);
        }
        if (options.screenshot != null) {
            out.println("hudprof demo: screenshot " + options.screenshot.toAbsolutePath());
        }
        if (hud != null && hud.gpuTimer() != null) {
            printGpu(hud.gpuTimer(), profiler);
        }
        out.printf("hudprof demo: %d frames in %.1f s (%.1f fps), seed %d, %d rocks, %d hunters, %d raycasts,"
                        + " %d path re-plans, kills %d, deaths %d, %d scripted key events, %d key events reached the"
                        + " game, world checksum %016x%n",
                frame, seconds, frame / Math.max(seconds, 1e-9), options.seed, options.rocks, options.hunters,
                world.raycasts(), world.replans(), world.kills(), world.deaths(), options.keys.events(),
                input.keyEvents(), world.checksum());
        String times = frameTimes == null ? null : frameTimes.summary();
        if (times != null) {
            out.println("hudprof demo: " + times);
        }
        String own = cost == null ? null : cost.summary();
        if (own != null) {
            out.println("hudprof demo: " + own);
        }
        return glErrors;
    }

    /** The overlay's screenshot, its I/O failure turned into the demo's one unchecked error. */
    private static void saveScreenshot(java.nio.file.Path file, int width, int height) {
        try {
            io.hudprof.overlay.Screenshot.save(file, width, height);
        } catch (java.io.IOException e) {
            throw new IllegalStateException("cannot write the screenshot " + file + ": " + e.getMessage(), e);
        }
    }

    /** The GPU timer's summary at exit: how many frames came back, how late, and the polls that found nothing. */
    private void printGpu(GpuTimer timer, Profiler profiler) {
        if (!timer.available()) {
            out.println("hudprof demo: " + timer.unavailableReason());
            return;
        }
        out.println("hudprof demo: GPU zones: " + timer.framesResolved() + " frames resolved, "
                + timer.pollsUnavailable() + " polls found results not ready (never waited on), "
                + profiler.problemsTotal(io.hudprof.core.Problem.GPU_FRAME_DROPPED) + " frames dropped (" + timer.lostFrames() + " lost by the driver), live GPU "
                + "numbers " + profiler.data().gpuFramesLate() + " frames late, calibration took "
                + timer.calibrationNanos() / 1000 + " us");
    }

    /** The spike summary at exit: the worst and most recent three, and every held spike with a note (a GC). */
    private void printSpikes(SpikeCapture spikes) {
        out.println("hudprof demo: " + spikes.captured() + " spikes caught (rule " + spikes.rule() + "), "
                + spikes.slotGrowthsInUpdate() + " grew a spike slot inside update()");
        for (int i = 0; i < spikes.worstCount(); i++) {
            Spike spike = spikes.worst(i);
            if (i < 3 || spike.noteCount() > 0) {
                printSpike("worst", spike);
            }
        }
        for (int i = 0; i < spikes.recentCount(); i++) {
            Spike spike = spikes.recent(i);
            if (i < 3 || spike.noteCount() > 0) {
                printSpike("recent", spike);
            }
        }
    }

    private void printSpike(String list, Spike spike) {
        StringBuilder line = new StringBuilder("hudprof demo: ").append(list).append(" spike #")
                .append(spike.frameNumber()).append(' ')
                .append(String.format(java.util.Locale.ROOT, "%.2f ms", spike.frameNanos() / 1e6));
        if (spike.blamesPause()) {
            line.append(", ").append(String.format(java.util.Locale.ROOT, "JVM pause %.2f ms", spike.pauseNanos() / 1e6));
        } else if (spike.grewZone() >= 0) {
            line.append(", ").append(Zone.byId(spike.grewZone()).name()).append(String.format(java.util.Locale.ROOT,
                    " +%.2f ms", spike.grewNanos() / 1e6));
        }
        for (int n = 0; n < spike.noteCount(); n++) {
            line.append("; included ").append(spike.note(n));
        }
        out.println(line);
    }

    /**
     * Detaching writes the spike exports still waiting for their notes (-Dhudprof.spike.exportDir) with what they
     * have; the writer is a daemon thread, so wait for the last one before the JVM exits.
     */
    private void finishSpikeExports(SpikeCapture spikes) {
        spikes.detach();
        if (spikes.lastExport() == null) {
            return;
        }
        try {
            out.println("hudprof demo: last spike export " + spikes.lastExport().get(60, TimeUnit.SECONDS));
        } catch (Exception e) {
            err.println("hudprof demo: a spike export failed: " + e);
        }
    }

    /** --capture: every frame of the run from the first, written by the capture's own thread. */
    private CaptureWriter startCapture(Profiler profiler) throws UsageException {
        if (options.capture == null || profiler == null) {
            return null;
        }
        try {
            return Captures.of(profiler).title("hudprof demo, seed " + options.seed).writeTo(options.capture);
        } catch (IOException | IllegalStateException e) {
            throw new UsageException("could not start the capture " + options.capture + ": " + e.getMessage());
        }
    }

    private void finishCapture(CaptureWriter capture) throws UsageException {
        if (capture == null) {
            return;
        }
        try {
            Path file = capture.finish().get(60, TimeUnit.SECONDS);
            out.println("hudprof demo: capture " + file.toAbsolutePath() + " (" + capture.framesTaken()
                    + " frames, " + capture.framesDropped() + " the writer could not take)");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            throw new UsageException("could not write the capture " + options.capture + ": " + e.getCause());
        }
    }

    private void exportAtExit(TraceExporter exporter) throws UsageException {
        if (options.export == null) {
            return;
        }
        try {
            Path file = exporter.exportRecent(EXPORT_FRAMES, options.export).get(60, TimeUnit.SECONDS);
            out.println("hudprof demo: trace " + file.toAbsolutePath());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            throw new UsageException("could not write the trace " + options.export + ": " + e.getCause());
        }
    }

    /** Errors glGetError still holds (the ones a non-debug run would otherwise never see), each printed. */
    private long drainGlErrors() {
        long count = 0;
        for (int error = glGetError(); error != GL_NO_ERROR && count < 100; error = glGetError()) {
            out.println("GL error: glGetError returned 0x" + Integer.toHexString(error));
            count++;
        }
        return count;
    }
}
