package io.hudprof.viewer;

import io.hudprof.core.Clock;

/**
 * The viewer profiler's clock: on a {@link ReplayThread} it is the time of the received event being replayed, on any
 * other thread (the window's) the end of the last frame the main replay thread gathered. So zones begin and end at
 * the client's own timestamps, each thread on its own time line, and nothing depends on when the bytes arrived.
 */
final class ReplayClock implements Clock {
    private volatile long mainNanos;

    @Override
    public long nanoTime() {
        Thread t = Thread.currentThread();
        return t instanceof ReplayThread r ? r.now : mainNanos;
    }

    void mainNanos(long nanos) {
        mainNanos = nanos;
    }

    long mainNanos() {
        return mainNanos;
    }
}
