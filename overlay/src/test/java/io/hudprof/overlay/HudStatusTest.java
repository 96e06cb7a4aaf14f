package io.hudprof.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.report.StatusSource;
import io.hudprof.core.report.Annexes;
import io.hudprof.core.report.ReportAnnex;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import io.hudprof.testkit.AllocationCheck;

/**
 * A status source given to the HUD (a PStats client's dropped frames) shows after the panel's title, follows its
 * counter every frame without allocating, and a failing source only loses its words.
 */
class HudStatusTest {

    @Test
    void theStatusFollowsTheTitleEveryFrameWithoutAllocating() {
        AtomicLong dropped = new AtomicLong();
        try (ScriptedGame game = new ScriptedGame(64, 0);
                HudFrame frame = HudFrame.create(game.profiler, OverlayConfig.builder().startVisible(true).build())) {
            frame.controls().status(dest -> dest.append("PStats ").append(dropped.get()).append(" dropped"));
            game.frame(1.0);
            assertTrue(frame.build(1280, 720));
            String title = frame.panel().titleText(frame.report()).toString();
            assertTrue(title.startsWith("hudprof | ") && title.endsWith(" | PStats 0 dropped"), title);

            dropped.set(12345);
            game.frame(1.0);
            frame.build(1280, 720);
            assertTrue(frame.panel().titleText(frame.report()).toString().endsWith(" | PStats 12345 dropped"));

            for (int i = 0; i < 300; i++) {
                game.frame(1.0);
                frame.build(1280, 720);
            }
            AllocationCheck.assertSteady("titles with a changing status", 300, 5, 100, () -> {
                dropped.incrementAndGet();
                frame.buildReport();
                frame.panel().titleText(frame.report());
            });

            frame.controls().status(dest -> {
                dest.append("half");
                throw new IllegalStateException("a buggy status source");
            });
            game.frame(1.0);
            assertTrue(frame.build(1280, 720));
            String without = frame.panel().titleText(frame.report()).toString();
            assertTrue(!without.contains("half") && !without.endsWith(" | "), without);

            frame.controls().status(null);
            assertTrue(!frame.panel().titleText(frame.report()).toString().contains("PStats"));
        }
    }

    @Test
    void theProfilersStatusShowsUnlessTheHudHasItsOwn() {
        try (ScriptedGame game = new ScriptedGame(64, 0);
                HudFrame frame = HudFrame.create(game.profiler, OverlayConfig.builder().startVisible(true).build())) {
            ReportAnnex pstats = new ReportAnnex() {
                @Override
                public StatusSource status() {
                    return dest -> dest.append("PStats 2 dropped");
                }
            };
            Annexes.of(game.profiler).add(pstats);
            game.frame(1.0);
            assertTrue(frame.build(1280, 720));
            assertTrue(frame.panel().titleText(frame.report()).toString().endsWith(" | PStats 2 dropped"));

            frame.controls().status(dest -> dest.append("own"));
            frame.build(1280, 720);
            assertTrue(frame.panel().titleText(frame.report()).toString().endsWith(" | own"));

            frame.controls().status(null);
            Annexes.of(game.profiler).remove(pstats);
            frame.build(1280, 720);
            assertTrue(!frame.panel().titleText(frame.report()).toString().contains(" | PStats"));
        }
    }
}
