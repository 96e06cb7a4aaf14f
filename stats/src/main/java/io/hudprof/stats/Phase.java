package io.hudprof.stats;

import io.hudprof.core.Hudprof;
import java.util.HashMap;
import java.util.Map;

/**
 * A phase of execution for the {@link PhaseSampler} (pbrt's {@code ProfilePhase}): the low-overhead alternative
 * to zones for shipped builds. Entering a phase only changes the current thread's phase state (one table lookup
 * and one store, no clock read, no event); a sampling thread reads every thread's state at a fixed rate and
 * counts samples per state, so a phase's share of run time is its share of the samples.
 *
 * <p>A thread's phase state is the path of phases it is in (Render → Lighting → Intersect), so the same phase
 * entered from two places is reported twice, under each parent, as in pbrt's profile. Entering a phase that is
 * already on the path leaves the state as it is (recursion is not double counted).
 *
 * <pre>{@code
 * static final Phase LIGHTING = Phase.define("Lighting");
 * ...
 * try (PhaseScope p = LIGHTING.enter()) {
 *     light(scene);
 * }
 * }</pre>
 *
 * <p>Define each phase once, in a {@code static final} field. At most {@value #MAX_PHASES} phases exist; further
 * definitions share one "(phase limit)" phase. Phases follow the {@code -Dhudprof.enabled} kill switch; they do not
 * need a {@code Profiler}.
 */
public final class Phase {
    /** Most distinct phases; further definitions return the shared limit phase. */
    public static final int MAX_PHASES = 4096;

    private static final Object LOCK = new Object();
    private static final Map<String, Phase> BY_NAME = new HashMap<>();
    private static Phase[] byId = new Phase[16];
    private static int count;
    private static final Phase LIMIT = register("(phase limit)");

    private final int id;
    private final String name;

    private Phase(int id, String name) {
        this.id = id;
        this.name = name;
    }

    /**
     * Defines a phase, or returns the one already defined with this name.
     *
     * @throws IllegalArgumentException if the name is null or blank
     */
    public static Phase define(String name) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("hudprof: a phase needs a non-blank name, got "
                    + (name == null ? "null" : "\"" + name + "\""));
        }
        synchronized (LOCK) {
            Phase existing = BY_NAME.get(name);
            if (existing != null) {
                return existing;
            }
            return count >= MAX_PHASES ? LIMIT : register(name);
        }
    }

    private static Phase register(String name) {
        synchronized (LOCK) {
            Phase phase = new Phase(count, name);
            if (count == byId.length) {
                byId = java.util.Arrays.copyOf(byId, byId.length * 2);
            }
            byId[count++] = phase;
            BY_NAME.put(name, phase);
            return phase;
        }
    }

    static String nameOf(int id) {
        synchronized (LOCK) {
            return byId[id].name;
        }
    }

    /** Small dense id; stable for the life of the JVM. */
    public int id() {
        return id;
    }

    /** The name as defined. */
    public String name() {
        return name;
    }

    /** Enters this phase on the current thread; close the returned scope to leave it. Allocation-free. */
    public PhaseScope enter() {
        if (!Hudprof.compiledIn()) {
            return PhaseScope.NONE;
        }
        PhaseThread thread = PhaseThread.current();
        thread.enter(id);
        return thread;
    }

    /** Enters this phase on the current thread; pair it with {@link #end()} on every path out. */
    public void begin() {
        if (Hudprof.compiledIn()) {
            PhaseThread.current().enter(id);
        }
    }

    /**
     * Leaves the phase entered last on the current thread (phases nest, so that is this one when begin and end
     * are paired); an end with nothing entered is ignored.
     */
    public void end() {
        if (Hudprof.compiledIn()) {
            PhaseThread.current().exit();
        }
    }

    @Override
    public String toString() {
        return "Phase[" + id + " " + name + "]";
    }
}
