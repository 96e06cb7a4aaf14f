package io.hudprof.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * A game that shows the HUD but never calls {@code Hudprof.update()} gets empty panels; the graph's title says what
 * is missing instead of a bare "no frame", and goes back to frame numbers once frames arrive.
 */
class NoFramesMessageTest {
    @Test
    void theGraphNamesTheMissingUpdateUntilAFrameIsRecorded() {
        try (ScriptedGame game = new ScriptedGame(64, 0);
                HudFrame frame = HudFrame.create(game.profiler, OverlayConfig.builder().startVisible(true).build())) {
            frame.build(1280, 720);
            assertEquals("no frames: call Hudprof.update() each frame", frame.graph().title().toString());

            game.frame(1.0);
            frame.build(1280, 720);
            String title = frame.graph().title().toString();
            assertTrue(title.startsWith("frame #"), title);
        }
    }
}
