package io.hudprof.core;

/**
 * The update thread's view of one recording thread: the zone stack replayed from its events, where its ring
 * has been consumed up to, and when its last transition happened. Owned by the thread inside {@code update()}.
 */
final class ThreadContext {
    final ThreadRecorder recorder;
    final int rootState;
    final ThreadTimeline timeline;
    final int[] stack;
    int depth;
    long lastNanos;
    /** Set once the thread has ended and its last events were gathered. */
    boolean finished;

    ThreadContext(ThreadRecorder recorder, int rootState, ThreadTimeline timeline, int maxDepth, long startNanos) {
        this.recorder = recorder;
        this.rootState = rootState;
        this.timeline = timeline;
        this.stack = new int[maxDepth + 1];
        this.stack[0] = rootState;
        this.lastNanos = startNanos;
    }

    int currentState() {
        return stack[depth];
    }

    void push(int state) {
        if (depth + 1 < stack.length) {
            stack[++depth] = state;
        }
    }

    void pop() {
        if (depth > 0) {
            depth--;
        }
    }
}
