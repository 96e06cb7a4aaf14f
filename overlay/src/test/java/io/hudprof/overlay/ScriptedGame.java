package io.hudprof.overlay;

import static org.lwjgl.opengl.GL11.GL_COLOR_BUFFER_BIT;
import static org.lwjgl.opengl.GL11.GL_SCISSOR_TEST;
import static org.lwjgl.opengl.GL11.glClear;
import static org.lwjgl.opengl.GL11.glClearColor;
import static org.lwjgl.opengl.GL11.glDisable;
import static org.lwjgl.opengl.GL11.glEnable;
import static org.lwjgl.opengl.GL11.glScissor;

import io.hudprof.core.Hudprof;
import io.hudprof.core.ManualClock;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.Zone;
import io.hudprof.core.report.ReportController;

/**
 * A pretend game with a scripted, exactly timed profile: a manual clock, IProf's raycast-from-physics-and-AI shape,
 * a render step, and a configurable number of extra zones so reports can be longer than the panel. Each
 * {@link #frame(double)} enters the zones, advances the clock by fixed amounts scaled by the argument, and ends the
 * frame with {@code update()}.
 */
final class ScriptedGame implements AutoCloseable {
    static final Zone UPDATE = Zone.define("Update");
    static final Zone PHYSICS = Zone.define("Physics");
    static final Zone AI = Zone.define("AI");
    static final Zone RAYCAST = Zone.define("Raycast");
    static final Zone RENDER = Zone.define("Render");
    static final Zone CULL = Zone.define("Render:Cull");
    static final Zone DRAW = Zone.define("Render:Draw");
    static final Zone AUDIO = Zone.define("Audio mixing with a rather long zone name");

    final ManualClock clock = new ManualClock(1_000_000_000L);
    final Profiler profiler;
    private final Zone[] extras;
    private int frames;

    ScriptedGame(int historyFrames, int extraZones) {
        this(historyFrames, extraZones, 0);
    }

    /** As {@link #ScriptedGame(int, int)}, keeping timelines of up to {@code timelineCapacity} events (0: none). */
    ScriptedGame(int historyFrames, int extraZones, int timelineCapacity) {
        // hudprof's own zones would add rows as the HUD draws; the exact layouts checked here are the game's alone.
        ProfilerConfig.Builder config = ProfilerConfig.builder().clock(clock).historyFrames(historyFrames)
                .selfProfiling(false);
        profiler = new Profiler((timelineCapacity > 0 ? config.timelineCapacity(timelineCapacity) : config).build());
        Hudprof.install(profiler);
        extras = new Zone[extraZones];
        for (int i = 0; i < extraZones; i++) {
            extras[i] = Zone.define("Entity system " + (i + 1));
        }
    }

    /** One frame of about 11.3 ms × {@code load} (zone times scale with it), then {@code update()}. */
    void frame(double load) {
        UPDATE.begin();
        PHYSICS.begin();
        micros(2000 * load);
        RAYCAST.begin();
        micros(800 * load);
        RAYCAST.end();
        PHYSICS.end();
        AI.begin();
        micros(1000 * load);
        RAYCAST.begin();
        micros(1200 * load);
        RAYCAST.end();
        AI.end();
        for (int i = 0; i < extras.length; i++) {
            extras[i].begin();
            micros(20 + 5 * i);
            extras[i].end();
        }
        UPDATE.end();
        RENDER.begin();
        CULL.begin();
        micros(1500 * load);
        CULL.end();
        DRAW.begin();
        micros(3500 * load);
        DRAW.end();
        RENDER.end();
        AUDIO.begin();
        micros(300 + (frames % 7) * 40);
        AUDIO.end();
        micros(500);
        profiler.update();
        frames++;
    }

    void frames(int count, double load) {
        for (int i = 0; i < count; i++) {
            frame(load);
        }
    }

    /** Puts the report navigation back to its start: self-time mode, fast average, live frame, first row. */
    void resetNavigation() {
        ReportController.of(profiler).setMode(io.hudprof.core.report.ReportMode.SELF_TIME);
        ReportController.of(profiler).setAveraging(io.hudprof.core.Averaging.FAST);
        ReportController.of(profiler).setFrame(0);
        ReportController.of(profiler).setCursor(0);
        profiler.setPaused(false);
    }

    private void micros(double micros) {
        clock.advance(Math.round(micros * 1000));
    }

    /**
     * The game's own drawing: a scene of coloured vertical bands, so the HUD is checked over varied colours rather
     * than one flat one. Uses a scissored clear and leaves the scissor test off, as many games do.
     */
    static void drawScene(int width, int height) {
        float[][] bands = {{0.55f, 0.35f, 0.15f}, {0.20f, 0.45f, 0.25f}, {0.65f, 0.62f, 0.55f}, {0.25f, 0.30f, 0.38f}};
        glEnable(GL_SCISSOR_TEST);
        int band = Math.max(1, width / 8);
        for (int i = 0; i * band < width; i++) {
            float[] c = bands[i % bands.length];
            glScissor(i * band, 0, band, height);
            glClearColor(c[0], c[1], c[2], 1f);
            glClear(GL_COLOR_BUFFER_BIT);
        }
        glDisable(GL_SCISSOR_TEST);
    }

    @Override
    public void close() {
        Hudprof.uninstall();
    }
}
