package io.hudprof.demo.sim;

import io.hudprof.core.Zone;
import io.hudprof.core.ZoneScope;
import io.hudprof.stats.Counter;

/**
 * Moves everything and makes it collide: integration, a uniform-grid broad phase, circle-circle collision response,
 * and bullets swept with the shared {@link Raycaster} so fast bullets never tunnel through rocks. Bullet rays are
 * short (one step of travel), so each costs little: the cheap half of IProf's raycast example.
 */
final class Physics {
    private static final Zone PHYSICS = Zone.define("Sim:Physics");
    private static final Zone INTEGRATE = Zone.local("Sim:Physics:Integrate");
    private static final Zone BROADPHASE = Zone.local("Sim:Physics:Broadphase");
    private static final Zone COLLIDE = Zone.local("Sim:Physics:Collide");
    private static final Counter CONTACTS = Counter.define("Physics/Rock contacts");

    private static final float RESTITUTION = 0.9f;
    private static final float ROCK_MAX_SPEED = 160f;
    private static final float SHIP_MASS_RADIUS = 18f;
    /** Momentum a bullet hands to a rock; a rock's mass is its radius squared. */
    private static final float BULLET_IMPULSE = 30_000f;

    private final float arena;
    private final Rocks rocks;
    private final Ships ships;
    private final Bullets bullets;
    private final Particles particles;
    private final Debris debris;
    private final SpatialGrid grid;
    private final Raycaster raycaster;
    private final RayHit hit = new RayHit();
    private final int[] pairA;
    private final int[] pairB;
    private int pairs;
    int playerKills;
    int playerDeaths;

    Physics(float arena, Rocks rocks, Ships ships, Bullets bullets, Particles particles, Debris debris,
            SpatialGrid grid, Raycaster raycaster) {
        this.arena = arena;
        this.rocks = rocks;
        this.ships = ships;
        this.bullets = bullets;
        this.particles = particles;
        this.debris = debris;
        this.grid = grid;
        this.raycaster = raycaster;
        this.pairA = new int[rocks.count * 4];
        this.pairB = new int[rocks.count * 4];
    }

    void step(float dt) {
        try (ZoneScope z = Slowdown.enter(PHYSICS)) {
            integrate(dt);
            broadphase();
            collide();
            // Bullets and chips are swept here, directly in the Physics zone, so that Raycast's caller in the call
            // graph is Physics.
            sweepBullets(dt);
            sweepDebris(dt);
        }
    }

    private void integrate(float dt) {
        try (ZoneScope z = Slowdown.enter(INTEGRATE)) {
            for (int i = 0; i < rocks.count; i++) {
                float r = rocks.radius[i];
                rocks.x[i] += rocks.vx[i] * dt;
                rocks.y[i] += rocks.vy[i] * dt;
                rocks.angle[i] += rocks.spin[i] * dt;
                if (rocks.x[i] < r) {
                    rocks.x[i] = r;
                    rocks.vx[i] = Math.abs(rocks.vx[i]);
                } else if (rocks.x[i] > arena - r) {
                    rocks.x[i] = arena - r;
                    rocks.vx[i] = -Math.abs(rocks.vx[i]);
                }
                if (rocks.y[i] < r) {
                    rocks.y[i] = r;
                    rocks.vy[i] = Math.abs(rocks.vy[i]);
                } else if (rocks.y[i] > arena - r) {
                    rocks.y[i] = arena - r;
                    rocks.vy[i] = -Math.abs(rocks.vy[i]);
                }
            }
            for (int s = 0; s < ships.count; s++) {
                if (ships.alive(s)) {
                    integrateShip(s, dt);
                }
            }
        }
    }

    private void integrateShip(int s, float dt) {
        float turnRate = s == Ships.PLAYER ? 3.6f : 2.8f;
        float diff = Angles.wrap(ships.wantedHeading[s] - ships.heading[s]);
        float maxTurn = turnRate * dt;
        ships.heading[s] = Angles.wrap(ships.heading[s] + Math.max(-maxTurn, Math.min(maxTurn, diff)));
        float accel = (s == Ships.PLAYER ? 520f : 360f) * ships.throttle[s];
        ships.vx[s] += (float) Math.cos(ships.heading[s]) * accel * dt;
        ships.vy[s] += (float) Math.sin(ships.heading[s]) * accel * dt;
        float drag = (float) Math.pow(s == Ships.PLAYER ? 0.45 : 0.35, dt);
        ships.vx[s] *= drag;
        ships.vy[s] *= drag;
        ships.x[s] = clamp(ships.x[s] + ships.vx[s] * dt, Ships.RADIUS, arena - Ships.RADIUS);
        ships.y[s] = clamp(ships.y[s] + ships.vy[s] * dt, Ships.RADIUS, arena - Ships.RADIUS);
    }

    /** Finds each overlapping-box pair once: only in the cell holding the corner where the two boxes start to overlap. */
    private void broadphase() {
        try (ZoneScope z = Slowdown.enter(BROADPHASE)) {
            grid.build(rocks);
            pairs = 0;
            int cells = grid.columns * grid.rows;
            for (int c = 0; c < cells; c++) {
                int start = grid.start(c);
                int end = grid.end(c);
                for (int p = start; p < end; p++) {
                    int a = grid.item(p);
                    for (int q = p + 1; q < end; q++) {
                        int b = grid.item(q);
                        float reach = rocks.radius[a] + rocks.radius[b];
                        float dx = rocks.x[b] - rocks.x[a];
                        float dy = rocks.y[b] - rocks.y[a];
                        if (Math.abs(dx) >= reach || Math.abs(dy) >= reach) {
                            continue;
                        }
                        float cornerX = Math.max(rocks.x[a] - rocks.radius[a], rocks.x[b] - rocks.radius[b]);
                        float cornerY = Math.max(rocks.y[a] - rocks.radius[a], rocks.y[b] - rocks.radius[b]);
                        if (grid.row(cornerY) * grid.columns + grid.column(cornerX) != c) {
                            continue;
                        }
                        if (pairs == pairA.length) {
                            // Four pairs per rock is far more than a field of circles that push apart can hold.
                            continue;
                        }
                        pairA[pairs] = a;
                        pairB[pairs] = b;
                        pairs++;
                    }
                }
            }
        }
    }

    private void collide() {
        try (ZoneScope z = Slowdown.enter(COLLIDE)) {
            for (int p = 0; p < pairs; p++) {
                resolveRocks(pairA[p], pairB[p]);
            }
            for (int s = 0; s < ships.count; s++) {
                if (ships.alive(s)) {
                    collideShip(s);
                }
            }
        }
    }

    private void resolveRocks(int a, int b) {
        CONTACTS.increment();
        float dx = rocks.x[b] - rocks.x[a];
        float dy = rocks.y[b] - rocks.y[a];
        float reach = rocks.radius[a] + rocks.radius[b];
        float d2 = dx * dx + dy * dy;
        if (d2 >= reach * reach || d2 == 0) {
            return;
        }
        float dist = (float) Math.sqrt(d2);
        float nx = dx / dist;
        float ny = dy / dist;
        float ia = rocks.invMass[a];
        float ib = rocks.invMass[b];
        float share = (reach - dist) / (ia + ib);
        rocks.x[a] -= nx * share * ia;
        rocks.y[a] -= ny * share * ia;
        rocks.x[b] += nx * share * ib;
        rocks.y[b] += ny * share * ib;
        float closing = (rocks.vx[b] - rocks.vx[a]) * nx + (rocks.vy[b] - rocks.vy[a]) * ny;
        if (closing < 0) {
            float j = -(1 + RESTITUTION) * closing / (ia + ib);
            rocks.vx[a] -= j * ia * nx;
            rocks.vy[a] -= j * ia * ny;
            rocks.vx[b] += j * ib * nx;
            rocks.vy[b] += j * ib * ny;
        }
    }

    private void collideShip(int s) {
        int x0 = grid.column(ships.x[s] - Ships.RADIUS);
        int x1 = grid.column(ships.x[s] + Ships.RADIUS);
        int y0 = grid.row(ships.y[s] - Ships.RADIUS);
        int y1 = grid.row(ships.y[s] + Ships.RADIUS);
        float shipInvMass = 1f / (SHIP_MASS_RADIUS * SHIP_MASS_RADIUS);
        for (int cy = y0; cy <= y1; cy++) {
            for (int cx = x0; cx <= x1; cx++) {
                int c = cy * grid.columns + cx;
                for (int k = grid.start(c), end = grid.end(c); k < end; k++) {
                    int r = grid.item(k);
                    float dx = rocks.x[r] - ships.x[s];
                    float dy = rocks.y[r] - ships.y[s];
                    float reach = rocks.radius[r] + Ships.RADIUS;
                    float d2 = dx * dx + dy * dy;
                    if (d2 >= reach * reach || d2 == 0) {
                        continue;
                    }
                    float dist = (float) Math.sqrt(d2);
                    float nx = dx / dist;
                    float ny = dy / dist;
                    float ir = rocks.invMass[r];
                    float share = (reach - dist) / (ir + shipInvMass);
                    ships.x[s] -= nx * share * shipInvMass;
                    ships.y[s] -= ny * share * shipInvMass;
                    rocks.x[r] += nx * share * ir;
                    rocks.y[r] += ny * share * ir;
                    float closing = (rocks.vx[r] - ships.vx[s]) * nx + (rocks.vy[r] - ships.vy[s]) * ny;
                    if (closing < 0) {
                        float j = -(1 + 0.5f) * closing / (ir + shipInvMass);
                        ships.vx[s] -= j * shipInvMass * nx;
                        ships.vy[s] -= j * shipInvMass * ny;
                        rocks.vx[r] += j * ir * nx;
                        rocks.vy[r] += j * ir * ny;
                        limitRockSpeed(r);
                    }
                }
            }
        }
    }

    private void sweepBullets(float dt) {
        int i = 0;
        while (i < bullets.alive()) {
            bullets.life[i] -= dt;
            if (bullets.life[i] <= 0) {
                bullets.remove(i);
                continue;
            }
            float speed = (float) Math.sqrt(bullets.vx[i] * bullets.vx[i] + bullets.vy[i] * bullets.vy[i]);
            float dx = bullets.vx[i] / speed;
            float dy = bullets.vy[i] / speed;
            float travel = speed * dt;
            float reach = raycaster.cast(bullets.x[i], bullets.y[i], dx, dy, travel, 0, hit);
            int target = hitShip(i, dx, dy, reach);
            if (target >= 0) {
                damageShip(target, bullets.owner[i], bullets.x[i] + dx * reach, bullets.y[i] + dy * reach);
                bullets.remove(i);
                continue;
            }
            if (hit.rock >= 0) {
                int r = hit.rock;
                float hx = bullets.x[i] + dx * reach;
                float hy = bullets.y[i] + dy * reach;
                float kick = BULLET_IMPULSE * rocks.invMass[r];
                rocks.vx[r] += dx * kick;
                rocks.vy[r] += dy * kick;
                limitRockSpeed(r);
                particles.burst(hx, hy, -dx, -dy, 2.2f, 260f, 7, 0.45f, 3.5f, 0xFFC060);
                float nx = hx - rocks.x[r];
                float ny = hy - rocks.y[r];
                float nl = Math.max(1e-3f, (float) Math.sqrt(nx * nx + ny * ny));
                debris.chip(hx, hy, nx / nl, ny / nl, 3);
                bullets.remove(i);
                continue;
            }
            bullets.x[i] += bullets.vx[i] * dt;
            bullets.y[i] += bullets.vy[i] * dt;
            i++;
        }
    }

    /** Moves each chip along a ray; a chip that meets a rock bounces off its surface, losing half its speed. */
    private void sweepDebris(float dt) {
        int i = 0;
        while (i < debris.alive()) {
            debris.life[i] -= dt;
            if (debris.life[i] <= 0) {
                debris.remove(i);
                continue;
            }
            float vx = debris.vx[i];
            float vy = debris.vy[i];
            float speed = (float) Math.sqrt(vx * vx + vy * vy);
            if (speed < 1e-3f) {
                i++;
                continue;
            }
            float dx = vx / speed;
            float dy = vy / speed;
            float reach = raycaster.cast(debris.x[i], debris.y[i], dx, dy, speed * dt, 0, hit);
            debris.x[i] += dx * reach;
            debris.y[i] += dy * reach;
            debris.angle[i] += speed * dt * 0.05f;
            if (hit.rock >= 0) {
                int r = hit.rock;
                float nx = debris.x[i] - rocks.x[r];
                float ny = debris.y[i] - rocks.y[r];
                float nl = Math.max(1e-3f, (float) Math.sqrt(nx * nx + ny * ny));
                nx /= nl;
                ny /= nl;
                float along = vx * nx + vy * ny;
                if (along < 0) {
                    debris.vx[i] = (vx - 2 * along * nx) * 0.5f + rocks.vx[r];
                    debris.vy[i] = (vy - 2 * along * ny) * 0.5f + rocks.vy[r];
                }
                // Lift the chip off the surface so the next step's ray does not start inside the rock.
                debris.x[i] = rocks.x[r] + nx * (rocks.radius[r] + 0.5f);
                debris.y[i] = rocks.y[r] + ny * (rocks.radius[r] + 0.5f);
            }
            float drag = 1 - 0.6f * dt;
            debris.vx[i] *= drag;
            debris.vy[i] *= drag;
            i++;
        }
    }

    /** The first enemy ship the bullet's path passes within {@link Ships#RADIUS} of, before {@code reach}; or -1. */
    private int hitShip(int b, float dx, float dy, float reach) {
        int owner = bullets.owner[b];
        boolean fromPlayer = owner == Ships.PLAYER;
        int best = -1;
        float bestT = reach;
        for (int s = 0; s < ships.count; s++) {
            if (!ships.alive(s) || s == owner || (s != Ships.PLAYER) != fromPlayer) {
                continue;
            }
            float mx = ships.x[s] - bullets.x[b];
            float my = ships.y[s] - bullets.y[b];
            float t = Math.max(0, Math.min(bestT, mx * dx + my * dy));
            float ex = mx - dx * t;
            float ey = my - dy * t;
            if (ex * ex + ey * ey < Ships.RADIUS * Ships.RADIUS && t <= bestT) {
                bestT = t;
                best = s;
            }
        }
        return best;
    }

    private void damageShip(int s, int shooter, float hx, float hy) {
        ships.hull[s]--;
        ships.flash[s] = 0.12f;
        particles.burst(hx, hy, 0, 0, 0, 200f, 10, 0.4f, 4f, s == Ships.PLAYER ? 0x80E0FF : 0xFF7050);
        if (ships.hull[s] > 0) {
            return;
        }
        particles.burst(ships.x[s], ships.y[s], 0, 0, 0, 420f, 90, 1.1f, 7f, 0xFFB040);
        particles.burst(ships.x[s], ships.y[s], 0, 0, 0, 180f, 40, 1.4f, 10f, 0xFF5020);
        ships.respawn[s] = s == Ships.PLAYER ? 2f : 3f;
        if (s == Ships.PLAYER) {
            playerDeaths++;
        } else if (shooter == Ships.PLAYER) {
            playerKills++;
        }
    }

    private void limitRockSpeed(int r) {
        float v2 = rocks.vx[r] * rocks.vx[r] + rocks.vy[r] * rocks.vy[r];
        if (v2 > ROCK_MAX_SPEED * ROCK_MAX_SPEED) {
            float scale = ROCK_MAX_SPEED / (float) Math.sqrt(v2);
            rocks.vx[r] *= scale;
            rocks.vy[r] *= scale;
        }
    }

    private static float clamp(float v, float lo, float hi) {
        return v < lo ? lo : Math.min(v, hi);
    }
}
