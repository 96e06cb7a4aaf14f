package io.hudprof.gdx;

import com.badlogic.gdx.Gdx;
import com.badlogic.gdx.graphics.profiling.GLInterceptor;

import io.hudprof.stats.Counter;

/**
 * libGDX's {@code GLProfiler} counts as hudprof statistics, so they chart in the HUD beside the zones: once per frame
 * (at its end, after the game's {@code render()}), when the game has enabled a {@code GLProfiler} (then
 * {@code Gdx.gl} is its interceptor), the frame's GL calls, draw calls, texture bindings, shader switches and
 * vertices are added to the {@code libGDX/...} counters and the profiler is reset, as libGDX asks a game to do each
 * frame. A game that reads the profiler itself reads it inside its {@code render()}. The HUD's own GL calls go
 * through LWJGL directly and are not counted. The counters are defined the first time a profiler is seen, so a
 * game that never enables one gets no empty statistics. Allocation-free after that.
 */
final class GdxGlCounters {
    private Counter calls;
    private Counter drawCalls;
    private Counter textureBindings;
    private Counter shaderSwitches;
    private Counter vertices;

    void publish() {
        if (!(Gdx.gl instanceof GLInterceptor gl)) {
            return;
        }
        if (calls == null) {
            calls = Counter.define("libGDX/GL calls");
            drawCalls = Counter.define("libGDX/Draw calls");
            textureBindings = Counter.define("libGDX/Texture bindings");
            shaderSwitches = Counter.define("libGDX/Shader switches");
            vertices = Counter.define("libGDX/Vertices");
        }
        calls.add(gl.getCalls());
        drawCalls.add(gl.getDrawCalls());
        textureBindings.add(gl.getTextureBindings());
        shaderSwitches.add(gl.getShaderSwitches());
        vertices.add((long) gl.getVertexCount().total);
        gl.reset();
    }
}
