package io.hudprof.core;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * An executor that hands each task over with {@link Hudprof#wrap(Runnable)} (or {@code wrap(Callable)}), so the work
 * is charged to the submitting zone; everything else is the wrapped executor's. From {@link Hudprof#wrap(Executor)}
 * and {@link Hudprof#wrap(ExecutorService)}.
 */
final class SpawningExecutorService implements ExecutorService {
    private final Executor executor;
    /** Null when only an {@link Executor} was wrapped: the service methods then say so. */
    private final ExecutorService service;

    SpawningExecutorService(Executor executor) {
        this.executor = executor;
        this.service = executor instanceof ExecutorService s ? s : null;
    }

    private ExecutorService service() {
        if (service == null) {
            throw new UnsupportedOperationException("hudprof: the wrapped executor is not an ExecutorService");
        }
        return service;
    }

    @Override
    public void execute(Runnable command) {
        executor.execute(Hudprof.wrap(command));
    }

    @Override
    public Future<?> submit(Runnable task) {
        return service().submit(Hudprof.wrap(task));
    }

    @Override
    public <T> Future<T> submit(Runnable task, T result) {
        return service().submit(Hudprof.wrap(task), result);
    }

    @Override
    public <T> Future<T> submit(Callable<T> task) {
        return service().submit(Hudprof.wrap(task));
    }

    @Override
    public <T> List<Future<T>> invokeAll(Collection<? extends Callable<T>> tasks) throws InterruptedException {
        return service().invokeAll(wrapAll(tasks));
    }

    @Override
    public <T> List<Future<T>> invokeAll(Collection<? extends Callable<T>> tasks, long timeout, TimeUnit unit)
            throws InterruptedException {
        return service().invokeAll(wrapAll(tasks), timeout, unit);
    }

    @Override
    public <T> T invokeAny(Collection<? extends Callable<T>> tasks) throws InterruptedException, ExecutionException {
        return service().invokeAny(wrapAll(tasks));
    }

    @Override
    public <T> T invokeAny(Collection<? extends Callable<T>> tasks, long timeout, TimeUnit unit)
            throws InterruptedException, ExecutionException, TimeoutException {
        return service().invokeAny(wrapAll(tasks), timeout, unit);
    }

    private static <T> List<Callable<T>> wrapAll(Collection<? extends Callable<T>> tasks) {
        List<Callable<T>> wrapped = new ArrayList<>(tasks.size());
        for (Callable<T> task : tasks) {
            wrapped.add(Hudprof.wrap(task));
        }
        return wrapped;
    }

    @Override
    public void shutdown() {
        service().shutdown();
    }

    @Override
    public List<Runnable> shutdownNow() {
        return service().shutdownNow();
    }

    @Override
    public boolean isShutdown() {
        return service().isShutdown();
    }

    @Override
    public boolean isTerminated() {
        return service().isTerminated();
    }

    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
        return service().awaitTermination(timeout, unit);
    }
}
