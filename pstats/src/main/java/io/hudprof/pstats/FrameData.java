package io.hudprof.pstats;

import java.util.Arrays;

/**
 * One thread's frame as carried by a frame-data message (protocol note §3): time events (collector, start or stop,
 * float32 seconds) in wire order and level values. Mutable and reusable: decoding into it, or filling it to encode,
 * keeps the arrays' capacity, which only grows to what a message actually held.
 */
public final class FrameData {
    /** Bit 15 of a time event's collector field: a stop. */
    public static final int STOP_FLAG = 0x8000;

    int threadIndex;
    long frameNumber;
    int eventCount;
    int[] eventCodes = new int[16];
    float[] eventTimes = new float[16];
    int levelCount;
    int[] levelCollectors = new int[4];
    float[] levelValues = new float[4];

    /** Empties the frame and sets its identity. */
    public FrameData reset(int threadIndex, long frameNumber) {
        this.threadIndex = threadIndex;
        this.frameNumber = frameNumber;
        this.eventCount = 0;
        this.levelCount = 0;
        return this;
    }

    /** Appends a start ({@code start} true) or stop of a collector 0..32767 at {@code seconds}. */
    public void addEvent(int collector, boolean start, float seconds) {
        if (eventCount == eventCodes.length) {
            growEvents(eventCount + 1);
        }
        eventCodes[eventCount] = (collector & 0x7fff) | (start ? 0 : STOP_FLAG);
        eventTimes[eventCount] = seconds;
        eventCount++;
    }

    /** Appends a level value of a collector 0..65535. */
    public void addLevel(int collector, float value) {
        if (levelCount == levelCollectors.length) {
            growLevels(levelCount + 1);
        }
        levelCollectors[levelCount] = collector & 0xffff;
        levelValues[levelCount] = value;
        levelCount++;
    }

    void growEvents(int capacity) {
        if (capacity > eventCodes.length) {
            int n = Math.max(capacity, eventCodes.length * 2);
            eventCodes = Arrays.copyOf(eventCodes, n);
            eventTimes = Arrays.copyOf(eventTimes, n);
        }
    }

    void growLevels(int capacity) {
        if (capacity > levelCollectors.length) {
            int n = Math.max(capacity, levelCollectors.length * 2);
            levelCollectors = Arrays.copyOf(levelCollectors, n);
            levelValues = Arrays.copyOf(levelValues, n);
        }
    }

    /** Copies another frame into this one. */
    public FrameData copyFrom(FrameData o) {
        reset(o.threadIndex, o.frameNumber);
        growEvents(o.eventCount);
        growLevels(o.levelCount);
        System.arraycopy(o.eventCodes, 0, eventCodes, 0, o.eventCount);
        System.arraycopy(o.eventTimes, 0, eventTimes, 0, o.eventCount);
        System.arraycopy(o.levelCollectors, 0, levelCollectors, 0, o.levelCount);
        System.arraycopy(o.levelValues, 0, levelValues, 0, o.levelCount);
        eventCount = o.eventCount;
        levelCount = o.levelCount;
        return this;
    }

    public int threadIndex() {
        return threadIndex;
    }

    /** The client's frame number (unsigned 32-bit). */
    public long frameNumber() {
        return frameNumber;
    }

    public int eventCount() {
        return eventCount;
    }

    /** The collector of time event {@code i} (low 15 bits). */
    public int eventCollector(int i) {
        return eventCodes[i] & 0x7fff;
    }

    /** Whether time event {@code i} is a start. */
    public boolean eventIsStart(int i) {
        return (eventCodes[i] & STOP_FLAG) == 0;
    }

    /** Time of event {@code i} in the client's seconds (float32, as sent). */
    public float eventTime(int i) {
        return eventTimes[i];
    }

    public int levelCount() {
        return levelCount;
    }

    public int levelCollector(int i) {
        return levelCollectors[i];
    }

    public float levelValue(int i) {
        return levelValues[i];
    }
}
