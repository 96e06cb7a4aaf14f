package io.hudprof.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.hudprof.core.Hudprof;
import io.hudprof.core.Profiler;
import io.hudprof.core.Zone;
import org.junit.jupiter.api.Test;

class AgentBenchmarksTest {
    @Test
    void theAgentsCopyComputesTheSameAndRecordsItsOwnZone() throws Exception {
        Class<?> copy = AgentBenchmarks.instrumented(AgentTargets.Plain.class);
        assertNotEquals(AgentTargets.Plain.class, copy, "a class of its own loader");
        AgentTargets.IntOp agent = (AgentTargets.IntOp) copy.getConstructor().newInstance();
        Profiler profiler = BenchProfilers.install();
        try {
            profiler.update();
            assertEquals(new AgentTargets.Plain().apply(5), agent.apply(5));
            profiler.update();
            int zones = 0;
            for (int state = 0; state < profiler.data().stateCount(); state++) {
                Zone zone = Zone.byId(profiler.data().zone(state));
                if (zone.name().equals("AgentTargets$Plain.apply")) {
                    zones++;
                    assertEquals(1.0, profiler.data().calls(io.hudprof.core.Averaging.INSTANTANEOUS)[state]);
                }
            }
            assertEquals(1, zones, "the instrumented method's zone was entered once");
        } finally {
            Hudprof.uninstall();
        }
    }
}
