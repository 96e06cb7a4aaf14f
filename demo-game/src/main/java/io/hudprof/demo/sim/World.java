package io.hudprof.demo.sim;

import io.hudprof.core.Zone;
import io.hudprof.core.ZoneScope;
import java.util.SplittableRandom;

/**
 * The game's simulation: an asteroid field, the player's ship, AI hunters, bullets and particles, advanced by
 * {@link #step(float, PilotInput)}. Deterministic: the same seed and the same sequence of time steps and inputs
 * give the same world, bit for bit. A step allocates nothing.
 */
public final class World {
    private static final Zone SIMULATION = Zone.local("Sim");
    private static final Zone PARTICLES = Zone.local("Sim:Particles");

    /** Side of the square arena, world units. */
    public static final float ARENA = 4096f;
    private static final float GRID_CELL = 80f;

    public final Rocks rocks;
    public final Ships ships;
    public final Bullets bullets;
    public final Particles particles;
    public final Debris debris;
    public final QuadTree quadTree;
    private final SpatialGrid grid;
    private final Raycaster raycaster;
    private final PathPlanner planner;
    private final Physics physics;
    private final Ai ai;
    private final SplittableRandom random;
    private float time;
    /** Null: the particle update and re-plans run on the stepping thread alone. */
    private SimWorkers workers;

    /** A world of {@code rockCount} rocks and {@code hunterCount} hunters laid out from {@code seed}. */
    public World(long seed, int rockCount, int hunterCount) {
        if (rockCount < 1 || hunterCount < 1) {
            throw new IllegalArgumentException("a world needs at least one rock and one hunter");
        }
        random = new SplittableRandom(seed);
        rocks = new Rocks(rockCount, ARENA, random);
        ships = new Ships(hunterCount);
        bullets = new Bullets(1024);
        particles = new Particles(24_000, random);
        debris = new Debris(2048, random);
        grid = new SpatialGrid(ARENA, GRID_CELL, rockCount);
        raycaster = new Raycaster(grid, rocks, ARENA);
        planner = new PathPlanner(ARENA, 20_000);
        physics = new Physics(ARENA, rocks, ships, bullets, particles, debris, grid, raycaster);
        ai = new Ai(ships, bullets, raycaster, planner, rocks);
        quadTree = new QuadTree(rocks, ARENA);
        for (int s = 0; s < ships.count; s++) {
            spawn(s);
            if (s != Ships.PLAYER) {
                scatter(s);
            }
        }
        // The grid is rebuilt at each physics step; build it now so the AI can see before the first one.
        grid.build(rocks);
    }

    /**
     * Spreads the particle integration and the hunters' A* re-plans over {@code pool} (null: the stepping thread
     * alone); the results are the same bit for bit, and joined before {@link #step} returns, so rendering sees a
     * finished world.
     */
    public void useWorkers(SimWorkers pool) {
        this.workers = pool;
        ai.useWorkers(pool);
    }

    /** Advances the world by {@code dt} seconds with the player's controls. */
    public void step(float dt, PilotInput pilot) {
        try (ZoneScope z = Slowdown.enter(SIMULATION)) {
            time += dt;
            fly(pilot, dt);
            ai.update(dt);
            physics.step(dt);
            try (ZoneScope p = Slowdown.enter(PARTICLES)) {
                particles.update(dt, workers);
                exhaust();
            }
        }
    }

    private void fly(PilotInput pilot, float dt) {
        int p = Ships.PLAYER;
        ships.cooldown[p] -= dt;
        for (int s = 0; s < ships.count; s++) {
            ships.flash[s] = Math.max(0, ships.flash[s] - dt);
            if (!ships.alive(s)) {
                ships.respawn[s] -= dt;
                if (ships.alive(s)) {
                    spawn(s);
                }
            }
        }
        if (!ships.alive(p)) {
            return;
        }
        ships.wantedHeading[p] = Angles.wrap(ships.heading[p] + pilot.turn * 0.6f);
        ships.throttle[p] = pilot.thrust > 0 ? pilot.thrust * (pilot.boost ? 1.8f : 1f) : 0;
        if (pilot.thrust < 0) {
            float brake = (float) Math.pow(0.05, dt);
            ships.vx[p] *= brake;
            ships.vy[p] *= brake;
        }
        if (pilot.fire && ships.cooldown[p] <= 0) {
            bullets.fire(p, ships.x[p], ships.y[p], ships.heading[p], ships.vx[p], ships.vy[p]);
            ships.cooldown[p] = 0.12f;
        }
    }

    private void exhaust() {
        for (int s = 0; s < ships.count; s++) {
            if (!ships.alive(s) || ships.throttle[s] <= 0.05f) {
                continue;
            }
            float back = ships.heading[s] + (float) Math.PI;
            float bx = (float) Math.cos(back);
            float by = (float) Math.sin(back);
            int n = s == Ships.PLAYER ? 3 : 1;
            particles.burst(ships.x[s] + bx * Ships.RADIUS, ships.y[s] + by * Ships.RADIUS, bx, by, 0.5f,
                    140f * ships.throttle[s], n, 0.5f, s == Ships.PLAYER ? 4.5f : 3.5f,
                    s == Ships.PLAYER ? 0x60C8FF : 0xFF8040);
        }
    }

    /** Puts ship {@code s} back into play: the player in the middle, a hunter on a random edge. */
    private void spawn(int s) {
        ships.respawn[s] = 0;
        ships.vx[s] = 0;
        ships.vy[s] = 0;
        ships.throttle[s] = 0;
        if (s == Ships.PLAYER) {
            ships.x[s] = ARENA / 2;
            ships.y[s] = ARENA / 2;
            ships.heading[s] = (float) (Math.PI / 2);
            ships.hull[s] = Ships.PLAYER_HULL;
        } else {
            float along = 100 + (float) random.nextDouble() * (ARENA - 200);
            int edge = random.nextInt(4);
            ships.x[s] = edge == 0 ? 60 : edge == 1 ? ARENA - 60 : along;
            ships.y[s] = edge == 2 ? 60 : edge == 3 ? ARENA - 60 : along;
            ships.heading[s] = (float) Math.atan2(ARENA / 2 - ships.y[s], ARENA / 2 - ships.x[s]);
            ships.hull[s] = Ships.HUNTER_HULL;
        }
        ships.wantedHeading[s] = ships.heading[s];
    }

    /** At the start hunters are already closing in round the player (respawns come in from the edges). */
    private void scatter(int s) {
        float dx;
        float dy;
        do {
            ships.x[s] = 100 + (float) random.nextDouble() * (ARENA - 200);
            ships.y[s] = 100 + (float) random.nextDouble() * (ARENA - 200);
            dx = ships.x[s] - ARENA / 2;
            dy = ships.y[s] - ARENA / 2;
        } while (dx * dx + dy * dy < 500 * 500 || dx * dx + dy * dy > 1800 * 1800);
        ships.heading[s] = (float) Math.atan2(-dy, -dx);
        ships.wantedHeading[s] = ships.heading[s];
    }

    /** Seconds simulated so far. */
    public float time() {
        return time;
    }

    /** Rays cast so far, by physics and AI together. */
    public long raycasts() {
        return raycaster.casts();
    }

    /** Hunters the player has shot down. */
    public int kills() {
        return physics.playerKills;
    }

    /** Times the player's ship was destroyed. */
    public int deaths() {
        return physics.playerDeaths;
    }

    /** Path re-plans so far (each one plans every hunter). */
    public int replans() {
        return ai.replans();
    }

    /** How far whisker {@code k} of hunter {@code h} reached in the last step. */
    public float whiskerReach(int h, int k) {
        return ai.whiskerReach[h * Ai.WHISKERS + k];
    }

    /** Whisker rays per hunter. */
    public int whiskers() {
        return Ai.WHISKERS;
    }

    /** The angle of whisker {@code k} relative to the hunter's heading. */
    public float whiskerAngle(int k) {
        return -Ai.FAN / 2 + Ai.FAN * k / (Ai.WHISKERS - 1);
    }

    /** Whether hunter {@code h} saw the player in the last step. */
    public boolean seesPlayer(int h) {
        return ai.seesPlayer[h];
    }

    /**
     * A hash of every rock's and ship's position and velocity bits and of the counts, to compare two runs for
     * determinism.
     */
    public long checksum() {
        long h = 1125899906842597L;
        for (int i = 0; i < rocks.count; i++) {
            h = 31 * h + Float.floatToIntBits(rocks.x[i]);
            h = 31 * h + Float.floatToIntBits(rocks.y[i]);
            h = 31 * h + Float.floatToIntBits(rocks.vx[i]);
            h = 31 * h + Float.floatToIntBits(rocks.vy[i]);
        }
        for (int s = 0; s < ships.count; s++) {
            h = 31 * h + Float.floatToIntBits(ships.x[s]);
            h = 31 * h + Float.floatToIntBits(ships.y[s]);
            h = 31 * h + ships.hull[s];
        }
        h = 31 * h + bullets.alive();
        h = 31 * h + particles.alive();
        h = 31 * h + debris.alive();
        return h;
    }
}
