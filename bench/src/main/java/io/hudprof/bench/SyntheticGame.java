package io.hudprof.bench;

import io.hudprof.core.Hudprof;
import io.hudprof.core.ManualClock;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.Zone;

/**
 * A game-shaped profile on a {@link ManualClock}, for the report and HUD benchmarks: 49 zones (so a flat report has
 * more than 40 rows), nesting up to 5 deep, a zone with two callers ({@code Raycast} under Physics and AI) and a
 * recursive scene walk, with zone times that vary a little from frame to frame. The manual clock makes every frame's
 * numbers, and so the report's row order, the same on every run.
 */
public final class SyntheticGame implements AutoCloseable {
    /** Entity-system zones, each its own row. */
    public static final int ENTITY_SYSTEMS = 24;

    static final Zone UPDATE = Zone.define("Update");
    static final Zone INPUT = Zone.define("Update:Input");
    static final Zone PHYSICS = Zone.define("Update:Physics");
    static final Zone BROADPHASE = Zone.define("Physics:Broadphase");
    static final Zone NARROWPHASE = Zone.define("Physics:Narrowphase");
    static final Zone SOLVER = Zone.define("Physics:Solver");
    /** Entered from Physics and from AI: the call graph's interesting zone. */
    public static final Zone RAYCAST = Zone.define("Raycast");
    static final Zone AI = Zone.define("Update:AI");
    static final Zone PATHFINDING = Zone.define("AI:Pathfinding");
    static final Zone PERCEPTION = Zone.define("AI:Perception");
    static final Zone SCRIPTS = Zone.define("Update:Scripts");
    static final Zone ANIMATION = Zone.define("Update:Animation");
    static final Zone SKINNING = Zone.define("Animation:Skinning");
    static final Zone AUDIO = Zone.define("Audio");
    static final Zone RENDER = Zone.define("Render");
    static final Zone SCENE_WALK = Zone.define("Render:SceneWalk");
    static final Zone CULL = Zone.define("Render:Cull");
    static final Zone SORT = Zone.define("Render:Sort");
    static final Zone SHADOWS = Zone.define("Render:Shadows");
    static final Zone DRAW_OPAQUE = Zone.define("Render:DrawOpaque");
    static final Zone DRAW_TRANSPARENT = Zone.define("Render:DrawTransparent");
    static final Zone POST = Zone.define("Render:Post");
    static final Zone BLOOM = Zone.define("Post:Bloom");
    static final Zone TONEMAP = Zone.define("Post:Tonemap");
    static final Zone UI = Zone.define("Render:UI");

    private final ManualClock clock = new ManualClock(1_000_000_000L);
    private final Profiler profiler;
    private final Zone[] entities = new Zone[ENTITY_SYSTEMS];
    private int frame;

    /** A profiler on this game's manual clock, keeping {@code historyFrames} frames, installed. */
    public SyntheticGame(int historyFrames) {
        profiler = Hudprof.install(new Profiler(BenchProfilers.config().clock(clock).historyFrames(historyFrames)
                .build()));
        for (int i = 0; i < ENTITY_SYSTEMS; i++) {
            entities[i] = Zone.define("Entities:System " + (i + 1));
        }
    }

    /** The profiler this game records into. */
    public Profiler profiler() {
        return profiler;
    }

    /** Plays {@code count} frames, each ending with {@code update()}. */
    public void frames(int count) {
        for (int i = 0; i < count; i++) {
            frame();
        }
    }

    /** Plays one frame of roughly 14 ms and ends it with {@code update()}. */
    public void frame() {
        int wobble = frame % 7;
        UPDATE.begin();
        zone(INPUT, 80);
        PHYSICS.begin();
        zone(BROADPHASE, 400 + 20 * wobble);
        zone(NARROWPHASE, 700);
        zone(SOLVER, 900);
        zone(RAYCAST, 300);
        PHYSICS.end();
        AI.begin();
        zone(PATHFINDING, 600 + 50 * wobble);
        zone(PERCEPTION, 250);
        for (int i = 0; i < 4; i++) {
            zone(RAYCAST, 120);
        }
        AI.end();
        for (int i = 0; i < entities.length; i++) {
            zone(entities[i], 20 + 7 * i);
        }
        zone(SCRIPTS, 500);
        ANIMATION.begin();
        zone(SKINNING, 800);
        ANIMATION.end();
        UPDATE.end();
        RENDER.begin();
        sceneWalk(4);
        zone(SORT, 200);
        zone(SHADOWS, 1500);
        zone(DRAW_OPAQUE, 3000 + 100 * wobble);
        zone(DRAW_TRANSPARENT, 900);
        POST.begin();
        zone(BLOOM, 400);
        zone(TONEMAP, 150);
        POST.end();
        zone(UI, 350);
        RENDER.end();
        zone(AUDIO, 300);
        micros(500);
        profiler.update();
        frame++;
    }

    /** A recursive walk of a scene graph: one state per depth, culling at each level. */
    private void sceneWalk(int depth) {
        SCENE_WALK.begin();
        micros(40);
        zone(CULL, 60);
        if (depth > 1) {
            sceneWalk(depth - 1);
        }
        SCENE_WALK.end();
    }

    private void zone(Zone zone, long micros) {
        zone.begin();
        micros(micros);
        zone.end();
    }

    private void micros(long micros) {
        clock.advanceMicros(micros);
    }

    @Override
    public void close() {
        Hudprof.uninstall();
    }
}
