package io.hudprof.demo.sim;

import io.hudprof.core.Zone;
import io.hudprof.core.ZoneScope;

/**
 * The hunters' brains and the player's auto-turret. Each hunter looks around with a fan of long rays (whiskers for
 * steering round rocks) and one ray at the player (line of sight before it fires); the turret checks its line of
 * sight to nearby hunters the same way. These long rays are the expensive half of IProf's raycast example, cast
 * directly in the AI zone so that Raycast's caller in the call graph is AI. Every few seconds every hunter's path
 * to the player is re-planned with A*: the periodic spike.
 */
final class Ai {
    private static final Zone AI = Zone.define("Sim:AI");
    private static final Zone STEER = Zone.local("Sim:AI:Steer");
    private static final Zone REPLAN = Zone.local("Path replan");

    /** Whisker rays per hunter, spread over {@link #FAN} radians. */
    static final int WHISKERS = 9;
    static final float FAN = 2.4f;
    static final float WHISKER_LENGTH = 560f;
    /** Whiskers sweep most of a ship's width: a gap the ship cannot fit through counts as blocked. */
    private static final float WHISKER_THICKNESS = 12f;
    private static final float SIGHT_RANGE = 900f;
    private static final float FIRE_RANGE = 700f;
    private static final float TURRET_RANGE = 700f;
    private static final float BLAST_RANGE = 200f;
    private static final float REPLAN_PERIOD = 2f;
    static final int MAX_WAYPOINTS = 48;
    private static final int WAYPOINT_SPACING = 3;

    private final Ships ships;
    private final Bullets bullets;
    private final Raycaster raycaster;
    private final PathPlanner planner;
    private final Rocks rocks;
    private final RayHit hit = new RayHit();
    /** Per hunter and whisker, how far the whisker reached; the renderer draws them. */
    final float[] whiskerReach;
    final boolean[] seesPlayer;
    final float[] pathX;
    final float[] pathY;
    final int[] pathLength;
    final int[] pathNext;
    private float replanTimer;
    private SimWorkers workers;
    /** Search scratch per chunk of a re-plan; [0] is the planner that owns the grid. */
    private PathPlanner[] planners;
    private final SimWorkers.RangeJob replanJob = this::replanRange;
    private int replans;
    int turretTarget = -1;

    Ai(Ships ships, Bullets bullets, Raycaster raycaster, PathPlanner planner, Rocks rocks) {
        this.ships = ships;
        this.bullets = bullets;
        this.raycaster = raycaster;
        this.planner = planner;
        this.planners = new PathPlanner[] {planner};
        this.rocks = rocks;
        whiskerReach = new float[ships.count * WHISKERS];
        seesPlayer = new boolean[ships.count];
        pathX = new float[ships.count * MAX_WAYPOINTS];
        pathY = new float[ships.count * MAX_WAYPOINTS];
        pathLength = new int[ships.count];
        pathNext = new int[ships.count];
    }

    void update(float dt) {
        try (ZoneScope z = Slowdown.enter(AI)) {
            replanTimer -= dt;
            if (replanTimer <= 0) {
                replan();
                replanTimer += REPLAN_PERIOD;
            }
            for (int h = 1; h < ships.count; h++) {
                if (ships.alive(h)) {
                    look(h);
                }
            }
            steer(dt);
            turret();
        }
    }

    /** Casts the hunter's whiskers and its line-of-sight ray. */
    private void look(int h) {
        float base = ships.heading[h] - FAN / 2;
        for (int k = 0; k < WHISKERS; k++) {
            float a = base + FAN * k / (WHISKERS - 1);
            whiskerReach[h * WHISKERS + k] = raycaster.cast(ships.x[h], ships.y[h], (float) Math.cos(a),
                    (float) Math.sin(a), WHISKER_LENGTH, WHISKER_THICKNESS, hit);
        }
        seesPlayer[h] = false;
        if (ships.alive(Ships.PLAYER)) {
            float dx = ships.x[Ships.PLAYER] - ships.x[h];
            float dy = ships.y[Ships.PLAYER] - ships.y[h];
            float d = (float) Math.sqrt(dx * dx + dy * dy);
            if (d < SIGHT_RANGE && d > 0) {
                raycaster.cast(ships.x[h], ships.y[h], dx / d, dy / d, d, 0, hit);
                seesPlayer[h] = hit.rock < 0;
            }
        }
    }

    private void steer(float dt) {
        try (ZoneScope z = Slowdown.enter(STEER)) {
            for (int h = 1; h < ships.count; h++) {
                ships.cooldown[h] -= dt;
                if (ships.alive(h)) {
                    steerHunter(h);
                }
            }
        }
    }

    private void steerHunter(int h) {
        float tx;
        float ty;
        if (seesPlayer[h]) {
            tx = ships.x[Ships.PLAYER];
            ty = ships.y[Ships.PLAYER];
        } else if (pathNext[h] < pathLength[h]) {
            int w = h * MAX_WAYPOINTS + pathNext[h];
            tx = pathX[w];
            ty = pathY[w];
            float dx = tx - ships.x[h];
            float dy = ty - ships.y[h];
            if (dx * dx + dy * dy < 60 * 60) {
                pathNext[h]++;
            }
        } else {
            tx = ships.x[h] + (float) Math.cos(ships.heading[h]) * 100;
            ty = ships.y[h] + (float) Math.sin(ships.heading[h]) * 100;
        }
        float toX = tx - ships.x[h];
        float toY = ty - ships.y[h];
        float toLen = Math.max(1e-3f, (float) Math.sqrt(toX * toX + toY * toY));
        toX /= toLen;
        toY /= toLen;
        // Pick the whisker that best trades clearance against heading for the target.
        float base = ships.heading[h] - FAN / 2;
        float bestScore = -1e9f;
        float bestAngle = ships.heading[h];
        float ahead = whiskerReach[h * WHISKERS + WHISKERS / 2];
        for (int k = 0; k < WHISKERS; k++) {
            float a = base + FAN * k / (WHISKERS - 1);
            float clearance = whiskerReach[h * WHISKERS + k] / WHISKER_LENGTH;
            float along = (float) Math.cos(a) * toX + (float) Math.sin(a) * toY;
            float score = 1.2f * clearance * clearance + along;
            if (score > bestScore) {
                bestScore = score;
                bestAngle = a;
            }
        }
        // A target right behind is out of the fan: turn towards it directly.
        float direct = (float) Math.atan2(toY, toX);
        boolean behind = Math.abs(Angles.wrap(direct - ships.heading[h])) > FAN / 2;
        ships.wantedHeading[h] = behind ? direct : bestAngle;
        ships.throttle[h] = Math.max(0.25f, Math.min(1f, ahead / 220f));
        if (ships.cooldown[h] > 0) {
            return;
        }
        float px = ships.x[Ships.PLAYER] - ships.x[h];
        float py = ships.y[Ships.PLAYER] - ships.y[h];
        boolean inRange = ships.alive(Ships.PLAYER) && px * px + py * py < FIRE_RANGE * FIRE_RANGE;
        // Hunters carry turrets: in range they fire at the player whatever their heading, and when rocks hide it
        // they fire anyway, to blast the rocks out of the line of fire.
        if (inRange) {
            bullets.fire(h, ships.x[h], ships.y[h], (float) Math.atan2(py, px), ships.vx[h], ships.vy[h]);
            ships.cooldown[h] = seesPlayer[h] ? 0.6f : 1.0f;
        } else if (ahead < BLAST_RANGE) {
            // A rock right ahead gets shot out of the way: hunters blast their own path through the field.
            bullets.fire(h, ships.x[h], ships.y[h], ships.heading[h], ships.vx[h], ships.vy[h]);
            ships.cooldown[h] = 0.9f;
        }
    }

    /** The player's turret fires at the nearest hunter it has a clear line to. */
    private void turret() {
        turretTarget = -1;
        int p = Ships.PLAYER;
        if (!ships.alive(p)) {
            return;
        }
        float best = TURRET_RANGE;
        for (int h = 1; h < ships.count; h++) {
            if (!ships.alive(h)) {
                continue;
            }
            float dx = ships.x[h] - ships.x[p];
            float dy = ships.y[h] - ships.y[p];
            float d = (float) Math.sqrt(dx * dx + dy * dy);
            if (d >= best || d == 0) {
                continue;
            }
            raycaster.cast(ships.x[p], ships.y[p], dx / d, dy / d, d, 0, hit);
            if (hit.rock < 0) {
                best = d;
                turretTarget = h;
            }
        }
        if (turretTarget >= 0 && ships.cooldown[p] <= 0) {
            float angle = (float) Math.atan2(ships.y[turretTarget] - ships.y[p], ships.x[turretTarget] - ships.x[p]);
            bullets.fire(p, ships.x[p], ships.y[p], angle, ships.vx[p], ships.vy[p]);
            ships.cooldown[p] = 0.22f;
        }
    }

    /** Re-plans every hunter's route to the player on a fresh navigation grid (searches spread over the workers). */
    private void replan() {
        try (ZoneScope z = Slowdown.enter(REPLAN)) {
            replans++;
            planner.rasterize(rocks);
            if (workers == null) {
                replanJob.run(0, ships.count - 1, 0);
            } else {
                workers.run(replanJob, ships.count - 1);
            }
        }
    }

    /** Hunters {@code from + 1 .. to} (the player is ship 0), with chunk {@code chunk}'s own planner scratch. */
    private void replanRange(int from, int to, int chunk) {
        PathPlanner search = planners[chunk];
        for (int h = from + 1; h <= to; h++) {
            pathNext[h] = 0;
            pathLength[h] = ships.alive(h) ? search.find(ships.x[h], ships.y[h], ships.x[Ships.PLAYER],
                    ships.y[Ships.PLAYER], pathX, pathY, h * MAX_WAYPOINTS, MAX_WAYPOINTS, WAYPOINT_SPACING) : 0;
        }
    }

    /** Spreads the re-plans over {@code pool} (null: this thread alone), one planner's scratch per chunk. */
    void useWorkers(SimWorkers pool) {
        workers = pool;
        int chunks = pool == null ? 1 : pool.chunks();
        PathPlanner[] grown = new PathPlanner[chunks];
        grown[0] = planner;
        for (int c = 1; c < chunks; c++) {
            grown[c] = c < planners.length ? planners[c] : new PathPlanner(planner);
        }
        planners = grown;
    }

    /** Path re-plans since the start. */
    int replans() {
        return replans;
    }
}
