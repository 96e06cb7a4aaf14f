package io.hudprof.core;

import java.util.concurrent.Callable;

/** A task run inside the task zone of the zone that handed it over ({@link Hudprof#wrap(Callable)}). */
final class SpawnedCallable<V> implements Callable<V> {
    private final Callable<V> task;
    private final Zone taskZone;

    SpawnedCallable(Callable<V> task, Zone taskZone) {
        this.task = task;
        this.taskZone = taskZone;
    }

    @Override
    public V call() throws Exception {
        taskZone.begin();
        try {
            return task.call();
        } finally {
            taskZone.end();
        }
    }
}
