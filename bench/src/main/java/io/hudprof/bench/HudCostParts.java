package io.hudprof.bench;

import static org.lwjgl.glfw.GLFW.*;
import static org.lwjgl.opengl.GL33C.*;

import io.hudprof.overlay.HudAction;
import io.hudprof.overlay.Overlay;
import io.hudprof.overlay.OverlayConfig;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteBuffer;
import java.nio.FloatBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.lwjgl.BufferUtils;

/**
 * Where the shown HUD's frame time goes on the machine at hand, in one window and one run: the HUD whole, without its
 * graph, and with 5 rows instead of 40 (all at {@link HudScene}'s settings), next to two calibration draws made with
 * plain GL, to read the HUD's figures against: one translucent rectangle covering as many pixels as the whole HUD
 * does (its panel area, one layer) and 1,500 translucent glyph-sized quads (about the report's glyph count). On a software rasteriser the HUD's
 * cost follows those two quantities, blended pixels and primitives, not its CPU-side draw list.
 *
 * <p>The refresh interval ({@code OverlayConfig.refreshInterval}): the HUD modes above redraw every frame (interval
 * 0); four more show the HUD as shipped (opaque, 500 ms, on the game's manual clock of about 14 ms a frame), a frame
 * between refreshes (its kept copy put back: one textured quad per panel), a refresh (drawn into the copy, then put
 * back; a mouse move over the panel's title each frame makes every frame one) and a translucent HUD's frame between
 * refreshes (its draw list drawn again). Calibration draws beside them copy the HUD's area with plain GL: from a
 * texture by one opaque quad (with {@code texture} or {@code texelFetch}, from a texture made from RGBA or BGRA pixels
 * or from the window's own), by {@code glBlitFramebuffer}, and the other way by {@code glCopyTexSubImage2D}.
 *
 * <p>Modes run in blocks with their order rotated every round; a mode's figure is the fastest block of the run (the
 * least disturbed by other work on the machine), its frame time including {@code glfwSwapBuffers} and a
 * {@code glFinish}, so rasterisation lands in the frame that caused it. The time inside {@code Overlay.render}
 * (the game thread's own share: report, draw list, GL submission) is printed beside it.
 *
 * <p>The thread's CPU time per frame is printed too. With {@code LP_NUM_THREADS=0} llvmpipe rasterises on the calling
 * thread, so that column is the whole cost of each mode on one core, and other work on the machine barely moves it:
 * the figure to compare changes with on a shared machine.
 *
 * <p>Three more calibrations draw the 1,500 glyph-sized quads as the HUD draws text, sampling an R8 coverage texture:
 * blended, mixed in the shader with a known background colour and written unblended, and blended with
 * {@code GL_LINEAR} filtering (docs/BENCHMARKS.md, "The HUD's glyphs on llvmpipe").
 *
 * <p>The optional third argument runs only the listed modes (comma-separated indexes, as printed in order; 0, no HUD,
 * always runs), so a comparison of a few modes can take more rounds in the same time.
 *
 * <pre>[LP_NUM_THREADS=0] xvfb-run -a -s '-screen 0 1920x1080x24' java -cp bench/target/hudprof-benchmarks.jar \
 *     io.hudprof.bench.HudCostParts [ROUNDS] [FRAMES_PER_BLOCK] [MODES]</pre>
 */
public final class HudCostParts {
    private static final int WIDTH = HudScene.WIDTH;
    private static final int HEIGHT = HudScene.HEIGHT;
    private static final int GLYPH_QUADS = 1_500;

    private HudCostParts() {
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 12;
        int framesPerBlock = args.length > 1 ? Integer.parseInt(args[1]) : 30;
        long window = BenchWindow.openCore33(WIDTH, HEIGHT, "hudprof cost parts");
        try (SyntheticGame game = new SyntheticGame(HudScene.FRAMES)) {
            game.frames(HudScene.FRAMES + 88);
            Overlay whole = hud(game, HudScene.ROWS, true);
            Overlay noGraph = hud(game, HudScene.ROWS, false);
            Overlay fiveRows = hud(game, 5, false);
            Overlay opaqueWhole = hud(game, HudScene.ROWS, true, true);
            Overlay opaqueNoGraph = hud(game, HudScene.ROWS, false, true);
            // The HUD as shipped (opaque, 500 ms), and with an interval no block reaches (10 s on the game's manual
            // clock of 14 ms a frame): every frame shows the kept copy; a mouse move over the panel each frame
            // makes every frame a refresh into the copy instead.
            Overlay shipped = hud(game, HudScene.ROWS, true, true, OverlayConfig.builder().build().refreshInterval());
            Overlay cachedOpaque = hud(game, HudScene.ROWS, true, true, Duration.ofSeconds(10));
            Overlay refreshedOpaque = hud(game, HudScene.ROWS, true, true, Duration.ofSeconds(10));
            Overlay cachedTranslucent = hud(game, HudScene.ROWS, true, false, Duration.ofSeconds(10));
            Calibration calibration = new Calibration(whole);
            calibration.copyWindow();
            String[] names = {"no HUD", "HUD (translucent): 40 rows + 512-frame graph", "HUD (translucent): 40 rows, no graph",
                    "HUD (translucent): 5 rows, no graph", "plain GL: the HUD's area, one translucent layer",
                    "plain GL: " + GLYPH_QUADS + " translucent glyph-sized quads",
                    "plain GL: the HUD's area, one opaque layer (no blending)",
                    "plain GL: " + GLYPH_QUADS + " opaque glyph-sized quads (no blending)",
                    "HUD, opaque panels: 40 rows + 512-frame graph", "HUD, opaque panels: 40 rows, no graph",
                    "HUD, opaque, refreshed every " + OverlayConfig.defaults().refreshInterval().toMillis() + " ms (the default; 14 ms frames)",
                    "HUD, opaque: a frame between refreshes (its copy put back)",
                    "HUD, opaque: a refresh (drawn into the copy, then put back)",
                    "HUD, translucent: a frame between refreshes (its draw list drawn again)",
                    "plain GL: the HUD's area copied from a texture, one opaque quad",
                    "plain GL: the HUD's area copied by glBlitFramebuffer",
                    "plain GL: the same from a texture made as BGRA, one opaque quad",
                    "plain GL: the same from a texture made as BGRA, by glBlitFramebuffer",
                    "plain GL: the HUD's area copied by texelFetch at gl_FragCoord, one opaque quad",
                    "plain GL: glBlitFramebuffer from a texture made by glCopyTexImage2D(GL_RGBA8) of the window",
                    "plain GL: glBlitFramebuffer from a texture made by glCopyTexImage2D(GL_RGB8) of the window",
                    "plain GL: glCopyTexSubImage2D of the HUD's area from the window into a texture",
                    "plain GL: " + GLYPH_QUADS + " glyph quads from a coverage texture, blended",
                    "plain GL: the same mixed with a known colour in the shader, no blending",
                    "plain GL: the same, blended, from a coverage texture with LINEAR filtering"};
            Overlay[] overlays = {null, whole, noGraph, fiveRows, null, null, null, null, opaqueWhole, opaqueNoGraph,
                shipped, cachedOpaque, refreshedOpaque, cachedTranslucent, null, null, null, null, null, null, null,
                null, null, null, null};
            // Optional third argument: the modes to run, as comma-separated indexes (0, no HUD, is always run).
            boolean[] run = new boolean[names.length];
            Arrays.fill(run, args.length <= 2);
            run[0] = true;
            if (args.length > 2) {
                for (String index : args[2].split(",")) {
                    run[Integer.parseInt(index.trim())] = true;
                }
            }
            double[][] frameMs = new double[names.length][rounds];
            double[][] renderMs = new double[names.length][rounds];
            double[][] cpuMs = new double[names.length][rounds];
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            for (int r = -1; r < rounds; r++) {
                for (int k = 0; k < names.length; k++) {
                    int mode = (k + Math.max(r, 0)) % names.length;
                    if (!run[mode]) {
                        continue;
                    }
                    long start = System.nanoTime();
                    long cpuStart = threads.getCurrentThreadCpuTime();
                    long inRender = 0;
                    for (int f = 0; f < framesPerBlock; f++) {
                        game.frame();
                        glClearColor(0.2f, 0.25f, 0.3f, 1f);
                        glClear(GL_COLOR_BUFFER_BIT);
                        long before = System.nanoTime();
                        if (overlays[mode] == refreshedOpaque) {
                            // Over the panel's title (no row lights up): an input the HUD uses, so it refreshes.
                            refreshedOpaque.mouse().moved(20 + f % 2, 12);
                        }
                        if (overlays[mode] != null) {
                            overlays[mode].render(WIDTH, HEIGHT);
                        } else if (mode == 4) {
                            calibration.drawPanels(true);
                        } else if (mode == 5) {
                            calibration.drawGlyphQuads(true);
                        } else if (mode == 6) {
                            calibration.drawPanels(false);
                        } else if (mode == 7) {
                            calibration.drawGlyphQuads(false);
                        } else if (mode == 14) {
                            calibration.copyByQuad();
                        } else if (mode == 15) {
                            calibration.copyByBlit();
                        } else if (mode == 16) {
                            calibration.copyByQuad(true);
                        } else if (mode == 17) {
                            calibration.copyByBlit(true);
                        } else if (mode == 18) {
                            calibration.copyByFetch();
                        } else if (mode == 19) {
                            calibration.blitFrom(calibration.windowRgbaFramebuffer);
                        } else if (mode == 20) {
                            calibration.blitFrom(calibration.windowRgbFramebuffer);
                        } else if (mode == 21) {
                            calibration.readBack();
                        } else if (mode == 22) {
                            calibration.drawCoverageGlyphs(false, false);
                        } else if (mode == 23) {
                            calibration.drawCoverageGlyphs(true, false);
                        } else if (mode == 24) {
                            calibration.drawCoverageGlyphs(false, true);
                        }
                        inRender += System.nanoTime() - before;
                        glfwSwapBuffers(window);
                        glFinish();
                        glfwPollEvents();
                    }
                    if (r >= 0) {
                        frameMs[mode][r] = (System.nanoTime() - start) / 1e6 / framesPerBlock;
                        renderMs[mode][r] = inRender / 1e6 / framesPerBlock;
                        cpuMs[mode][r] = (threads.getCurrentThreadCpuTime() - cpuStart) / 1e6 / framesPerBlock;
                    }
                }
            }
            System.out.println("load average at end " + MachineInfo.loadAverage());
            System.out.printf(Locale.ROOT, "HUD panel area %d px (%.1f %% of the window)%n", calibration.panelArea,
                    100.0 * calibration.panelArea / (WIDTH * HEIGHT));
            System.out.println("llvmpipe threads: " + System.getenv().getOrDefault("LP_NUM_THREADS", "default"));
            double none = min(frameMs[0]);
            double noneCpu = min(cpuMs[0]);
            System.out.println("| mode | frame ms, fastest block | added ms | thread CPU ms/frame | added CPU ms "
                    + "| in render() ms |");
            System.out.println("|---|---:|---:|---:|---:|---:|");
            for (int m = 0; m < names.length; m++) {
                if (!run[m]) {
                    continue;
                }
                System.out.printf(Locale.ROOT, "| %s | %.3f | %.3f | %.3f | %.3f | %.3f |%n", names[m],
                        min(frameMs[m]), min(frameMs[m]) - none, min(cpuMs[m]), min(cpuMs[m]) - noneCpu,
                        min(renderMs[m]));
            }
            calibration.close();
            whole.close();
            noGraph.close();
            fiveRows.close();
            opaqueWhole.close();
            opaqueNoGraph.close();
            shipped.close();
            cachedOpaque.close();
            refreshedOpaque.close();
            cachedTranslucent.close();
        } finally {
            glfwDestroyWindow(window);
            glfwTerminate();
        }
    }

    private static Overlay hud(SyntheticGame game, int rows, boolean graph) {
        return hud(game, rows, graph, false);
    }

    /** A HUD drawn afresh every frame (refresh interval 0), as every HUD was before the interval existed. */
    private static Overlay hud(SyntheticGame game, int rows, boolean graph, boolean opaque) {
        return hud(game, rows, graph, opaque, Duration.ZERO);
    }

    private static Overlay hud(SyntheticGame game, int rows, boolean graph, boolean opaque, Duration refresh) {
        Overlay overlay = Overlay.create(game.profiler(), OverlayConfig.builder().startVisible(true)
                .visibleRows(rows).graphMaxColumns(HudScene.FRAMES).opaquePanels(opaque).refreshInterval(refresh).refreshWarmUp(0)
                .build());
        if (!graph) {
            overlay.controls().perform(HudAction.TOGGLE_GRAPH);
        }
        return overlay;
    }

    private static double min(double[] values) {
        return Arrays.stream(values).min().orElse(Double.NaN);
    }

    /** The two plain-GL draws: a flat-colour program, translucent, blended as the HUD blends. */
    private static final class Calibration implements AutoCloseable {
        private final int program;
        private final int vertexArray;
        private final int panelBuffer;
        private final int glyphBuffer;
        private final int panelVertices;
        private final int glyphVertices;
        final long panelArea;
        /** The copy's source: a texture as large as the window in a framebuffer object, and its program. */
        private final int copyProgram;
        int windowRgbaFramebuffer;
        int windowRgbFramebuffer;
        private int windowRgbaTexture;
        private final int fetchProgram;
        private final int copyTexture;
        private final int copyFramebuffer;
        /** The same made from BGRA pixels: Mesa then picks the window's channel order for it. */
        private final int bgraTexture;
        private final int bgraFramebuffer;
        private final int copyRows;
        /** Glyph quads with atlas coordinates, a coverage texture (R8) like the font atlas, and the two programs. */
        private final int coverageBuffer;
        private final int coverageVertices;
        private final int coverageTexture;
        private final int coverageLinearTexture;
        private final int blendedGlyphProgram;
        private final int mixedGlyphProgram;

        Calibration(Overlay whole) {
            program = link("#version 330 core\nlayout(location = 0) in vec2 position;\nuniform vec2 size;\n"
                    + "void main() { gl_Position = vec4(position.x / size.x * 2.0 - 1.0, "
                    + "1.0 - position.y / size.y * 2.0, 0.0, 1.0); }\n",
                    "#version 330 core\nout vec4 color;\nvoid main() { color = vec4(0.08, 0.09, 0.1, 0.85); }\n");
            vertexArray = glGenVertexArrays();
            // As many pixels as the whole HUD covers (read back from one frame of it), as one rectangle.
            panelArea = coveredPixels(whole);
            int rows = (int) Math.min(HEIGHT, (panelArea + WIDTH - 1) / WIDTH);
            List<int[]> panels = List.of(new int[] {0, 0, WIDTH, rows});
            float[] panelQuads = quads(panels);
            Random random = new Random(1);
            List<int[]> glyphs = new ArrayList<>();
            for (int i = 0; i < GLYPH_QUADS; i++) {
                int x = 8 + random.nextInt(560);
                int y = 8 + random.nextInt(800);
                glyphs.add(new int[] {x, y, x + 8, y + 14});
            }
            float[] glyphQuads = quads(glyphs);
            panelBuffer = upload(panelQuads);
            glyphBuffer = upload(glyphQuads);
            panelVertices = panelQuads.length / 2;
            glyphVertices = glyphQuads.length / 2;
            copyRows = rows;
            copyProgram = link("#version 330 core\nlayout(location = 0) in vec2 position;\nuniform vec2 size;\n"
                    + "out vec2 uv;\nvoid main() { uv = vec2(position.x / size.x, 1.0 - position.y / size.y);\n"
                    + "gl_Position = vec4(uv * 2.0 - 1.0, 0.0, 1.0); }\n",
                    "#version 330 core\nin vec2 uv;\nuniform sampler2D picture;\nout vec4 color;\n"
                    + "void main() { color = texture(picture, uv); }\n");
            fetchProgram = link("#version 330 core\nlayout(location = 0) in vec2 position;\nuniform vec2 size;\n"
                    + "void main() { gl_Position = vec4(position.x / size.x * 2.0 - 1.0, "
                    + "1.0 - position.y / size.y * 2.0, 0.0, 1.0); }\n",
                    "#version 330 core\nuniform sampler2D picture;\nout vec4 color;\n"
                    + "void main() { color = texelFetch(picture, ivec2(gl_FragCoord.xy), 0); }\n");
            copyTexture = texture(GL_RGBA, GL_UNSIGNED_BYTE);
            copyFramebuffer = framebuffer(copyTexture);
            bgraTexture = texture(GL_BGRA, GL_UNSIGNED_INT_8_8_8_8_REV);
            bgraFramebuffer = framebuffer(bgraTexture);
            // The same 1,500 glyph rectangles, each sampling an 8x14 cell of a coverage texture one texel a pixel.
            float[] coverage = new float[glyphs.size() * 24];
            int at = 0;
            for (int[] r : glyphs) {
                float s0 = 0;
                float s1 = 8 / 128f;
                float t0 = 0;
                float t1 = 14 / 16f;
                float[] corners = {r[0], r[1], s0, t0, r[2], r[1], s1, t0, r[2], r[3], s1, t1,
                    r[0], r[1], s0, t0, r[2], r[3], s1, t1, r[0], r[3], s0, t1};
                System.arraycopy(corners, 0, coverage, at, 24);
                at += 24;
            }
            coverageBuffer = upload(coverage);
            coverageVertices = coverage.length / 4;
            coverageTexture = coverageTexture(GL_NEAREST);
            coverageLinearTexture = coverageTexture(GL_LINEAR);
            String vertex = "#version 330 core\nlayout(location = 0) in vec2 position;\n"
                    + "layout(location = 1) in vec2 atlas;\nuniform vec2 size;\nout vec2 uv;\nout vec4 tint;\n"
                    + "void main() { uv = atlas; tint = vec4(0.85, 0.9, 0.95, 1.0);\n"
                    + "gl_Position = vec4(position.x / size.x * 2.0 - 1.0, 1.0 - position.y / size.y * 2.0, 0.0, 1.0); }\n";
            blendedGlyphProgram = link(vertex, "#version 330 core\nin vec2 uv;\nin vec4 tint;\n"
                    + "uniform sampler2D atlas;\nout vec4 color;\n"
                    + "void main() { color = vec4(tint.rgb, tint.a * texture(atlas, uv).r); }\n");
            mixedGlyphProgram = link(vertex, "#version 330 core\nin vec2 uv;\nin vec4 tint;\n"
                    + "uniform sampler2D atlas;\nuniform vec4 ground;\nout vec4 color;\n"
                    + "void main() { color = vec4(mix(ground.rgb, tint.rgb, tint.a * texture(atlas, uv).r), 1.0); }\n");
        }

        /** A 128x16 coverage texture: a ramp, so sampled glyph pixels range from clear to full. */
        private static int coverageTexture(int filter) {
            ByteBuffer texels = BufferUtils.createByteBuffer(128 * 16);
            for (int i = 0; i < 128 * 16; i++) {
                texels.put(i, (byte) ((i * 37) & 0xFF));
            }
            int texture = glGenTextures();
            glBindTexture(GL_TEXTURE_2D, texture);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, filter);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, filter);
            glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
            glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, 128, 16, 0, GL_RED, GL_UNSIGNED_BYTE, texels);
            glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
            glBindTexture(GL_TEXTURE_2D, 0);
            return texture;
        }

        /**
         * The glyph quads sampling the coverage texture: blended as the HUD blends its text, or mixed in the shader
         * with a known background colour and written with blending off.
         */
        void drawCoverageGlyphs(boolean mixed, boolean linear) {
            int glyphProgram = mixed ? mixedGlyphProgram : blendedGlyphProgram;
            glUseProgram(glyphProgram);
            glUniform2f(glGetUniformLocation(glyphProgram, "size"), WIDTH, HEIGHT);
            if (mixed) {
                glUniform4f(glGetUniformLocation(glyphProgram, "ground"), 0.08f, 0.09f, 0.1f, 1f);
            }
            glBindTexture(GL_TEXTURE_2D, linear ? coverageLinearTexture : coverageTexture);
            glBindVertexArray(vertexArray);
            glBindBuffer(GL_ARRAY_BUFFER, coverageBuffer);
            glVertexAttribPointer(0, 2, GL_FLOAT, false, 16, 0);
            glVertexAttribPointer(1, 2, GL_FLOAT, false, 16, 8);
            glEnableVertexAttribArray(0);
            glEnableVertexAttribArray(1);
            if (!mixed) {
                glEnable(GL_BLEND);
                glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
            }
            glDrawArrays(GL_TRIANGLES, 0, coverageVertices);
            glDisable(GL_BLEND);
            glDisableVertexAttribArray(1);
            glBindVertexArray(0);
            glBindTexture(GL_TEXTURE_2D, 0);
            glUseProgram(0);
        }

        private static int texture(int format, int type) {
            int texture = glGenTextures();
            glBindTexture(GL_TEXTURE_2D, texture);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
            glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, WIDTH, HEIGHT, 0, format, type, (ByteBuffer) null);
            glBindTexture(GL_TEXTURE_2D, 0);
            return texture;
        }

        private static int framebuffer(int texture) {
            int framebuffer = glGenFramebuffers();
            glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
            glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture, 0);
            glClearColor(0.1f, 0.3f, 0.5f, 1f);
            glClear(GL_COLOR_BUFFER_BIT);
            glBindFramebuffer(GL_FRAMEBUFFER, 0);
            return framebuffer;
        }

        /** The HUD's area from the texture, one opaque quad drawn without blending (what the HUD's copy does). */
        void copyByQuad() {
            copyByQuad(false);
        }

        void copyByQuad(boolean bgra) {
            glUseProgram(copyProgram);
            glUniform2f(glGetUniformLocation(copyProgram, "size"), WIDTH, HEIGHT);
            glBindTexture(GL_TEXTURE_2D, bgra ? bgraTexture : copyTexture);
            draw(panelBuffer, panelVertices, false, copyProgram);
            glBindTexture(GL_TEXTURE_2D, 0);
        }

        /** Textures made from the window's own pixels, so the driver picks their format from the window's. */
        void copyWindow() {
            windowRgbaTexture = glGenTextures();
            glBindTexture(GL_TEXTURE_2D, windowRgbaTexture);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
            glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 0, 0, WIDTH, HEIGHT, 0);
            windowRgbaFramebuffer = glGenFramebuffers();
            glBindFramebuffer(GL_READ_FRAMEBUFFER, windowRgbaFramebuffer);
            glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, windowRgbaTexture, 0);
            glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
            int rgb = glGenTextures();
            glBindTexture(GL_TEXTURE_2D, rgb);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
            glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGB8, 0, 0, WIDTH, HEIGHT, 0);
            windowRgbFramebuffer = glGenFramebuffers();
            glBindFramebuffer(GL_READ_FRAMEBUFFER, windowRgbFramebuffer);
            glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, rgb, 0);
            glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
            glBindTexture(GL_TEXTURE_2D, 0);
        }

        void blitFrom(int framebuffer) {
            glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer);
            glBlitFramebuffer(0, HEIGHT - copyRows, WIDTH, HEIGHT, 0, HEIGHT - copyRows, WIDTH, HEIGHT,
                    GL_COLOR_BUFFER_BIT, GL_NEAREST);
            glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
        }

        /** The window's HUD area into the texture made from the window (a refresh's copy the other way). */
        void readBack() {
            glBindTexture(GL_TEXTURE_2D, windowRgbaTexture);
            glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, HEIGHT - copyRows, 0, HEIGHT - copyRows, WIDTH, copyRows);
            glBindTexture(GL_TEXTURE_2D, 0);
        }

        /** The HUD's area read with {@code texelFetch} at each pixel's own coordinates: no coordinate arithmetic. */
        void copyByFetch() {
            glBindTexture(GL_TEXTURE_2D, copyTexture);
            draw(panelBuffer, panelVertices, false, fetchProgram);
            glBindTexture(GL_TEXTURE_2D, 0);
        }

        /** The same area by {@code glBlitFramebuffer} from the texture's framebuffer into the window's. */
        void copyByBlit() {
            copyByBlit(false);
        }

        void copyByBlit(boolean bgra) {
            glBindFramebuffer(GL_READ_FRAMEBUFFER, bgra ? bgraFramebuffer : copyFramebuffer);
            // Rows counted from the top in the window: GL's y runs upwards.
            glBlitFramebuffer(0, HEIGHT - copyRows, WIDTH, HEIGHT, 0, HEIGHT - copyRows, WIDTH, HEIGHT,
                    GL_COLOR_BUFFER_BIT, GL_NEAREST);
            glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
        }

        /** Pixels the HUD changes over a cleared window. */
        private static long coveredPixels(Overlay hud) {
            glClearColor(0f, 0f, 0f, 1f);
            glClear(GL_COLOR_BUFFER_BIT);
            hud.render(WIDTH, HEIGHT);
            glFinish();
            ByteBuffer pixels = BufferUtils.createByteBuffer(WIDTH * HEIGHT * 4);
            glReadPixels(0, 0, WIDTH, HEIGHT, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
            long covered = 0;
            for (int i = 0; i < WIDTH * HEIGHT; i++) {
                if ((pixels.getInt(i * 4) & 0x00FFFFFF) != 0) {
                    covered++;
                }
            }
            return covered;
        }

        void drawPanels(boolean blended) {
            draw(panelBuffer, panelVertices, blended);
        }

        void drawGlyphQuads(boolean blended) {
            draw(glyphBuffer, glyphVertices, blended);
        }

        private void draw(int buffer, int vertices, boolean blended) {
            draw(buffer, vertices, blended, program);
        }

        private void draw(int buffer, int vertices, boolean blended, int program) {
            glUseProgram(program);
            glUniform2f(glGetUniformLocation(program, "size"), WIDTH, HEIGHT);
            glBindVertexArray(vertexArray);
            glBindBuffer(GL_ARRAY_BUFFER, buffer);
            glVertexAttribPointer(0, 2, GL_FLOAT, false, 8, 0);
            glEnableVertexAttribArray(0);
            if (blended) {
                glEnable(GL_BLEND);
                glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
            }
            glDrawArrays(GL_TRIANGLES, 0, vertices);
            glDisable(GL_BLEND);
            glBindVertexArray(0);
            glUseProgram(0);
        }

        private static float[] quads(List<int[]> rects) {
            float[] out = new float[rects.size() * 12];
            int at = 0;
            for (int[] r : rects) {
                float[] corners = {r[0], r[1], r[2], r[1], r[2], r[3], r[0], r[1], r[2], r[3], r[0], r[3]};
                System.arraycopy(corners, 0, out, at, 12);
                at += 12;
            }
            return out;
        }

        private static int upload(float[] data) {
            int buffer = glGenBuffers();
            glBindBuffer(GL_ARRAY_BUFFER, buffer);
            FloatBuffer floats = BufferUtils.createFloatBuffer(Math.max(1, data.length));
            floats.put(data).flip();
            glBufferData(GL_ARRAY_BUFFER, floats, GL_STATIC_DRAW);
            return buffer;
        }

        private static int link(String vertex, String fragment) {
            int p = glCreateProgram();
            for (int[] shader : new int[][] {{GL_VERTEX_SHADER, 0}, {GL_FRAGMENT_SHADER, 1}}) {
                int s = glCreateShader(shader[0]);
                glShaderSource(s, shader[1] == 0 ? vertex : fragment);
                glCompileShader(s);
                if (glGetShaderi(s, GL_COMPILE_STATUS) == 0) {
                    throw new IllegalStateException(glGetShaderInfoLog(s));
                }
                glAttachShader(p, s);
                glDeleteShader(s);
            }
            glLinkProgram(p);
            if (glGetProgrami(p, GL_LINK_STATUS) == 0) {
                throw new IllegalStateException(glGetProgramInfoLog(p));
            }
            return p;
        }

        @Override
        public void close() {
            glDeleteBuffers(panelBuffer);
            glDeleteBuffers(glyphBuffer);
            glDeleteVertexArrays(vertexArray);
            glDeleteProgram(program);
            glDeleteProgram(copyProgram);
            glDeleteProgram(fetchProgram);
            glDeleteFramebuffers(copyFramebuffer);
            glDeleteTextures(copyTexture);
            glDeleteFramebuffers(bgraFramebuffer);
            glDeleteTextures(bgraTexture);
            glDeleteBuffers(coverageBuffer);
            glDeleteTextures(coverageTexture);
            glDeleteTextures(coverageLinearTexture);
            glDeleteProgram(blendedGlyphProgram);
            glDeleteProgram(mixedGlyphProgram);
        }
    }
}
