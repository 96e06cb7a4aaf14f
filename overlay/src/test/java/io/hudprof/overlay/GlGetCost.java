package io.hudprof.overlay;

import static org.lwjgl.opengl.GL11.GL_COLOR_BUFFER_BIT;
import static org.lwjgl.opengl.GL11.GL_SCISSOR_TEST;
import static org.lwjgl.opengl.GL11.GL_VIEWPORT;
import static org.lwjgl.opengl.GL11.glClear;
import static org.lwjgl.opengl.GL11.glClearColor;
import static org.lwjgl.opengl.GL11.glDisable;
import static org.lwjgl.opengl.GL11.glEnable;
import static org.lwjgl.opengl.GL11.glFinish;
import static org.lwjgl.opengl.GL11.glFlush;
import static org.lwjgl.opengl.GL11.glGetIntegerv;
import static org.lwjgl.opengl.GL11.glScissor;
import static org.lwjgl.opengl.GL44.GL_QUERY_BUFFER_BINDING;

import java.util.Arrays;

/**
 * Whether a GL state query costs a frame time or only moves the driver's flush: not a test, a probe run by hand on a
 * real GPU (docs/BENCHMARKS.md, "On a real GPU"). Frames of GL commands end in a flush, in blocks that alternate
 * between "a glGetIntegerv(GL_QUERY_BUFFER_BINDING) before the flush" (what {@link GpuTimer}'s poll does) and "no
 * query"; printed: the median time of the query, of the flush, and of the whole frame in each kind of block.
 */
public final class GlGetCost {
    private GlGetCost() {
    }

    /** {@code [FRAMES] [COMMANDS]}: frames per kind of block (in blocks of 100) and commands a frame. */
    public static void main(String[] args) {
        int frames = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
        int commands = args.length > 1 ? Integer.parseInt(args[1]) : 400;
        try (GlContext gl = GlContext.open(GlContext.Profile.CORE, 640, 360)) {
            System.out.println("[hudprof] GL get cost on " + gl.description());
            long[][] get = new long[2][frames];
            long[][] flush = new long[2][frames];
            long[][] whole = new long[2][frames];
            int[] done = new int[2];
            int[] scratch = new int[4];
            for (int block = 0; done[0] < frames || done[1] < frames; block++) {
                int kind = block % 2;
                for (int f = 0; f < 100 && done[kind] < frames; f++) {
                    long t0 = System.nanoTime();
                    glEnable(GL_SCISSOR_TEST);
                    for (int c = 0; c < commands; c++) {
                        glScissor(c % 600, c % 300, 40, 40);
                        glClearColor(c * 0.001f, 0.2f, 0.3f, 1f);
                        glClear(GL_COLOR_BUFFER_BIT);
                    }
                    glDisable(GL_SCISSOR_TEST);
                    long t1 = System.nanoTime();
                    if (kind == 0) {
                        glGetIntegerv(GL_QUERY_BUFFER_BINDING, scratch);
                        glGetIntegerv(GL_VIEWPORT, scratch);
                    }
                    long t2 = System.nanoTime();
                    glFlush();
                    long t3 = System.nanoTime();
                    get[kind][done[kind]] = t2 - t1;
                    flush[kind][done[kind]] = t3 - t2;
                    whole[kind][done[kind]] = t3 - t0;
                    done[kind]++;
                }
                if (block % 10 == 9) {
                    glFinish(); // keeps the GPU from running arbitrarily far behind
                }
            }
            for (int kind = 0; kind < 2; kind++) {
                System.out.printf("[hudprof] %s: query %.1f us, flush %.1f us, whole frame %.1f us (medians of %d)%n",
                        kind == 0 ? "query before the flush" : "no query            ", median(get[kind]) / 1e3,
                        median(flush[kind]) / 1e3, median(whole[kind]) / 1e3, frames);
            }
        }
    }

    private static double median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
