package io.hudprof.capture.file;

import io.hudprof.core.ProfilerConfig;
import io.hudprof.capture.compare.DiffReport;
import io.hudprof.capture.compare.DiffText;
import io.hudprof.capture.compare.RangeSummary;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Compares two captures, or two frame ranges of one: each is replayed into a profiler of its own that holds all of its
 * frames, summed by name ({@link RangeSummary}: zone ids differ between runs; with the statistics' per-frame means
 * where the capture has statistics) and compared as a {@link DiffReport}.
 *
 * <p>From the command line,
 * {@code java -cp ... io.hudprof.capture.file.CaptureDiff A.hudprof B.hudprof [--rows N] [--search TEXT]}
 * prints {@link DiffText}; a bad file or argument prints one line and exits 2.
 */
public final class CaptureDiff {
    static final String USAGE = "usage: CaptureDiff A.hudprof B.hudprof [--rows N] [--search TEXT]   (A: before, B:"
            + " after; --search: only zones whose names contain TEXT, and edges with one at either end)";

    private CaptureDiff() {
    }

    /** The summary of every frame of {@code capture}, replayed into a profiler whose history holds them all. */
    public static RangeSummary summarize(Capture capture, String label) {
        int frames = Math.max(1, capture.frames().size());
        ProfilerConfig.Builder config = ProfilerConfig.builder().historyFrames(frames).fullHistory(true)
                .stateHistoryEntries(Math.min(1 << 23, Math.max(1 << 16, frames * 1024)));
        CaptureReplay replay = capture.replay(config);
        try {
            replay.replayAll();
            synchronized (replay.lock()) {
                return RangeSummary.ofHistory(replay.profiler().data(), replay.statistics(), label);
            }
        } finally {
            // The summary keeps names, not zones: the capture's private zones go back to the registry, so that a
            // process that diffs many captures (or a test beside the game) is not left with copies of its zones.
            replay.releaseZones();
        }
    }

    /** The diff of capture {@code a} (before) against {@code b} (after), each labelled with its file name. */
    public static DiffReport diff(Path a, Path b) throws IOException {
        return DiffReport.between(summarize(Capture.open(a), a.getFileName().toString()),
                summarize(Capture.open(b), b.getFileName().toString()));
    }

    public static void main(String[] args) {
        int code = run(args, System.out, System.err);
        System.out.flush();
        if (code != 0) {
            System.exit(code);
        }
    }

    /**
     * Runs the command ({@code A.hudprof B.hudprof [--rows N] [--search TEXT]}) and returns its exit code: 0 printed, 2 bad arguments
     * or a file that cannot be read (one line on {@code err}). The viewer's {@code --text A B} calls it.
     */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        Path a = null;
        Path b = null;
        int rows = 30;
        String search = "";
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--search") && i + 1 < args.length) {
                search = args[++i];
            } else if (args[i].equals("--rows") && i + 1 < args.length) {
                try {
                    rows = Integer.parseInt(args[++i]);
                } catch (NumberFormatException e) {
                    rows = -1;
                }
                if (rows < 0) {
                    err.println("CaptureDiff: --rows " + args[i] + ": expected a whole number, 0 for all");
                    return 2;
                }
            } else if (a == null) {
                a = Path.of(args[i]);
            } else if (b == null) {
                b = Path.of(args[i]);
            } else {
                err.println("CaptureDiff: unexpected argument " + args[i] + "; " + USAGE);
                return 2;
            }
        }
        if (a == null || b == null) {
            err.println(USAGE);
            return 2;
        }
        for (Path file : new Path[] {a, b}) {
            if (!Files.isRegularFile(file)) {
                err.println("CaptureDiff: " + file + ": no such file");
                return 2;
            }
        }
        try {
            out.print(DiffText.render(diff(a, b), rows, search));
            return 0;
        } catch (CaptureFormatException e) {
            err.println("CaptureDiff: " + e.getMessage());
            return 2;
        } catch (IOException e) {
            err.println("CaptureDiff: cannot read " + e.getMessage());
            return 2;
        }
    }
}
