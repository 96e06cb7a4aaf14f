package io.hudprof.core;

import java.util.Arrays;

/**
 * The threads a profile can show: one entry per thread-root zone (threads of one name share a root, see
 * {@link ZoneRegistry}), with the recorded frames it appeared in and, once its last thread has ended, the frame in
 * which that happened and whether the thread died inside a zone. An entry whose threads have all ended is kept
 * while its last frame is still in history (so a scrubbed-back frame still names it), then forgotten: the roster
 * holds at most the live roots plus those of history's window, never more than the thread-root reserve.
 *
 * <p>Written by {@code update()}; read on the thread that calls it, through {@link ProfileData#threads()}.
 */
public final class ThreadRoster {
    private final int historyFrames;
    private int count;
    private int[] rootZone = new int[8];
    private String[] name = new String[8];
    private int[] liveThreads = new int[8];
    private long[] firstFrame = new long[8];
    private long[] lastFrame = new long[8];
    private long[] endedFrame = new long[8];
    private boolean[] endedInZone = new boolean[8];

    ThreadRoster(int historyFrames) {
        this.historyFrames = historyFrames;
    }

    /** Number of threads known: live ones and ended ones whose last frame is still in history. */
    public int count() {
        return count;
    }

    /** The thread's root zone, the identity a report's thread selection uses. */
    public int rootZone(int i) {
        return rootZone[check(i)];
    }

    /** The thread's name as it first recorded (threads sharing a root show their root's folded name). */
    public String name(int i) {
        return name[check(i)];
    }

    /** True while at least one thread with this root is alive. */
    public boolean alive(int i) {
        return liveThreads[check(i)] > 0;
    }

    /** The first recorded frame the thread appeared in, or -1 before its first recorded frame. */
    public long firstFrame(int i) {
        return firstFrame[check(i)];
    }

    /** The last recorded frame the thread appeared in (the latest recorded frame while it lives), or -1. */
    public long lastFrame(int i) {
        return lastFrame[check(i)];
    }

    /**
     * The recorded frame in which the thread's last thread ended (its last events are in it), or -1 while it lives.
     * A thread that ended while the profile was paused ended in no recorded frame: this is then the frame shown.
     */
    public long endedFrame(int i) {
        return endedFrame[check(i)];
    }

    /** True when the thread ended with zones still open (counted as {@link Problem#THREAD_DIED_IN_ZONE}). */
    public boolean endedInZone(int i) {
        return endedInZone[check(i)];
    }

    /** True when the thread has events in recorded frame {@code frameNumber}. */
    public boolean inFrame(int i, long frameNumber) {
        check(i);
        return firstFrame[i] >= 0 && firstFrame[i] <= frameNumber && frameNumber <= lastFrame[i];
    }

    /** The entry of a root zone, or -1. */
    public int indexOf(int zone) {
        for (int i = 0; i < count; i++) {
            if (rootZone[i] == zone) {
                return i;
            }
        }
        return -1;
    }

    private int check(int i) {
        if (i < 0 || i >= count) {
            throw new IndexOutOfBoundsException("thread " + i + " of " + count);
        }
        return i;
    }

    /** A thread with this root started recording. */
    void started(int zone, String threadName) {
        int i = indexOf(zone);
        if (i < 0) {
            i = add(zone, threadName);
        } else if (liveThreads[i] == 0) {
            endedFrame[i] = -1;
            endedInZone[i] = false;
        }
        liveThreads[i]++;
    }

    /** A thread with this root ended; its last events belong to {@code frame} (or the last recorded one). */
    void ended(int zone, long frame, boolean inZone) {
        int i = indexOf(zone);
        if (i < 0) {
            return;
        }
        liveThreads[i]--;
        if (liveThreads[i] == 0) {
            endedFrame[i] = frame;
            endedInZone[i] = inZone;
            if (frame >= 0) {
                lastFrame[i] = Math.max(lastFrame[i], frame);
                if (firstFrame[i] < 0) {
                    firstFrame[i] = frame;
                }
            }
        } else if (inZone) {
            endedInZone[i] = true;
        }
    }

    /** A frame was recorded (number {@code frame}): live threads are in it; entries out of history are dropped. */
    void recorded(long frame) {
        int kept = 0;
        for (int i = 0; i < count; i++) {
            if (liveThreads[i] > 0) {
                lastFrame[i] = frame;
                if (firstFrame[i] < 0) {
                    firstFrame[i] = frame;
                }
            }
            boolean outOfHistory = liveThreads[i] == 0 && lastFrame[i] <= frame - historyFrames;
            if (!outOfHistory) {
                move(i, kept++);
            }
        }
        for (int i = kept; i < count; i++) {
            name[i] = null;
        }
        count = kept;
    }

    /** Whether the root zone's name is {@code <name>}, compared in place (no String is made per thread start). */
    private static boolean isRootName(int zone, String name) {
        String rootName = Zone.byId(zone).name();
        return rootName.length() == name.length() + 2 && rootName.regionMatches(1, name, 0, name.length());
    }

    private static String rootName(int zone) {
        String rootName = Zone.byId(zone).name();
        return rootName.substring(1, rootName.length() - 1);
    }

    private void move(int from, int to) {
        if (from == to) {
            return;
        }
        rootZone[to] = rootZone[from];
        name[to] = name[from];
        liveThreads[to] = liveThreads[from];
        firstFrame[to] = firstFrame[from];
        lastFrame[to] = lastFrame[from];
        endedFrame[to] = endedFrame[from];
        endedInZone[to] = endedInZone[from];
    }

    private int add(int zone, String threadName) {
        if (count == rootZone.length) {
            int size = count * 2;
            rootZone = Arrays.copyOf(rootZone, size);
            name = Arrays.copyOf(name, size);
            liveThreads = Arrays.copyOf(liveThreads, size);
            firstFrame = Arrays.copyOf(firstFrame, size);
            lastFrame = Arrays.copyOf(lastFrame, size);
            endedFrame = Arrays.copyOf(endedFrame, size);
            endedInZone = Arrays.copyOf(endedInZone, size);
        }
        int i = count++;
        rootZone[i] = zone;
        // A folded or shared root ("<pool-#-thread-#>", "<other threads>") names the group, not the first thread.
        name[i] = isRootName(zone, threadName) ? threadName : rootName(zone);
        liveThreads[i] = 0;
        firstFrame[i] = -1;
        lastFrame[i] = -1;
        endedFrame[i] = -1;
        endedInZone[i] = false;
        return i;
    }
}
