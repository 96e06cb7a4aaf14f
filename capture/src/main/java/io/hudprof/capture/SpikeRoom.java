package io.hudprof.capture;

import io.hudprof.stats.StatSlots;

/**
 * The sizes a {@link Spike} slot must hold to take a spike without growing: states (the profiler's state count, as
 * a spike's GPU values arrive later and add states), statistics and their cells, and its frame timeline's lanes and raw events
 * (a spike keeps its timeline raw: its bars are built when it is read, outside {@code update()}). Mutable and reused, so comparing sizes allocates
 * nothing on the updating thread.
 */
final class SpikeRoom {
    int states;
    int statRows;
    int statCells;
    int lanes;
    int events;

    /** Sets every size to what {@code spike} holds, with {@code stateCount} states. */
    void measure(Spike spike, int stateCount) {
        states = stateCount;
        statRows = spike.statCount;
        statCells = StatSlots.slotCount(spike.statCells);
        lanes = spike.timeline.storedLaneCount();
        events = spike.timeline.storedEventCount();
    }

    /** Raises each size to at least {@code other}'s. */
    void include(SpikeRoom other) {
        states = Math.max(states, other.states);
        statRows = Math.max(statRows, other.statRows);
        statCells = Math.max(statCells, other.statCells);
        lanes = Math.max(lanes, other.lanes);
        events = Math.max(events, other.events);
    }

    /** True when every size is at least {@code other}'s. */
    boolean covers(SpikeRoom other) {
        return states >= other.states && statRows >= other.statRows && statCells >= other.statCells
                && lanes >= other.lanes
                && events >= other.events;
    }

    /** Sets every size to {@code other}'s times {@code factor} (headroom, so a slightly larger spike still fits). */
    void setScaled(SpikeRoom other, int factor) {
        states = scale(other.states, factor);
        statRows = scale(other.statRows, factor);
        statCells = scale(other.statCells, factor);
        lanes = scale(other.lanes, factor);
        events = scale(other.events, factor);
    }

    void set(SpikeRoom other) {
        states = other.states;
        statRows = other.statRows;
        statCells = other.statCells;
        lanes = other.lanes;
        events = other.events;
    }

    private static int scale(int size, int factor) {
        return (int) Math.min(Integer.MAX_VALUE - 8, (long) size * factor);
    }
}
