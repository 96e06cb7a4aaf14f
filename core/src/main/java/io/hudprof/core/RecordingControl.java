package io.hudprof.core;

import java.util.concurrent.atomic.AtomicLong;

/**
 * What a {@link ThreadRecorder} needs from its profiler, without a reference to the profiler itself (a recorder is
 * reachable from its thread's thread-local map, and must not keep a dropped profiler alive): the run-time switch,
 * read only on a recorder's slow path, and the count of scopes closed on a foreign thread, written only there.
 */
final class RecordingControl {
    volatile boolean enabled = true;
    final AtomicLong foreignCloses = new AtomicLong();
}
