package io.hudprof.bench;

import io.hudprof.core.Zone;

/**
 * The methods {@link AgentBenchmarks} calls: one body three ways. {@link Plain} has no zone (and is what the agent
 * instruments in process), {@link HandZoned} has the zone a person would write. Each is a class of its own behind
 * {@link IntOp}, so every variant is called the same way, through one monomorphic interface call site each.
 */
public final class AgentTargets {
    private AgentTargets() {
    }

    /** A tiny method body worth a zone in a benchmark: an int in, an int out. */
    public interface IntOp {
        int apply(int x);
    }

    /** No zone; the agent's transformer gives its copy one. */
    public static final class Plain implements IntOp {
        @Override
        public int apply(int x) {
            return x * 31 + 7;
        }
    }

    /** The same body in a hand-written zone kept in a static final field, begin/try/finally end. */
    public static final class HandZoned implements IntOp {
        private static final Zone ZONE = Zone.local("HandZoned.apply");

        @Override
        public int apply(int x) {
            ZONE.begin();
            try {
                return x * 31 + 7;
            } finally {
                ZONE.end();
            }
        }
    }
}
