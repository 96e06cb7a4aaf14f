package io.hudprof.viewer;

import io.hudprof.core.Hudprof;
import io.hudprof.core.ManualClock;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.Zone;
import io.hudprof.pstats.PStatsClient;
import java.util.Map;

/**
 * A scripted hudprof game in its own JVM (zones record into the one installed profiler, so the game and the viewer
 * cannot share a process): a manual clock moves in steps of 2^-9 s, which PStats' float32 seconds hold exactly; it
 * streams to {@code 127.0.0.1:<port>} over TCP (or, with a third argument {@code udp}, as the client does by default). A second thread, {@code worker}, runs a job zone while the main
 * thread renders (they hand over explicitly, so the manual clock is read in a fixed order). Prints, per frame, its own profile as
 * {@code frame N nanos} and {@code zone N name self calls} lines, then {@code dropped D}. A fourth argument adds that
 * many steps to each frame's AI (two games, two profiles); a fifth, {@code wait}, keeps the game connected after its
 * last frame until a line arrives on its standard input.
 */
public final class RemoteGame {
    static final long STEP = 1_953_125L;
    static final Zone UPDATE = Zone.define("Update");
    static final Zone PHYSICS = Zone.define("Update:Physics");
    static final Zone AI = Zone.define("Update:AI");
    static final Zone RENDER = Zone.define("Render");
    static final Zone SORT = Zone.local("Render:Sort");
    static final Zone JOB = Zone.define("Jobs:Stream");

    private RemoteGame() {
    }

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        int frames = Integer.parseInt(args[1]);
        boolean udp = args.length > 2 && args[2].equals("udp");
        int extraSteps = args.length > 3 ? Integer.parseInt(args[3]) : 0;
        boolean wait = args.length > 4 && args[4].equals("wait");
        ManualClock clock = new ManualClock(STEP * 1000);
        Profiler profiler = Hudprof.install(new Profiler(ProfilerConfig.builder().clock(clock).selfProfiling(false)
                .build()));
        PStatsClient client = PStatsClient.connect(profiler, "127.0.0.1", port,
                PStatsClient.Options.defaults().withMaxRate(100_000).withUdp(udp).withLog(System.err::println));
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (!client.connected() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        java.util.concurrent.SynchronousQueue<Boolean> toWorker = new java.util.concurrent.SynchronousQueue<>();
        java.util.concurrent.SynchronousQueue<Boolean> fromWorker = new java.util.concurrent.SynchronousQueue<>();
        Thread worker = new Thread(() -> {
            try {
                while (toWorker.take()) {
                    JOB.begin();
                    fromWorker.put(true);
                    toWorker.take();
                    JOB.end();
                    fromWorker.put(true);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "worker");
        worker.start();
        profiler.update(false);
        for (int f = 1; f <= frames; f++) {
            clock.advance(STEP);
            UPDATE.begin();
            clock.advance(STEP);
            for (int i = 0; i < 1 + f % 3; i++) {
                PHYSICS.begin();
                clock.advance(STEP * (1 + (f + i) % 2));
                PHYSICS.end();
            }
            AI.begin();
            clock.advance(STEP * (f % 4 + extraSteps));
            AI.end();
            UPDATE.end();
            RENDER.begin();
            toWorker.put(true);
            fromWorker.take();
            clock.advance(STEP * 2);
            toWorker.put(true);
            fromWorker.take();
            SORT.begin();
            clock.advance(STEP * (1 + f % 5));
            SORT.end();
            RENDER.end();
            clock.advance(STEP);
            profiler.update();
            ProfileFrames.Frame frame = ProfileFrames.snapshot(profiler);
            long n = profiler.recordedFrames();
            System.out.println("frame " + n + " " + frame.nanos());
            for (Map.Entry<String, Long> e : frame.self().entrySet()) {
                System.out.println("zone " + n + " " + e.getKey() + " " + e.getValue() + " "
                        + frame.calls().get(e.getKey()));
            }
            // About 200 frames a second: the sender and the viewer keep up, so nothing is dropped on either side.
            Thread.sleep(5);
            while (client.queuedFrames() > 4) {
                Thread.sleep(1);
            }
        }
        while (client.queuedFrames() > 0) {
            Thread.sleep(1);
        }
        toWorker.put(false);
        worker.join();
        System.out.println("dropped " + client.droppedFrames());
        System.out.flush();
        if (wait) {
            new java.io.BufferedReader(new java.io.InputStreamReader(System.in, java.nio.charset.StandardCharsets.UTF_8))
                    .readLine();
        }
        client.close();
    }
}
