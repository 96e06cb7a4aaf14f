package io.hudprof.demo.gfx;

import static org.lwjgl.opengl.GL33C.*;

import io.hudprof.core.GpuZone;
import io.hudprof.core.GpuZoneScope;
import io.hudprof.core.Zone;
import io.hudprof.core.ZoneScope;
import io.hudprof.demo.sim.Bullets;
import io.hudprof.demo.sim.Debris;
import io.hudprof.demo.sim.Particles;
import io.hudprof.demo.sim.Rocks;
import io.hudprof.demo.sim.Ships;
import io.hudprof.demo.sim.Slowdown;
import io.hudprof.demo.sim.World;
import java.nio.FloatBuffer;
import org.lwjgl.system.MemoryStack;
import org.lwjgl.system.MemoryUtil;

/**
 * Draws the world with OpenGL 3.3 core: a procedural space background, then every sprite as an instance of one
 * unit quad, in four instanced draw calls (whisker rays, rocks and chips, glows and bullets, ships). Rocks are
 * culled through the quadtree; the instance data is written into one buffer that keeps its size for the whole
 * game, so a frame allocates nothing.
 */
public final class Renderer implements AutoCloseable {
    private static final Zone CULL = Zone.local("Render:Cull");
    private static final Zone UPLOAD = Zone.local("Render:Upload");
    private static final Zone DRAW = Zone.local("Render:Draw");
    // GPU zones: what each pass costs the GPU, under <gpu>, nested in one Scene zone.
    private static final GpuZone SCENE = GpuZone.local("Scene");
    private static final GpuZone BACKGROUND = GpuZone.local("Background");
    private static final GpuZone BEAMS = GpuZone.local("Beams");
    private static final GpuZone ROCKS = GpuZone.local("Rocks");
    private static final GpuZone PARTICLES = GpuZone.local("Particles");
    private static final GpuZone SHIPS = GpuZone.local("Ships");
    /** Noise octaves per pixel the background adds when the GPU-heavy pass (F7) is on. */
    private static final int HEAVY_OCTAVES = 16;

    /** Floats per instance: pose (4), colour (4), extra (4). */
    private static final int FLOATS = 12;
    private static final int STRIDE = FLOATS * Float.BYTES;
    private static final float ROCK = 0;
    private static final float SHIP = 1;
    private static final float GLOW = 2;
    private static final float BULLET = 3;
    private static final float BEAM = 4;

    private final World world;
    private final Shader sprites;
    private final Shader background;
    private final int viewProjection;
    private final int backgroundCenter;
    private final int backgroundHalf;
    private final int backgroundArena;
    private final int backgroundTime;
    private final int backgroundHeavy;
    private boolean heavy;
    private final int quadVao;
    private final int emptyVao;
    private final int cornerBuffer;
    /**
     * Instance buffers used in turn, so the frame being filled never shares storage with one the GPU may still be
     * drawing from: a write then waits for nothing (orphaning makes some drivers, llvmpipe among them, wait).
     */
    private final int[] instanceBuffers = new int[3];
    private int instanceBuffer;
    private int frameCount;
    private final int capacity;
    private final FloatBuffer instances;
    private final int[] visibleRocks;
    private int instanceCount;
    private int drawnRocks;

    /** Creates the GL objects for drawing {@code world}; the game's context must be current. */
    public Renderer(World world) {
        this.world = world;
        this.sprites = Shader.load("sprite");
        this.background = Shader.load("background");
        viewProjection = sprites.uniform("uViewProj");
        backgroundCenter = background.uniform("uCenter");
        backgroundHalf = background.uniform("uHalf");
        backgroundArena = background.uniform("uArena");
        backgroundTime = background.uniform("uTime");
        backgroundHeavy = background.uniform("uHeavyOctaves");
        capacity = world.rocks.count + world.debris.capacity + world.particles.capacity + world.bullets.capacity
                + world.ships.count * (2 + world.whiskers() + 1);
        instances = MemoryUtil.memAllocFloat(capacity * FLOATS);
        visibleRocks = new int[world.rocks.count];

        quadVao = glGenVertexArrays();
        emptyVao = glGenVertexArrays();
        cornerBuffer = glGenBuffers();
        glGenBuffers(instanceBuffers);
        glBindVertexArray(quadVao);
        glBindBuffer(GL_ARRAY_BUFFER, cornerBuffer);
        glBufferData(GL_ARRAY_BUFFER, new float[] {-1, -1, 1, -1, -1, 1, 1, 1}, GL_STATIC_DRAW);
        glEnableVertexAttribArray(0);
        glVertexAttribPointer(0, 2, GL_FLOAT, false, 0, 0);
        for (int buffer : instanceBuffers) {
            glBindBuffer(GL_ARRAY_BUFFER, buffer);
            glBufferData(GL_ARRAY_BUFFER, (long) capacity * STRIDE, GL_STREAM_DRAW);
        }
        instanceBuffer = instanceBuffers[0];
        for (int a = 1; a <= 3; a++) {
            glEnableVertexAttribArray(a);
            glVertexAttribDivisor(a, 1);
        }
        pointInstances(0);
        glBindVertexArray(0);
        glBindBuffer(GL_ARRAY_BUFFER, 0);
    }

    /** Points the instance attributes at the instance with index {@code first}: GL 3.3 has no base-instance draw. */
    private static void pointInstances(int first) {
        long base = (long) first * STRIDE;
        glVertexAttribPointer(1, 4, GL_FLOAT, false, STRIDE, base);
        glVertexAttribPointer(2, 4, GL_FLOAT, false, STRIDE, base + 16);
        glVertexAttribPointer(3, 4, GL_FLOAT, false, STRIDE, base + 32);
    }

    /** Draws the world as {@code camera} sees it into the bound framebuffer of the given size. */
    public void draw(Camera camera, int width, int height, float time) {
        float halfW = camera.halfWidth(width);
        float halfH = camera.halfHeight(height);
        float x0 = camera.centerX() - halfW;
        float x1 = camera.centerX() + halfW;
        float y0 = camera.centerY() - halfH;
        float y1 = camera.centerY() + halfH;
        try (ZoneScope z = Slowdown.enter(CULL)) {
            world.quadTree.build();
            drawnRocks = world.quadTree.query(x0, y0, x1, y1, visibleRocks);
        }
        int beams;
        int solids;
        int glows;
        int ships;
        try (ZoneScope z = Slowdown.enter(UPLOAD)) {
            instances.clear();
            instanceCount = 0;
            putBeams(x0, y0, x1, y1, camera.zoom());
            beams = instanceCount;
            putRocks();
            putDebris(x0, y0, x1, y1);
            solids = instanceCount - beams;
            putGlows(x0, y0, x1, y1);
            glows = instanceCount - beams - solids;
            putShips(x0, y0, x1, y1);
            ships = instanceCount - beams - solids - glows;
            instances.flip();
            instanceBuffer = instanceBuffers[frameCount++ % instanceBuffers.length];
            glBindBuffer(GL_ARRAY_BUFFER, instanceBuffer);
            glBufferSubData(GL_ARRAY_BUFFER, 0, instances);
            glBindBuffer(GL_ARRAY_BUFFER, 0);
        }
        try (ZoneScope z = Slowdown.enter(DRAW); GpuZoneScope scene = SCENE.enter()) {
            glViewport(0, 0, width, height);
            glDisable(GL_DEPTH_TEST);
            glDisable(GL_CULL_FACE);
            glDisable(GL_BLEND);
            try (GpuZoneScope g = BACKGROUND.enter()) {
                glUseProgram(background.program);
                glUniform2f(backgroundCenter, camera.centerX(), camera.centerY());
                glUniform2f(backgroundHalf, halfW, halfH);
                glUniform1f(backgroundArena, World.ARENA);
                glUniform1f(backgroundTime, time);
                glUniform1i(backgroundHeavy, heavy ? HEAVY_OCTAVES : 0);
                glBindVertexArray(emptyVao);
                glDrawArrays(GL_TRIANGLES, 0, 3);
            }

            glUseProgram(sprites.program);
            try (MemoryStack stack = MemoryStack.stackPush()) {
                glUniformMatrix4fv(viewProjection, false, camera.update(width, height).get(stack.mallocFloat(16)));
            }
            glBindVertexArray(quadVao);
            glBindBuffer(GL_ARRAY_BUFFER, instanceBuffer);
            glEnable(GL_BLEND);
            glBlendFunc(GL_SRC_ALPHA, GL_ONE);
            drawRange(BEAMS, 0, beams);
            glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
            drawRange(ROCKS, beams, solids);
            glBlendFunc(GL_SRC_ALPHA, GL_ONE);
            drawRange(PARTICLES, beams + solids, glows);
            glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
            drawRange(SHIPS, beams + solids + glows, ships);
            glBindBuffer(GL_ARRAY_BUFFER, 0);
            glBindVertexArray(0);
            glUseProgram(0);
            glDisable(GL_BLEND);
        }
    }

    /**
     * The GPU-heavy pass (F7): the background adds {@value #HEAVY_OCTAVES} noise octaves per pixel, so the GPU's
     * share of the frame grows while the CPU submits exactly the same commands.
     */
    public void heavyBackground(boolean on) {
        heavy = on;
    }

    /** Whether the GPU-heavy background is on. */
    public boolean heavyBackground() {
        return heavy;
    }

    private static void drawRange(GpuZone pass, int first, int count) {
        if (count > 0) {
            try (GpuZoneScope g = pass.enter()) {
                pointInstances(first);
                glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, count);
            }
        }
    }

    private void put(float x, float y, float angle, float halfLength, float r, float g, float b, float a,
                     float halfWidth, float shape, float seed) {
        if (instanceCount == capacity) {
            return;
        }
        instances.put(x).put(y).put(angle).put(halfLength).put(r).put(g).put(b).put(a)
                .put(halfWidth).put(shape).put(seed).put(0f);
        instanceCount++;
    }

    /** The hunters' whisker rays, so the player can watch the AI look around; the line of sight glows red. */
    private void putBeams(float x0, float y0, float x1, float y1, float zoom) {
        Ships s = world.ships;
        float margin = 600;
        for (int h = 1; h < s.count; h++) {
            if (!s.alive(h) || s.x[h] < x0 - margin || s.x[h] > x1 + margin || s.y[h] < y0 - margin
                    || s.y[h] > y1 + margin) {
                continue;
            }
            for (int k = 0; k < world.whiskers(); k++) {
                float angle = s.heading[h] + world.whiskerAngle(k);
                float reach = world.whiskerReach(h, k);
                float cx = s.x[h] + (float) Math.cos(angle) * reach / 2;
                float cy = s.y[h] + (float) Math.sin(angle) * reach / 2;
                put(cx, cy, angle, reach / 2, 1f, 0.55f, 0.3f, 0.22f, 1.6f * zoom, BEAM, 0);
            }
            if (world.seesPlayer(h) && s.alive(Ships.PLAYER)) {
                float dx = s.x[Ships.PLAYER] - s.x[h];
                float dy = s.y[Ships.PLAYER] - s.y[h];
                float length = (float) Math.sqrt(dx * dx + dy * dy);
                put(s.x[h] + dx / 2, s.y[h] + dy / 2, (float) Math.atan2(dy, dx), length / 2, 1f, 0.15f, 0.2f,
                        0.45f, 2.2f * zoom, BEAM, 0);
            }
        }
    }

    private void putRocks() {
        Rocks rocks = world.rocks;
        for (int n = 0; n < drawnRocks; n++) {
            int i = visibleRocks[n];
            float look = rocks.look[i];
            // Greys, browns and a few rusty rocks, from the rock's own random number.
            float r = 0.50f + 0.22f * look;
            float g = 0.47f + 0.08f * look;
            float b = 0.46f - 0.12f * look;
            // The outline wanders between 0.78 and 0.96 of the quad: scale so the drawn rock matches its collision circle.
            float size = rocks.radius[i] / 0.86f;
            put(rocks.x[i], rocks.y[i], rocks.angle[i], size, r, g, b, 1f, size, ROCK, look);
        }
    }

    private void putDebris(float x0, float y0, float x1, float y1) {
        Debris d = world.debris;
        for (int i = 0; i < d.alive(); i++) {
            if (d.x[i] < x0 || d.x[i] > x1 || d.y[i] < y0 || d.y[i] > y1) {
                continue;
            }
            float fade = Math.min(1f, d.life[i] * 2);
            put(d.x[i], d.y[i], d.angle[i], d.size[i], 0.62f, 0.56f, 0.5f, fade, d.size[i], ROCK, (i % 17) / 17f);
        }
    }

    private void putGlows(float x0, float y0, float x1, float y1) {
        Particles p = world.particles;
        for (int i = 0; i < p.alive(); i++) {
            if (p.x[i] < x0 || p.x[i] > x1 || p.y[i] < y0 || p.y[i] > y1) {
                continue;
            }
            int c = p.color[i];
            float fade = p.life[i] / p.maxLife[i];
            float size = p.size[i] * (0.5f + 0.5f * fade);
            put(p.x[i], p.y[i], 0, size, (c >> 16 & 255) / 255f, (c >> 8 & 255) / 255f, (c & 255) / 255f,
                    fade * 0.9f, size, GLOW, 0);
        }
        Bullets b = world.bullets;
        for (int i = 0; i < b.alive(); i++) {
            if (b.x[i] < x0 || b.x[i] > x1 || b.y[i] < y0 || b.y[i] > y1) {
                continue;
            }
            boolean player = b.owner[i] == Ships.PLAYER;
            put(b.x[i], b.y[i], (float) Math.atan2(b.vy[i], b.vx[i]), 10f, 1f, player ? 0.9f : 0.25f,
                    player ? 0.35f : 0.55f, 1f, 3f, BULLET, 0);
        }
        Ships s = world.ships;
        for (int i = 0; i < s.count; i++) {
            if (s.alive(i) && s.x[i] > x0 - 40 && s.x[i] < x1 + 40 && s.y[i] > y0 - 40 && s.y[i] < y1 + 40) {
                boolean player = i == Ships.PLAYER;
                put(s.x[i], s.y[i], 0, 42f, player ? 0.2f : 1f, player ? 0.6f : 0.3f, player ? 1f : 0.15f, 0.28f, 42f,
                        GLOW, 0);
            }
        }
    }

    private void putShips(float x0, float y0, float x1, float y1) {
        Ships s = world.ships;
        for (int i = s.count - 1; i >= 0; i--) {
            if (!s.alive(i) || s.x[i] < x0 - 40 || s.x[i] > x1 + 40 || s.y[i] < y0 - 40 || s.y[i] > y1 + 40) {
                continue;
            }
            float flash = Math.min(1f, s.flash[i] * 8);
            boolean player = i == Ships.PLAYER;
            float r = player ? 0.35f : 1f;
            float g = player ? 0.85f : 0.42f;
            float b = player ? 1f : 0.22f;
            float size = player ? Ships.RADIUS * 1.5f : Ships.RADIUS * 1.25f;
            put(s.x[i], s.y[i], s.heading[i], size, r + (1 - r) * flash, g + (1 - g) * flash, b + (1 - b) * flash, 1f,
                    size, SHIP, 0);
        }
    }

    /** Rocks drawn in the last frame (after culling). */
    public int drawnRocks() {
        return drawnRocks;
    }

    /** Sprites drawn in the last frame. */
    public int drawnSprites() {
        return instanceCount;
    }

    @Override
    public void close() {
        glDeleteBuffers(instanceBuffers);
        glDeleteBuffers(cornerBuffer);
        glDeleteVertexArrays(quadVao);
        glDeleteVertexArrays(emptyVao);
        sprites.close();
        background.close();
        // Through the Buffer overload, which LWJGL 3.3 has too (3.4 added memFree(FloatBuffer)).
        MemoryUtil.memFree((java.nio.Buffer) instances);
    }
}
