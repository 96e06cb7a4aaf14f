package io.hudprof.core;

/** A task run inside the task zone of the zone that handed it over ({@link Hudprof#wrap(Runnable)}). */
final class SpawnedRunnable implements Runnable {
    private final Runnable task;
    private final Zone taskZone;

    SpawnedRunnable(Runnable task, Zone taskZone) {
        this.task = task;
        this.taskZone = taskZone;
    }

    @Override
    public void run() {
        taskZone.begin();
        try {
            task.run();
        } finally {
            taskZone.end();
        }
    }
}
