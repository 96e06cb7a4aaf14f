package game.lwjgl3;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import com.badlogic.gdx.ApplicationListener;
import com.badlogic.gdx.Gdx;
import com.badlogic.gdx.backends.lwjgl3.Lwjgl3Application;
import com.badlogic.gdx.backends.lwjgl3.Lwjgl3ApplicationConfiguration;
import com.badlogic.gdx.utils.ScreenUtils;

import io.hudprof.core.Averaging;
import io.hudprof.core.Profiler;
import io.hudprof.core.Zone;
import io.hudprof.core.report.Column;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.ReportMode;
import io.hudprof.core.report.ReportRow;
import io.hudprof.gdx.HudprofGdx;
import io.hudprof.stats.category.Category;

import game.LiftoffGame;

import org.lwjgl.Version;

/**
 * The desktop launcher, as gdx-liftoff writes one, plus hudprof's one line: {@code HudprofGdx.wrap(game)}, which
 * starts the profiler (binding hudprof-api's zones in the core module to it) and draws the HUD after each frame.
 *
 * <p>For the install test it takes two arguments, which game to run ({@code api}: the core module's
 * {@link LiftoffGame}; {@code core}: {@link CoreLiftoffGame}, the same game against core's API) and a file to write
 * the report's shape to: after {@value #FRAMES} frames with the HUD shown, it checks that the HUD drew over the left
 * of the window, and writes every row of the last frame's report in each mode, with its call count, and the call
 * graph of each game zone, the game's counter and the categories (times differ from run to run; names, counts, nesting and categories must not). Exits 0
 * when the HUD drew and the game's zones are in the report, 1 otherwise.
 */
public final class Lwjgl3Launcher {
    static final int FRAMES = 30;
    static final int W = 960;
    static final int H = 540;

    private Lwjgl3Launcher() {
    }

    public static void main(String[] args) throws IOException {
        String which = args[0];
        ApplicationListener game = which.equals("api") ? new LiftoffGame() : new CoreLiftoffGame();
        Probe probe = new Probe(HudprofGdx.wrap(game));
        Lwjgl3ApplicationConfiguration config = new Lwjgl3ApplicationConfiguration();
        config.setTitle("liftoff game (" + which + ")");
        config.setWindowedMode(W, H);
        config.setResizable(false);
        config.useVsync(false);
        config.disableAudio(true);
        new Lwjgl3Application(probe, config);

        String tag = "[liftoff-game " + which + "] ";
        if (probe.shape == null) {
            fail(tag + "the game did not run " + FRAMES + " frames");
        }
        Files.writeString(Path.of(args[1]), probe.shape, StandardCharsets.UTF_8);
        if (probe.hudPixels < W * H / 40) {
            fail(tag + "the HUD drew too few pixels over the left of the window: " + probe.hudPixels);
        }
        if (!probe.shape.contains("physics") || !probe.shape.contains("Game:AI") || !probe.shape.contains("Shapes")
                || !probe.shape.contains("Spawns frame 2.0")) {
            fail(tag + "the game's zones are missing from the report:\n" + probe.shape);
        }
        System.out.println(tag + "hudprof HUD drawn: " + probe.hudPixels + " pixels; LWJGL " + Version.getVersion()
                + "; report shape in " + args[1]);
    }

    private static void fail(String why) {
        System.out.println("FAILED: " + why);
        System.exit(1);
    }

    /** Runs the wrapped game, shows the HUD, and after the last frame reads the pixels and the report back. */
    private static final class Probe implements ApplicationListener {
        private final ApplicationListener wrapped;
        private int frames;
        int hudPixels;
        String shape;

        Probe(ApplicationListener wrapped) {
            this.wrapped = wrapped;
        }

        @Override
        public void create() {
            wrapped.create();
            HudprofGdx.hudOf(wrapped).controls().view().setVisible(true);
        }

        @Override
        public void render() {
            wrapped.render();
            if (++frames < FRAMES) {
                return;
            }
            int w = Gdx.graphics.getBackBufferWidth();
            int h = Gdx.graphics.getBackBufferHeight();
            // The game clears to black and draws from 60 % of the width: what is lit on the left is the HUD.
            byte[] rgba = ScreenUtils.getFrameBufferPixels(0, 0, w, h, false);
            for (int y = 0; y < h; y++) {
                for (int x = 0; x < w / 2; x++) {
                    int at = (y * w + x) * 4;
                    if ((rgba[at] | rgba[at + 1] | rgba[at + 2]) != 0) {
                        hudPixels++;
                    }
                }
            }
            shape = shapeOf(HudprofGdx.hudOf(wrapped).profiler());
            Gdx.app.exit();
        }

        @Override
        public void resize(int width, int height) {
            wrapped.resize(width, height);
        }

        @Override
        public void pause() {
            wrapped.pause();
        }

        @Override
        public void resume() {
            wrapped.resume();
        }

        @Override
        public void dispose() {
            wrapped.dispose();
        }
    }

    /** The last frame's report without its times: each view's rows (role, name, count), sorted, view by view. */
    static String shapeOf(Profiler profiler) {
        ReportController controller = ReportController.of(profiler);
        controller.setAveraging(Averaging.INSTANTANEOUS);
        Report report = new Report();
        StringBuilder out = new StringBuilder();
        for (ReportMode mode : new ReportMode[] {ReportMode.SELF_TIME, ReportMode.HIERARCHICAL_TIME}) {
            controller.setMode(mode);
            view(controller, report, mode.toString(), out);
        }
        controller.setMode(ReportMode.CALL_GRAPH);
        for (String zone : new String[] {"Game:update", "Game:AI", "Render:Shapes", "libGDX:render"}) {
            controller.showCallGraph(Zone.define(zone));
            view(controller, report, "call graph of " + zone, out);
        }
        // The game's counter (the JVM's sensors beside it vary from run to run).
        controller.setMode(ReportMode.STATISTICS);
        controller.build(report);
        out.append("== statistics\n");
        for (int i = 0; i < report.rowCount(); i++) {
            ReportRow row = report.row(i);
            if (row.name().contains("Spawns")) {
                out.append(row.name()).append(" frame ").append(row.value(Column.FRAME)).append('\n');
            }
        }
        out.append("== categories\n");
        List<String> paths = new ArrayList<>();
        for (int id = 0; id < Category.count(); id++) {
            paths.add(Category.byId(id).path());
        }
        Collections.sort(paths);
        paths.forEach(path -> out.append(path).append('\n'));
        return out.toString();
    }

    private static void view(ReportController controller, Report report, String title, StringBuilder out) {
        controller.build(report);
        List<String> rows = new ArrayList<>();
        for (int i = 0; i < report.rowCount(); i++) {
            ReportRow row = report.row(i);
            rows.add(row.role() + " " + row.name() + " indent " + row.indent()
                    + (row.shown(Column.COUNT) ? " count " + (long) row.value(Column.COUNT) : ""));
        }
        Collections.sort(rows);
        out.append("== ").append(title).append('\n');
        rows.forEach(row -> out.append(row).append('\n'));
    }
}
