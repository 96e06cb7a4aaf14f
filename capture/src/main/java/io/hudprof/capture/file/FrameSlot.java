package io.hudprof.capture.file;

import io.hudprof.core.Problem;
import io.hudprof.core.ThreadTimeline;
import java.util.Arrays;

/**
 * One frame as the updating thread copies it for the writer thread: preallocated, grown (doubling) only when a frame
 * holds more than any before it, so a steady game copies without allocating. Thread ids are the capture's own.
 */
final class FrameSlot implements ThreadTimeline.EventVisitor {
    boolean recorded;
    long frameNumber;
    long startNanos;
    long endNanos;
    long droppedBefore;
    boolean gpuInstalled;

    // Threads first seen since the last frame the writer took.
    int newThreads;
    int[] newThreadId = new int[8];
    String[] newThreadName = new String[8];
    boolean[] newThreadUpdating = new boolean[8];

    // Each thread's open zones at the frame's start: first frame and the first after frames the writer lost.
    boolean resync;
    int resyncThreads;
    int[] resyncThread = new int[8];
    int[] resyncDepth = new int[8];
    int resyncZones;
    int[] resyncZone = new int[64];

    // The frame's zone events: segments of one thread each, in thread order.
    int segments;
    int[] segThread = new int[8];
    int[] segCount = new int[8];
    int events;
    int[] zone = new int[1024];
    boolean[] begin = new boolean[1024];
    long[] nanos = new long[1024];

    // Threads that ended in this frame (or in frames the writer lost).
    int ended;
    int[] endedThread = new int[8];

    // GPU frames resolved since the last update: their recorded-frame numbers and events (id, or ~id for an end).
    int gpuFrames;
    long[] gpuFrame = new long[4];
    int[] gpuFlags = new int[4];
    int[] gpuCount = new int[4];
    int gpuEvents;
    int[] gpuCode = new int[256];
    long[] gpuNanos = new long[256];

    // Problem counts by Problem ordinal: counted in this frame, and counted before it in no earlier frame taken.
    static final int PROBLEM_KINDS = Problem.values().length;
    final long[] problemsInFrame = new long[PROBLEM_KINDS];
    final long[] problemsBefore = new long[PROBLEM_KINDS];

    // Notes (GC, JIT, JFR) that settled by this frame's update: the recorded frames each touched (0: none) and text.
    int notes;
    long[] noteFirst = new long[4];
    long[] noteLast = new long[4];
    String[] noteText = new String[4];

    // Statistics (format 1.1): the cells of every statistic at this frame's end, and (statBase) those at its start,
    // when the frame before it was not taken with them.
    boolean hasStats;
    int statCount;
    int statSlots;
    long[] statCells = new long[64];
    boolean statBase;
    int baseStats;
    int baseSlots;
    long[] baseCells = new long[64];

    // Allocation per zone (format 1.2): the zone-stack states first named by this frame (live state ids, parents
    // before children; a root's thread-root zone name), then the live states that allocated in this recorded frame
    // and their self bytes.
    int stateDefs;
    int[] defState = new int[8];
    int[] defParent = new int[8];
    int[] defZone = new int[8];
    String[] defRoot = new String[8];
    int allocs;
    int[] allocState = new int[16];
    long[] allocBytes = new long[16];

    void clear() {
        newThreads = 0;
        resync = false;
        resyncThreads = 0;
        resyncZones = 0;
        segments = 0;
        events = 0;
        ended = 0;
        gpuFrames = 0;
        gpuEvents = 0;
        droppedBefore = 0;
        Arrays.fill(newThreadName, null);
        Arrays.fill(problemsInFrame, 0);
        Arrays.fill(problemsBefore, 0);
        Arrays.fill(noteText, 0, notes, null);
        notes = 0;
        hasStats = false;
        statBase = false;
        Arrays.fill(defRoot, 0, stateDefs, null);
        stateDefs = 0;
        allocs = 0;
    }

    /** A zone-stack state named for the first time: {@code parent} -1 for a thread root named {@code root}. */
    void addStateDef(int state, int parent, int zoneId, String root) {
        if (stateDefs == defState.length) {
            int n = stateDefs * 2;
            defState = Arrays.copyOf(defState, n);
            defParent = Arrays.copyOf(defParent, n);
            defZone = Arrays.copyOf(defZone, n);
            defRoot = Arrays.copyOf(defRoot, n);
        }
        defState[stateDefs] = state;
        defParent[stateDefs] = parent;
        defZone[stateDefs] = zoneId;
        defRoot[stateDefs] = root;
        stateDefs++;
    }

    /** A state's self bytes in this frame (more than 0). */
    void addAllocation(int state, long bytes) {
        if (allocs == allocState.length) {
            int n = allocs * 2;
            allocState = Arrays.copyOf(allocState, n);
            allocBytes = Arrays.copyOf(allocBytes, n);
        }
        allocState[allocs] = state;
        allocBytes[allocs] = bytes;
        allocs++;
    }

    void addNote(long first, long last, String text) {
        if (notes == noteText.length) {
            int n = notes * 2;
            noteFirst = Arrays.copyOf(noteFirst, n);
            noteLast = Arrays.copyOf(noteLast, n);
            noteText = Arrays.copyOf(noteText, n);
        }
        noteFirst[notes] = first;
        noteLast[notes] = last;
        noteText[notes] = text;
        notes++;
    }

    void addNewThread(int id, String name, boolean updating) {
        if (newThreads == newThreadId.length) {
            int n = newThreads * 2;
            newThreadId = Arrays.copyOf(newThreadId, n);
            newThreadName = Arrays.copyOf(newThreadName, n);
            newThreadUpdating = Arrays.copyOf(newThreadUpdating, n);
        }
        newThreadId[newThreads] = id;
        newThreadName[newThreads] = name;
        newThreadUpdating[newThreads] = updating;
        newThreads++;
    }

    void beginResyncThread(int thread) {
        if (resyncThreads == resyncThread.length) {
            resyncThread = Arrays.copyOf(resyncThread, resyncThreads * 2);
            resyncDepth = Arrays.copyOf(resyncDepth, resyncThreads * 2);
        }
        resyncThread[resyncThreads] = thread;
        resyncDepth[resyncThreads] = 0;
        resyncThreads++;
    }

    void addResyncZone(int zoneId) {
        if (resyncZones == resyncZone.length) {
            resyncZone = Arrays.copyOf(resyncZone, resyncZones * 2);
        }
        resyncZone[resyncZones++] = zoneId;
        resyncDepth[resyncThreads - 1]++;
    }

    void beginSegment(int thread) {
        if (segments == segThread.length) {
            segThread = Arrays.copyOf(segThread, segments * 2);
            segCount = Arrays.copyOf(segCount, segments * 2);
        }
        segThread[segments] = thread;
        segCount[segments] = 0;
        segments++;
    }

    /** A thread timeline's event, into the current segment. */
    @Override
    public void event(int zoneId, boolean isBegin, long t) {
        addEvent(zoneId, isBegin, t);
    }

    /** This slot's GPU events visitor: {@link #addGpuEvent}, an end as {@code ~zone}. */
    ThreadTimeline.EventVisitor gpuVisitor() {
        return gpuVisitor;
    }

    private final ThreadTimeline.EventVisitor gpuVisitor = (z, b, n) -> addGpuEvent(b ? z : ~z, n);

    void addEvent(int zoneId, boolean isBegin, long t) {
        if (events == zone.length) {
            int n = events * 2;
            zone = Arrays.copyOf(zone, n);
            begin = Arrays.copyOf(begin, n);
            nanos = Arrays.copyOf(nanos, n);
        }
        zone[events] = zoneId;
        begin[events] = isBegin;
        nanos[events] = t;
        events++;
        segCount[segments - 1]++;
    }

    void addEnded(int thread) {
        if (ended == endedThread.length) {
            endedThread = Arrays.copyOf(endedThread, ended * 2);
        }
        endedThread[ended++] = thread;
    }

    void beginGpuFrame(long number, int flags) {
        if (gpuFrames == gpuFrame.length) {
            int n = gpuFrames * 2;
            gpuFrame = Arrays.copyOf(gpuFrame, n);
            gpuFlags = Arrays.copyOf(gpuFlags, n);
            gpuCount = Arrays.copyOf(gpuCount, n);
        }
        gpuFrame[gpuFrames] = number;
        gpuFlags[gpuFrames] = flags;
        gpuCount[gpuFrames] = 0;
        gpuFrames++;
    }

    void addGpuEvent(int code, long t) {
        if (gpuEvents == gpuCode.length) {
            int n = gpuEvents * 2;
            gpuCode = Arrays.copyOf(gpuCode, n);
            gpuNanos = Arrays.copyOf(gpuNanos, n);
        }
        gpuCode[gpuEvents] = code;
        gpuNanos[gpuEvents] = t;
        gpuEvents++;
        gpuCount[gpuFrames - 1]++;
    }
}
