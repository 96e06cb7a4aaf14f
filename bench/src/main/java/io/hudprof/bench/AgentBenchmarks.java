package io.hudprof.bench;

import io.hudprof.agent.AgentLog;
import io.hudprof.agent.AgentOptions;
import io.hudprof.agent.GameClassTransformer;
import io.hudprof.core.Hudprof;
import io.hudprof.core.Profiler;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Per-call cost of a method instrumented by the {@code -javaagent} against the same method with a hand-written zone
 * and with none. The agent's copy is made in process with the agent's own transformer and defined in a class loader
 * of its own (no {@code -javaagent} needed); all three are called through the same interface, recording into an
 * installed profiler updated after each invocation, as {@link ZoneBenchmarks} does. The agent aims to add nothing
 * over the hand-written zone; both sit on the clock floor ({@link ClockFloor}).
 */
@BenchmarkMode(Mode.AverageTime)
@Fork(2)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class AgentBenchmarks {
    static final int CALLS = ZoneWorkloads.PAIRS;

    /** The three variants and a recording profiler. */
    @State(Scope.Thread)
    public static class Targets {
        Profiler profiler;
        AgentTargets.IntOp plain;
        AgentTargets.IntOp handZoned;
        AgentTargets.IntOp agent;

        @Setup(Level.Trial)
        public void load() throws Exception {
            BenchProfilers.checkCompiledIn(true);
            profiler = BenchProfilers.install();
            plain = new AgentTargets.Plain();
            handZoned = new AgentTargets.HandZoned();
            agent = (AgentTargets.IntOp) instrumented(AgentTargets.Plain.class).getConstructor().newInstance();
        }

        @TearDown(Level.Invocation)
        public void endFrame() {
            profiler.update();
        }

        @TearDown(Level.Trial)
        public void uninstall() {
            BenchProfilers.checkNothingDropped(profiler);
            Hudprof.uninstall();
        }
    }

    /** {@code type} as the agent would load it, with {@code include=} naming exactly that class. */
    static Class<?> instrumented(Class<?> type) throws IOException {
        String name = type.getName();
        byte[] original;
        try (InputStream in = type.getClassLoader().getResourceAsStream(name.replace('.', '/') + ".class")) {
            original = in.readAllBytes();
        }
        GameClassTransformer transformer = new GameClassTransformer(AgentOptions.parse("include=" + name),
                new AgentLog(System.err));
        byte[] bytes = transformer.instrument(name.replace('.', '/'), original);
        if (bytes == null) {
            throw new IllegalStateException("the agent's transformer left " + name + " unchanged");
        }
        return new ClassLoader(type.getClassLoader()) {
            Class<?> define() {
                return defineClass(name, bytes, 0, bytes.length);
            }
        }.define();
    }

    private static int loop(AgentTargets.IntOp op) {
        int x = 0;
        for (int i = 0; i < CALLS; i++) {
            x = op.apply(x);
        }
        return x;
    }

    @Benchmark
    @OperationsPerInvocation(CALLS)
    public int plain(Targets t) {
        return loop(t.plain);
    }

    @Benchmark
    @OperationsPerInvocation(CALLS)
    public int handZoned(Targets t) {
        return loop(t.handZoned);
    }

    @Benchmark
    @OperationsPerInvocation(CALLS)
    public int agentInstrumented(Targets t) {
        return loop(t.agent);
    }
}
