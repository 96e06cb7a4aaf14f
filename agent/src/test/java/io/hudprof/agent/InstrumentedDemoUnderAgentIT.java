package io.hudprof.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The demo as shipped, which starts hudprof, draws its HUD and calls {@code Hudprof.update()} itself, run under the
 * agent: the agent sees that, neither updates nor draws, and every frame is gathered once.
 */
class InstrumentedDemoUnderAgentIT {
    private static final int FRAMES = 60;

    @Test
    void aGameThatUpdatesAndDrawsHudprofItselfIsNotDoubled() throws Exception {
        AgentRun run = AgentRun.start(AgentRun.outputDir().resolve("instrumented-demo-under-agent.txt"),
                DemoUnderAgentIT.demoClassPath(), "include=io.hudprof.demo.sim.Raycaster;hud=on", Map.of(),
                "io.hudprof.demo.DemoMain", "--headless", "--frames", String.valueOf(FRAMES), "--fixed-dt", "1/60",
                "--hud", "--report", "--size", "640x360");
        assertEquals(0, run.exitCode, run.output);
        assertTrue(run.output.contains("hudprof demo: GL errors 0"), run.output);
        assertTrue(run.output.contains("hudprof agent: the game creates its own HUD (Overlay.create): the agent draws"
                + " none"), run.output);
        assertTrue(run.output.contains("hudprof agent: the game calls Hudprof.update() itself: the agent does not"
                + " update the profiler"), run.output);
        assertTrue(run.output.contains("hudprof agent: " + FRAMES + " frames recorded, updated by the game"),
                "one update per frame, not two: " + run.output);
        // The agent's method zones land in the game's own report, under the game's hand-written zones.
        assertTrue(ReportBlock.read(run.output, "self time, last frame").names().contains("Raycaster.cast"),
                run.output);
        assertFalse(run.output.contains("Exception"), run.output);
    }
}
