package io.hudprof.overlay;

import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.TimeUnit;

/**
 * A real thread that runs a test's steps one at a time, each finished before {@link #run} returns, so a test can move
 * a manual clock between a worker's zone transitions and know every time exactly.
 */
final class StepThread implements AutoCloseable {
    private final SynchronousQueue<Runnable> steps = new SynchronousQueue<>();
    private final SynchronousQueue<Boolean> done = new SynchronousQueue<>();
    private final Thread thread;
    private volatile boolean stop;

    StepThread(String name) {
        thread = new Thread(() -> {
            try {
                while (!stop) {
                    Runnable step = steps.poll(10, TimeUnit.MILLISECONDS);
                    if (step != null) {
                        step.run();
                        done.put(Boolean.TRUE);
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, name);
        thread.setDaemon(true);
        thread.start();
    }

    void run(Runnable step) {
        try {
            steps.put(step);
            if (done.poll(30, TimeUnit.SECONDS) == null) {
                throw new AssertionError("step did not finish on " + thread.getName());
            }
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    @Override
    public void close() throws InterruptedException {
        stop = true;
        thread.join(30_000);
    }
}
