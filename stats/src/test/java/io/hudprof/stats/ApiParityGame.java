package io.hudprof.stats;

import io.hudprof.core.*;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.ReportMode;
import io.hudprof.stats.text.TextReport;
import io.hudprof.stats.category.Category;
import io.hudprof.stats.category.CategoryCredits;
import io.hudprof.stats.category.CategoryHistory;
import java.util.EnumSet;

/**
 * One small game written twice, once against core ({@link CoreGame}) and once against {@code hudprof-api}
 * ({@link ApiGame}), line for line the same but for the types. {@code main("core")} or {@code main("api")} runs it
 * for a few frames on a manual clock, with scripted GPU timestamps, and prints every view the report model gives
 * (each mode under each averaging, the call graph of every zone, each thread, the category credits and the
 * statistics table): {@link ApiParityTest} runs both in JVMs of their own and compares the two printouts.
 *
 * <p>The game's classes are loaded before the profiler is installed, as a libGDX core's are before its launcher
 * starts hudprof: the api's definitions are handed to core when it binds.
 */
final class ApiParityGame {
    static final int FRAMES = 12;

    private ApiParityGame() {
    }

    /** What both versions of the game do in a frame. */
    interface Game {
        void frame(ManualClock clock, int frame);
    }

    /** The game against core's own API. */
    static final class CoreGame implements Game {
        static final Zone UPDATE = Zone.define("Game:update");
        static final Zone PHYSICS = Zone.local("physics");
        static final Zone AI = Zone.define("Game:AI");
        static final Category AUDIO = Category.of("Audio");
        static final Zone MIX = AUDIO.zone("Mix");
        static final PassZone SCENE = PassZone.define("Scene");
        static final GpuZone SHADOWS = GpuZone.local("Shadows");
        static final Counter SPAWNS = Counter.define("Game/Spawns");
        static final Counter LIVE = Counter.defineLevel("Game/Live");
        static final IntDistribution BATCH =
                IntDistribution.define("Render/Batch size");
        static final FloatDistribution LOAD =
                FloatDistribution.define("Game/Load");

        @Override
        public void frame(ManualClock clock, int frame) {
            try (ZoneScope update = UPDATE.enter()) {
                clock.advanceMicros(50);
                PHYSICS.begin();
                clock.advanceMicros(200 + frame * 10);
                AI.begin();
                clock.advanceMicros(30);
                AI.end();
                PHYSICS.end();
                AI.begin();
                clock.advanceMicros(70);
                AI.end();
                SPAWNS.add(frame % 3);
                LIVE.add(frame % 2 == 0 ? 2 : -1);
            }
            try (GpuZoneScope scene = SCENE.enter()) {
                clock.advanceMicros(400);
                SHADOWS.begin();
                clock.advanceMicros(120);
                SHADOWS.end();
                BATCH.report(10 + frame);
                LOAD.report(frame * 0.25);
            }
            MIX.begin();
            clock.advanceMicros(40);
            MIX.end();
            if (frame == 3) {
                AI.begin(); // a missing end: repaired and counted at the frame's end
                clock.advanceMicros(5);
            }
            if (frame == 5) {
                MIX.end(); // an extra end: ignored and counted
            }
        }
    }

    /** The same game against {@code hudprof-api}. */
    static final class ApiGame implements Game {
        static final io.hudprof.api.Zone UPDATE = io.hudprof.api.Zone.define("Game:update");
        static final io.hudprof.api.Zone PHYSICS = io.hudprof.api.Zone.local("physics");
        static final io.hudprof.api.Zone AI = io.hudprof.api.Zone.define("Game:AI");
        static final io.hudprof.api.Category AUDIO = io.hudprof.api.Category.of("Audio");
        static final io.hudprof.api.Zone MIX = AUDIO.zone("Mix");
        static final io.hudprof.api.PassZone SCENE = io.hudprof.api.PassZone.define("Scene");
        static final io.hudprof.api.GpuZone SHADOWS = io.hudprof.api.GpuZone.local("Shadows");
        static final io.hudprof.api.Counter SPAWNS = io.hudprof.api.Counter.define("Game/Spawns");
        static final io.hudprof.api.Counter LIVE = io.hudprof.api.Counter.defineLevel("Game/Live");
        static final io.hudprof.api.IntDistribution BATCH =
                io.hudprof.api.IntDistribution.define("Render/Batch size");
        static final io.hudprof.api.FloatDistribution LOAD = io.hudprof.api.FloatDistribution.define("Game/Load");

        @Override
        public void frame(ManualClock clock, int frame) {
            try (io.hudprof.api.ZoneScope update = UPDATE.enter()) {
                clock.advanceMicros(50);
                PHYSICS.begin();
                clock.advanceMicros(200 + frame * 10);
                AI.begin();
                clock.advanceMicros(30);
                AI.end();
                PHYSICS.end();
                AI.begin();
                clock.advanceMicros(70);
                AI.end();
                SPAWNS.add(frame % 3);
                LIVE.add(frame % 2 == 0 ? 2 : -1);
            }
            try (io.hudprof.api.GpuZoneScope scene = SCENE.enter()) {
                clock.advanceMicros(400);
                SHADOWS.begin();
                clock.advanceMicros(120);
                SHADOWS.end();
                BATCH.report(10 + frame);
                LOAD.report(frame * 0.25);
            }
            MIX.begin();
            clock.advanceMicros(40);
            MIX.end();
            if (frame == 3) {
                AI.begin(); // a missing end: repaired and counted at the frame's end
                clock.advanceMicros(5);
            }
            if (frame == 5) {
                MIX.end(); // an extra end: ignored and counted
            }
        }
    }

    public static void main(String[] args) {
        Game game = args[0].equals("api") ? new ApiGame() : new CoreGame();
        ManualClock clock = new ManualClock(1_000_000_000L);
        Profiler profiler = Hudprof.install(new Profiler(ProfilerConfig.builder().clock(clock).selfProfiling(false)
                .build()));
        new ScriptedGpuTimestamps(profiler, clock, 1);
        FrameStatistics statistics = FrameStatistics.builder().sensors(EnumSet.noneOf(
                Sensor.class)).attach(profiler);
        CategoryHistory categories = CategoryHistory.attach(profiler);
        for (int frame = 0; frame < FRAMES; frame++) {
            game.frame(clock, frame);
            clock.advanceMicros(100);
            profiler.update();
        }
        StringBuilder out = new StringBuilder(16_384);
        ReportController controller = ReportController.of(profiler);
        Report report = new Report();
        for (Averaging averaging : Averaging.values()) {
            controller.setAveraging(averaging);
            for (ReportMode mode : ReportMode.values()) {
                controller.setMode(mode);
                view(controller, report, mode + " " + averaging, out);
            }
        }
        controller.setAveraging(Averaging.INSTANTANEOUS);
        controller.setMode(ReportMode.CALL_GRAPH);
        java.util.List<Zone> zones = new java.util.ArrayList<>();
        for (int id = 0; id < Zone.count(); id++) {
            zones.add(Zone.byId(id));
        }
        zones.sort(java.util.Comparator.comparing(Zone::name));
        for (Zone zone : zones) {
            controller.showCallGraph(zone);
            view(controller, report, "call graph of " + zone.name(), out);
        }
        controller.setMode(ReportMode.SELF_TIME);
        int first = controller.thread();
        do {
            view(controller, report, "thread " + controller.thread(), out);
        } while (controller.cycleThread(1) != first);
        controller.setFrame(4);
        view(controller, report, "four frames ago", out);
        CategoryCredits credits = categories.lastFrame();
        out.append("== categories\n");
        for (int id = 0; id < Category.count(); id++) {
            Category category = Category.byId(id);
            out.append(category.path()).append(' ').append(credits.total(id)).append(' ').append(credits.own(id))
                    .append('\n');
        }
        System.out.print(out);
        System.out.println("== parity game done");
    }

    private static void view(ReportController controller, Report report, String title, StringBuilder out) {
        controller.build(report);
        out.append("== ").append(title).append('\n');
        TextReport.append(report, out);
    }
}
