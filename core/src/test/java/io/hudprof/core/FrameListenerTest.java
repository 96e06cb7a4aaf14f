package io.hudprof.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.hudprof.core.report.Report;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Frame listeners hear every update with the frame's duration, and their failures never reach the game. */
class FrameListenerTest {
    @Test
    void listenersHearEachFrameDurationAndWhetherItWasRecorded() {
        try (ProfilerFixture fx = new ProfilerFixture()) {
            List<String> heard = new ArrayList<>();
            FrameListener listener = (nanos, recorded) -> heard.add(nanos + (recorded ? " recorded" : " skipped")
                    + " frame " + fx.profiler.recordedFrames() + " history " + fx.profiler.history().size());
            fx.profiler.addFrameListener(listener);
            fx.profiler.addFrameListener(listener);
            fx.micros(100);
            fx.profiler.update();
            fx.micros(50);
            fx.profiler.update(false);
            fx.profiler.removeFrameListener(listener);
            fx.micros(10);
            fx.profiler.update();
            assertEquals(List.of("100000 recorded frame 1 history 1", "50000 skipped frame 1 history 1"), heard,
                    "told once each, after the frame was committed; not after removal");
        }
    }

    @Test
    void aThrowingListenerIsCountedAsAProblemAndOthersStillRun() {
        try (ProfilerFixture fx = new ProfilerFixture()) {
            int[] calls = new int[1];
            fx.profiler.addFrameListener((nanos, recorded) -> {
                throw new IllegalStateException("listener bug");
            });
            fx.profiler.addFrameListener((nanos, recorded) -> calls[0]++);
            fx.profiler.update();
            fx.profiler.update();
            assertEquals(2, calls[0]);
            Report report = fx.build();
            assertEquals(1, report.problemsInFrame(Problem.FRAME_LISTENER_FAILED),
                    "counted with the frame after the failure");
            assertEquals(1, report.problemsTotal(Problem.FRAME_LISTENER_FAILED));
            fx.profiler.update();
            assertEquals(2, fx.profiler.problemsTotal(Problem.FRAME_LISTENER_FAILED));
            assertThrows(IllegalArgumentException.class, () -> fx.profiler.addFrameListener(null));
        }
    }
}
