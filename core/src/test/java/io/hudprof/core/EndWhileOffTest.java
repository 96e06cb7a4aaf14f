package io.hudprof.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.hudprof.core.report.Report;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** An end() while profiling is off that closes nothing ends a begin skipped while off: never an extra end. */
class EndWhileOffTest {
    private static final Zone A = Zone.local("off-a");
    private static final Zone B = Zone.local("off-b");

    private ProfilerFixture fx;

    @BeforeEach
    void setUp() {
        fx = new ProfilerFixture();
    }

    @AfterEach
    void tearDown() {
        fx.close();
    }

    @Test
    void endOfABeginSkippedWhileOffIsNotAnExtraEndWhileAnotherZoneIsOpen() {
        A.begin();
        fx.profiler.setEnabled(false);
        B.begin();
        B.end();
        fx.profiler.setEnabled(true);
        A.end();
        fx.profiler.update();
        Report report = fx.build();
        assertEquals(0, report.problemsInFrame(Problem.EXTRA_END), "a well-formed program");
        assertEquals(0, report.problemsTotal(Problem.EXTRA_END));
    }

    @Test
    void endOfABeginSkippedWhileOffIsNotAnExtraEndWithNothingOpen() {
        fx.profiler.setEnabled(false);
        B.begin();
        B.end();
        fx.profiler.setEnabled(true);
        fx.profiler.update();
        assertEquals(0, fx.build().problemsInFrame(Problem.EXTRA_END));
    }

    @Test
    void anEndThatClosesNothingWhileOnIsStillAnExtraEnd() {
        A.begin();
        B.end();
        A.end();
        fx.profiler.update();
        assertEquals(1, fx.build().problemsInFrame(Problem.EXTRA_END));
    }
}
