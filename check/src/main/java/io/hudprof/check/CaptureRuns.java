package io.hudprof.check;

import java.nio.file.Path;

/** Reads a {@code .hudprof} capture into a run's {@link Samples}, by replaying it into a profiler with a sampler. */
final class CaptureRuns {
    private CaptureRuns() {
    }

    static Samples read(Path file) throws RuleException {
        // The capture reader (module capture) is not on this branch yet: until it is, the command cannot read files.
        throw new RuleException("cannot read " + file + ": this build has no capture reader yet");
    }
}
