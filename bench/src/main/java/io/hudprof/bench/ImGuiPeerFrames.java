package io.hudprof.bench;

import static org.lwjgl.glfw.GLFW.*;
import static org.lwjgl.opengl.GL11.*;

import imgui.ImGui;
import imgui.ImGuiIO;
import imgui.flag.ImGuiTableFlags;
import imgui.gl3.ImGuiImplGl3;
import io.hudprof.core.FrameHistory;
import io.hudprof.core.report.Column;
import io.hudprof.core.report.Report;
import io.hudprof.stats.text.ReportCells;
import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.ReportRow;
import io.hudprof.stats.text.TextLine;
import io.hudprof.overlay.Overlay;
import io.hudprof.overlay.OverlayConfig;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;

/**
 * The shown HUD's added frame time next to Dear ImGui's (imgui-java 1.86.11, {@code ImGuiImplGl3}) on the same
 * content, in one process and one window: the {@link SyntheticGame} profile's 40-row report as a table and its
 * 512-frame history as a line plot. Modes in blocks, their order rotated every round: no UI, hudprof's overlay,
 * an ImGui window. A block's figure is its mean frame time (game frame, UI, {@code glfwSwapBuffers}, with a
 * {@code glFinish} so llvmpipe's rasterisation lands in the frame that caused it).
 *
 * <pre>xvfb-run -a -s '-screen 0 1280x720x24' java -cp bench/target/hudprof-benchmarks.jar \
 *     io.hudprof.bench.ImGuiPeerFrames [ROUNDS] [FRAMES_PER_BLOCK] [PNG_PREFIX]</pre>
 *
 * The ImGui side formats its cells into Strings each frame, as an ImGui user would; it is a peer, not hudprof code.
 */
public final class ImGuiPeerFrames {
    /** HudScene's framebuffer and config, in which the HUD shows exactly 40 rows and 512 graph columns. */
    private static final int WIDTH = HudScene.WIDTH;
    private static final int HEIGHT = HudScene.HEIGHT;
    private static final String[] MODES = {"none", "hudprof", "imgui"};

    private ImGuiPeerFrames() {
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 9;
        int framesPerBlock = args.length > 1 ? Integer.parseInt(args[1]) : 60;
        long window = BenchWindow.openCore33(WIDTH, HEIGHT, "hudprof vs ImGui");
        try (SyntheticGame game = new SyntheticGame(HudScene.FRAMES)) {
            game.frames(HudScene.FRAMES + 88);
            Overlay hud = Overlay.create(game.profiler(), OverlayConfig.builder().startVisible(true)
                    .visibleRows(HudScene.ROWS).graphMaxColumns(HudScene.FRAMES).build());
            ImGui.createContext();
            ImGuiIO io = ImGui.getIO();
            io.setIniFilename(null);
            io.setDisplaySize(WIDTH, HEIGHT);
            io.setDeltaTime(1f / 60);
            ImGuiImplGl3 imgui = new ImGuiImplGl3();
            imgui.init("#version 330 core");
            Report report = new Report();
            TextLine cell = new TextLine(32);
            float[] plot = new float[HudScene.FRAMES];
            double[][] ms = new double[MODES.length][rounds];
            double[][] cpu = new double[MODES.length][rounds];
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            for (int r = -1; r < rounds; r++) {
                for (int k = 0; k < MODES.length; k++) {
                    int mode = (k + Math.max(r, 0)) % MODES.length;
                    long start = System.nanoTime();
                    long cpuStart = threads.getCurrentThreadCpuTime();
                    for (int f = 0; f < framesPerBlock; f++) {
                        game.frame();
                        glClearColor(0.2f, 0.25f, 0.3f, 1f);
                        glClear(GL_COLOR_BUFFER_BIT);
                        if (mode == 1) {
                            hud.render(WIDTH, HEIGHT);
                        } else if (mode == 2) {
                            imguiFrame(game, report, cell, plot, imgui);
                        }
                        glfwSwapBuffers(window);
                        glFinish();
                        glfwPollEvents();
                    }
                    if (r >= 0) {
                        ms[mode][r] = (System.nanoTime() - start) / 1e6 / framesPerBlock;
                        cpu[mode][r] = (threads.getCurrentThreadCpuTime() - cpuStart) / 1e6 / framesPerBlock;
                    }
                }
            }
            System.out.println("load average at end " + MachineInfo.loadAverage());
            if (args.length > 2) {
                // What each side drew, to look at: PREFIX-hudprof.png and PREFIX-imgui.png.
                glClear(GL_COLOR_BUFFER_BIT);
                hud.render(WIDTH, HEIGHT);
                savePng(args[2] + "-hudprof.png");
                glClear(GL_COLOR_BUFFER_BIT);
                imguiFrame(game, report, cell, plot, imgui);
                savePng(args[2] + "-imgui.png");
            }
            for (int m = 0; m < MODES.length; m++) {
                System.out.println(MODES[m] + " ms/frame: " + summary(ms[m].clone()));
            }
            double[] hudAdded = new double[rounds];
            double[] imguiAdded = new double[rounds];
            double[] ratio = new double[rounds];
            for (int r = 0; r < rounds; r++) {
                hudAdded[r] = ms[1][r] - ms[0][r];
                imguiAdded[r] = ms[2][r] - ms[0][r];
                ratio[r] = hudAdded[r] / imguiAdded[r];
            }
            System.out.println("hudprof added ms/frame: " + summary(hudAdded));
            System.out.println("ImGui added ms/frame: " + summary(imguiAdded));
            System.out.println("hudprof added / ImGui added (per round): " + summary(ratio));
            // With LP_NUM_THREADS=0 llvmpipe rasterises on this thread: its CPU time is each mode's whole cost on one
            // core, which other work on a shared machine hardly moves.
            double[] cpuRatio = new double[rounds];
            for (int r = 0; r < rounds; r++) {
                cpuRatio[r] = (cpu[1][r] - cpu[0][r]) / (cpu[2][r] - cpu[0][r]);
            }
            System.out.println("llvmpipe threads: " + System.getenv().getOrDefault("LP_NUM_THREADS", "default"));
            for (int m = 0; m < MODES.length; m++) {
                System.out.println(MODES[m] + " thread CPU ms/frame: " + summary(cpu[m].clone()));
            }
            System.out.println("hudprof added / ImGui added, thread CPU (per round): " + summary(cpuRatio));
            imgui.dispose();
            ImGui.destroyContext();
            hud.close();
        } finally {
            glfwDestroyWindow(window);
            glfwTerminate();
        }
    }

    /** One ImGui frame with the same content as the HUD: the report's first 40 rows and the 512-frame history. */
    private static void imguiFrame(SyntheticGame game, Report report, TextLine cell, float[] plot,
            ImGuiImplGl3 imgui) {
        ReportController.of(game.profiler()).build(report);
        FrameHistory history = game.profiler().history();
        int frames = Math.min(plot.length, history.size());
        for (int i = 0; i < frames; i++) {
            plot[frames - 1 - i] = history.frameNanos(i) / 1e6f;
        }
        ImGui.newFrame();
        ImGui.setNextWindowPos(8, 8);
        ImGui.setNextWindowSize(900, 1000);
        ImGui.begin("hudprof report");
        int columns = report.columnCount();
        if (ImGui.beginTable("report", 1 + columns, ImGuiTableFlags.RowBg)) {
            ImGui.tableSetupColumn("zone");
            for (int c = 0; c < columns; c++) {
                ImGui.tableSetupColumn(report.column(c).header());
            }
            ImGui.tableHeadersRow();
            int rows = Math.min(HudScene.ROWS, report.rowCount());
            for (int i = 0; i < rows; i++) {
                ReportRow row = report.row(i);
                ImGui.tableNextRow();
                ImGui.tableNextColumn();
                ImGui.text(row.name());
                for (int c = 0; c < columns; c++) {
                    Column column = report.column(c);
                    ImGui.tableNextColumn();
                    // The HUD's own cell formatting, so both sides draw the same characters.
                    ReportCells.appendValue(row, column, cell.clear());
                    ImGui.text(cell.toString());
                }
            }
            ImGui.endTable();
        }
        // The binding dereferences the overlay text: "" rather than null (null crashes the JVM).
        ImGui.plotLines("frame ms", plot, frames, 0, "", 0, Float.MAX_VALUE, 512, 120);
        ImGui.end();
        ImGui.render();
        imgui.renderDrawData(ImGui.getDrawData());
    }

    /** The back buffer as a PNG (rows flipped: GL's origin is the bottom left). */
    private static void savePng(String path) {
        java.nio.ByteBuffer pixels = org.lwjgl.system.MemoryUtil.memAlloc(WIDTH * HEIGHT * 4);
        try {
            glReadPixels(0, 0, WIDTH, HEIGHT, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
            org.lwjgl.stb.STBImageWrite.stbi_flip_vertically_on_write(true);
            if (!org.lwjgl.stb.STBImageWrite.stbi_write_png(path, WIDTH, HEIGHT, 4, pixels, WIDTH * 4)) {
                throw new IllegalStateException("could not write " + path);
            }
            System.out.println("wrote " + path);
        } finally {
            org.lwjgl.system.MemoryUtil.memFree(pixels);
        }
    }

    private static String summary(double[] values) {
        Arrays.sort(values);
        int n = values.length;
        return String.format(Locale.ROOT, "median %.3f, middle half %.3f-%.3f (n=%d)", values[n / 2], values[n / 4],
                values[(3 * n) / 4], n);
    }
}
