package io.hudprof.viewer;

import io.hudprof.capture.compare.DiffReport;
import io.hudprof.capture.file.Capture;
import io.hudprof.capture.file.CaptureDiff;
import io.hudprof.capture.file.CaptureFormatException;
import io.hudprof.capture.file.CaptureReplay;
import io.hudprof.core.Averaging;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.ReportMode;
import io.hudprof.overlay.ZoneSearch;
import io.hudprof.stats.text.TextReport;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * {@code hudprof-viewer FILE.hudprof}: a capture replayed into a profile the window shows with the full HUD (pause and
 * scrub over the capture's frames), or with {@code --text} printed frame by frame. A file that is not a valid capture
 * is one line on the error stream (file and offset) and exit code 1, never a stack trace.
 */
final class CaptureViewing {
    private CaptureViewing() {
    }

    /** Opens the capture; null, with one line printed, when it cannot be read. */
    static Capture open(Path file, PrintStream err) {
        try {
            return Capture.open(file);
        } catch (CaptureFormatException e) {
            err.println("hudprof-viewer: " + e.getMessage());
        } catch (IOException e) {
            err.println("hudprof-viewer: cannot read " + file + ": " + e);
        } catch (OutOfMemoryError e) {
            err.println("hudprof-viewer: " + file + " does not fit in memory (" + e.getMessage() + "); give the JVM"
                    + " more with -Xmx");
        }
        return null;
    }

    /** The diff of {@code before} against {@code after}; null, with one line printed, when one cannot be read. */
    static DiffReport diff(Path before, Path after, PrintStream err) {
        for (Path file : new Path[] {before, after}) {
            if (open(file, err) == null) {
                return null;
            }
        }
        try {
            return CaptureDiff.diff(before, after);
        } catch (IOException | RuntimeException e) {
            err.println("hudprof-viewer: comparing " + before + " with " + after + " failed: " + e.getMessage());
            return null;
        }
    }

    /** The capture's header as the first lines of the text output. */
    static void printHeader(Capture capture, PrintStream out) {
        out.println("Capture " + capture.file() + ": " + capture.frames().size() + " frames, "
                + capture.droppedFrames() + " the writer could not take, " + capture.threads().size() + " threads, "
                + capture.zones().size() + " zones (format 1." + capture.minorVersion() + ")");
        for (Map.Entry<String, String> e : capture.header().entrySet()) {
            out.println("  " + e.getKey() + ": " + e.getValue());
        }
    }

    /**
     * {@code --text [--search TEXT] FILE.hudprof}: the header, then per recorded frame its hierarchical report (with
     * a search, only the zones whose names contain it and the rows that lead to them; its title line with the frame's
     * problem counts) and, when the capture holds statistics, its statistics report; then the notes with the frames
     * they touched.
     */
    static int text(Path file, String search, PrintStream out, PrintStream err) {
        Capture capture = open(file, err);
        if (capture == null) {
            return 1;
        }
        printHeader(capture, out);
        try (CaptureReplay replay = capture.replay()) {
            ReportController controller = ReportController.of(replay.profiler());
            ZoneSearch.of(controller).set(search);
            if (!search.isEmpty()) {
                out.println("  search: \"" + search + "\" (only zones whose names contain it, and what leads to them)");
            }
            Report report = new Report();
            StringBuilder text = new StringBuilder(4096);
            replay.profiler().addFrameListener((nanos, recorded) -> {
                if (!recorded) {
                    return;
                }
                controller.setAveraging(Averaging.INSTANTANEOUS);
                controller.setMode(ReportMode.HIERARCHICAL_TIME);
                controller.build(report);
                text.setLength(0);
                text.append(String.format(Locale.ROOT, "Frame %d, %.3f ms:%n", replay.profiler().recordedFrames(),
                        nanos / 1e6));
                TextReport.append(report, text);
                if (replay.statistics() != null) {
                    controller.setMode(ReportMode.STATISTICS);
                    controller.build(report);
                    TextReport.append(report, text);
                }
                out.print(text);
            });
            replay.replayAll();
            // Notes settle after the frames they touch (a GC notification comes late): listed once all are in.
            for (Capture.Note note : capture.notes()) {
                long first = replay.replayedFrameNumber(note.firstFrame());
                long last = replay.replayedFrameNumber(note.lastFrame());
                out.println(first < 0 || last < 0 ? "Note (on frames before the capture): " + note.text()
                        : first == last ? "Note on frame " + first + ": " + note.text()
                        : "Note on frames " + first + " to " + last + ": " + note.text());
            }
        } catch (RuntimeException e) {
            err.println("hudprof-viewer: replaying " + file + " failed: " + e);
            return 1;
        }
        return 0;
    }

    /**
     * The window on the capture: replayed on a thread of its own while the HUD draws it; stays open on it. With a
     * second capture, the window shows that one (after) and its diff panel the diff of the first (before) against it.
     */
    static int window(ViewerOptions options, PrintStream err, CountDownLatch stop) throws InterruptedException {
        DiffReport diff = null;
        if (options.compareWith() != null) {
            diff = diff(options.capture(), options.compareWith(), err);
            if (diff == null) {
                return 1;
            }
        }
        Path file = options.compareWith() != null ? options.compareWith() : options.capture();
        Capture capture = open(file, err);
        if (capture == null) {
            return 1;
        }
        CaptureReplay replay = capture.replay();
        String title = capture.title().isEmpty() ? file.getFileName().toString()
                : capture.title() + " (" + file.getFileName() + ")";
        RemoteProfile profile = new RemoteProfile(replay.profiler(), replay.lock(), "capture " + title);
        ViewerWindow window;
        try {
            window = ViewerWindow.open(profile, 1280, 800, options.headless());
        } catch (IllegalStateException e) {
            err.println("hudprof-viewer: " + e.getMessage());
            replay.close();
            return 1;
        }
        if (diff != null) {
            window.hud().controls().showDiff(diff);
        }
        int[] result = new int[1];
        java.util.concurrent.atomic.AtomicBoolean stopFeeding = new java.util.concurrent.atomic.AtomicBoolean();
        Thread feeder = new Thread(() -> {
            try {
                while (!stopFeeding.get() && replay.step()) {
                    // one captured frame per step
                }
            } catch (RuntimeException e) {
                err.println("hudprof-viewer: replaying " + file + " failed: " + e);
                result[0] = 1;
            }
        }, "hudprof-viewer-capture");
        feeder.setDaemon(true);
        feeder.start();
        try {
            if (options.screenshot() != null) {
                return ViewerMain.screenshotAfter(feeder, window, options.screenshot(), result, err);
            }
            int frames = capture.frames().size();
            window.loop(stop, () -> "hudprof-viewer | capture " + title + " | " + replay.position() + " of "
                    + frames + " frames" + (capture.droppedFrames() > 0 ? ", " + capture.droppedFrames()
                    + " lost when written" : "") + " | P pause, Left/Right scrub");
            return result[0];
        } finally {
            stopFeeding.set(true);
            feeder.join(10_000);
            window.close();
            replay.close();
            profile.close();
        }
    }
}
