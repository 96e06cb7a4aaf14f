package io.hudprof.agent;

import io.hudprof.core.FrameListener;
import io.hudprof.core.Profiler;

/**
 * Decides whether the frame hook calls {@code update()}: yes while the profiler the agent installed is still the
 * installed one and every frame it ended was ended by the hook. A game that calls {@code Hudprof.update()} itself
 * (a frame ends between two hooked swaps) or installs a profiler of its own owns the updates from then on, for good,
 * so no frame is ever gathered twice. Listens to the agent's profiler; the hook and {@code update()} run on the
 * game's render thread, and the count is volatile for a game that updates elsewhere.
 */
final class UpdateOwner implements FrameListener {
    private final Profiler own;
    private volatile long ended;
    private long endedByHook;
    private String gameReason;

    UpdateOwner(Profiler own) {
        this.own = own;
        own.addFrameListener(this);
    }

    @Override
    public void frameEnded(long frameNanos, boolean recorded) {
        ended++;
    }

    /** Whether the hook should update {@code installed} now; once it says no, it says no for good. */
    boolean hookUpdates(Profiler installed) {
        if (gameReason != null) {
            return false;
        }
        if (installed != own) {
            gameReason = "the game installed a profiler of its own";
        } else if (ended != endedByHook) {
            gameReason = "the game calls Hudprof.update() itself";
        }
        return gameReason == null;
    }

    /** Called right after the hook's own update. */
    void hookUpdated() {
        endedByHook = ended;
    }

    /** Why the game owns the updates, or null while the hook does. */
    String gameReason() {
        return gameReason;
    }
}
