package io.hudprof.check;

import io.hudprof.capture.file.Capture;
import io.hudprof.capture.file.CaptureFormatException;
import io.hudprof.capture.file.CaptureReplay;
import io.hudprof.core.ProfilerConfig;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Reads a {@code .hudprof} capture into a run's {@link Samples}: the capture is replayed frame by frame into a profiler
 * of its own ({@link CaptureReplay}) with a {@link ZoneSamples} on it, so the values are those the live profiler's
 * report showed for each frame.
 */
public final class CaptureRuns {
    private CaptureRuns() {
    }

    /**
     * The capture's frames as a run.
     *
     * @throws RuleException when the file is missing, unreadable or not a valid capture (one line, naming the file)
     */
    public static Samples read(Path file) throws RuleException {
        if (!Files.isRegularFile(file)) {
            throw new RuleException(file + " does not exist or is not a file; give a .hudprof capture");
        }
        Capture capture;
        try {
            capture = Capture.open(file);
        } catch (CaptureFormatException e) {
            throw new RuleException(oneLine(e.getMessage()));
        } catch (NoSuchFileException e) {
            throw new RuleException(file + " does not exist; give a .hudprof capture");
        } catch (IOException | RuntimeException e) {
            throw new RuleException("cannot read " + file + ": " + oneLine(String.valueOf(e.getMessage())));
        }
        if (capture.frames().isEmpty()) {
            throw new RuleException(file + " holds no frame; capture a run with frames in it");
        }
        CaptureReplay replay = capture.replay(ProfilerConfig.builder().historyFrames(64));
        try {
            ZoneSamples samples = ZoneSamples.attachTo(replay.profiler());
            replay.replayAll();
            return samples.samples();
        } finally {
            replay.releaseZones();
        }
    }

    private static String oneLine(String message) {
        String m = message == null ? "" : message.strip();
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }
}
