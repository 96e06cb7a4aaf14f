package io.hudprof.core;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A real thread that runs the test's steps one at a time, each finished before {@link #run} returns: the test
 * moves a manual clock between steps, so every time a worker's zone reads is exact. Public for the modules above
 * core (core's test jar).
 */
public final class ThreadWorker implements AutoCloseable {
    private static final Runnable STOP = () -> { };
    private final BlockingQueue<Runnable> steps = new ArrayBlockingQueue<>(1);
    private final BlockingQueue<Throwable> done = new ArrayBlockingQueue<>(1);
    private final CountDownLatch exited = new CountDownLatch(1);
    public final Thread thread;

    public ThreadWorker(String name) {
        thread = new Thread(this::loop, name);
        thread.setDaemon(true);
        thread.start();
    }

    private void loop() {
        try {
            while (true) {
                Runnable step = steps.take();
                if (step == STOP) {
                    return;
                }
                Throwable failure = null;
                try {
                    step.run();
                } catch (Throwable t) {
                    failure = t;
                }
                done.put(failure == null ? new Throwable("ok") : failure);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            exited.countDown();
        }
    }

    /** Runs {@code step} on the worker and waits for it. */
    public void run(Runnable step) {
        try {
            steps.put(step);
            Throwable result = done.poll(30, TimeUnit.SECONDS);
            if (result == null) {
                throw new AssertionError("worker step did not finish");
            }
            if (!"ok".equals(result.getMessage()) || result.getClass() != Throwable.class) {
                throw new AssertionError("worker step failed", result);
            }
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    /** Ends the thread (whatever zones it left open) and waits until it has terminated. */
    @Override
    public void close() {
        try {
            steps.put(STOP);
            exited.await(30, TimeUnit.SECONDS);
            thread.join(30_000);
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }
}
