package io.hudprof.stats;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * One thread's phase state: the id of the phase path it is in, written by that thread only (opaque stores) and
 * read by the sampling thread (opaque loads), which is all a sample needs: an int is never torn and the sampler
 * sees the state as it was at some moment near the sample. The stack of states to restore on exit is owner-only.
 *
 * <p>Memory: {@value #MAX_DEPTH} ints of stack; nesting deeper than that leaves the state unchanged and is undone
 * by the matching exits.
 */
final class PhaseThread implements PhaseScope {
    static final int MAX_DEPTH = 256;

    private static final VarHandle STATE;
    private static final Object LOCK = new Object();
    private static volatile PhaseThread[] registered = new PhaseThread[0];
    private static final ThreadLocal<PhaseThread> CURRENT = ThreadLocal.withInitial(PhaseThread::register);

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(PhaseThread.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final Thread thread;
    @SuppressWarnings("unused")
    private int state = PhasePaths.ROOT;
    private final int[] saved = new int[MAX_DEPTH];
    private int depth;
    private int tooDeep;

    private PhaseThread(Thread thread) {
        this.thread = thread;
    }

    static PhaseThread current() {
        return CURRENT.get();
    }

    private static PhaseThread register() {
        PhaseThread created = new PhaseThread(Thread.currentThread());
        synchronized (LOCK) {
            PhaseThread[] alive = Arrays.stream(registered).filter(t -> t.thread.isAlive())
                    .toArray(n -> new PhaseThread[n + 1]);
            alive[alive.length - 1] = created;
            registered = alive;
        }
        return created;
    }

    /** Every thread that ever entered a phase and was alive at the last registration or pruning. */
    static PhaseThread[] registered() {
        return registered;
    }

    /** Drops threads that have ended from the registered list. */
    static void pruneDead() {
        synchronized (LOCK) {
            registered = Arrays.stream(registered).filter(t -> t.thread.isAlive()).toArray(PhaseThread[]::new);
        }
    }

    void enter(int phase) {
        if (depth == MAX_DEPTH) {
            tooDeep++;
            return;
        }
        int current = (int) STATE.getOpaque(this);
        saved[depth++] = current;
        int next = PhasePaths.child(current, phase);
        if (next != current) {
            STATE.setOpaque(this, next);
        }
    }

    void exit() {
        if (tooDeep > 0) {
            tooDeep--;
        } else if (depth > 0) {
            STATE.setOpaque(this, saved[--depth]);
        }
    }

    @Override
    public void close() {
        exit();
    }

    /** The phase path the thread is in now, for the sampler. */
    int sampledState() {
        return (int) STATE.getOpaque(this);
    }
}
