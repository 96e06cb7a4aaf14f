package io.hudprof.core;

/**
 * Settings of a {@link Profiler}, fixed at construction. Every limit here is what keeps hudprof's memory bounded
 * whatever the game does; {@link Builder#build()} rejects a bad value at start-up with a message naming the fix.
 *
 * <p>Memory, with the defaults. Per recording thread: a recorder of about 300 bytes, a zone stack of 16 ints that
 * doubles up to {@code maxDepth}, and an event ring that starts at 256 events (12 bytes each, 3 KiB) and doubles,
 * on the recording thread and only when a frame's events do not fit, up to {@code eventCapacity} (768 KiB); the
 * update side keeps a context of about 150 bytes. With allocation per zone on, every ring slot holds 8 more bytes
 * (20 per event) and the aggregator and history keep one more value per state and per zone. So a thread that records a few zones a frame costs about 4 KiB,
 * and only a thread that writes tens of thousands of events a frame costs up to 768 KiB. Rings and contexts of
 * ended threads are reused by the threads that start later, and threads of one name share their states. A thread
 * that drops events also keeps a {@code maxDepth × 4}-byte copy of its stack. A timeline of
 * {@code timelineCapacity} events (12 bytes each) per thread is kept only when configured (off by default); with it,
 * the frame timeline keeps, for the last {@code timelineFrames} recorded frames (default 8),
 * about 60 bytes per thread and frame plus 4 per zone open at the frame's start, and builds a frame's bars from
 * the threads' events when asked; a frame whose events the threads' rings no longer hold says it was not kept. The
 * aggregator holds about 133 bytes per zone-stack state, at most {@code maxStates} (2.1 MiB); history holds
 * {@code historyFrames} frame records, {@code zoneHistoryEntries} × 12 bytes of per-zone self times (3 MiB) and,
 * with full history on, {@code stateHistoryEntries} × 20 bytes of per-state values (20 MiB).
 */
public final class ProfilerConfig {
    /** The system property that turns allocation per zone on for profilers built from the defaults: {@code zones}. */
    public static final String ALLOCATION_PROPERTY = "hudprof.alloc";

    final Clock clock;
    final int eventCapacity;
    final int timelineCapacity;
    final int timelineFrames;
    final int maxDepth;
    final int maxStates;
    final int historyFrames;
    final int zoneHistoryEntries;
    final boolean fullHistory;
    final int stateHistoryEntries;
    final double fastAverageWeight;
    final double slowAverageWeight;
    final boolean selfProfiling;
    final boolean allocationPerZone;
    final AllocationCounter allocationCounter;

    private ProfilerConfig(Builder b) {
        this.clock = b.clock;
        this.eventCapacity = b.eventCapacity;
        this.timelineCapacity = b.timelineCapacity;
        this.timelineFrames = b.timelineFrames;
        this.maxDepth = b.maxDepth;
        this.maxStates = b.maxStates;
        this.historyFrames = b.historyFrames;
        this.zoneHistoryEntries = b.zoneHistoryEntries;
        this.fullHistory = b.fullHistory;
        this.stateHistoryEntries = b.stateHistoryEntries;
        this.fastAverageWeight = b.fastAverageWeight;
        this.slowAverageWeight = b.slowAverageWeight;
        this.selfProfiling = b.selfProfiling;
        this.allocationPerZone = b.allocationPerZone;
        this.allocationCounter = b.allocationCounter;
    }

    /**
     * Whether allocation per zone was asked for ({@code -Dhudprof.alloc=zones} or the builder). It is recorded only
     * where the counter is available too: see {@link ProfileData#unavailableReason(Metric)}.
     */
    public boolean allocationPerZone() {
        return allocationPerZone;
    }

    /** Whether hudprof's own per-frame work is recorded as {@link SelfZones}. */
    public boolean selfProfiling() {
        return selfProfiling;
    }

    /** The defaults: system clock, 512 frames of history with full history kept, self-profiling on. */
    public static ProfilerConfig defaults() {
        return builder().build();
    }

    /** A builder starting from the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** Number of frames of history kept. */
    public int historyFrames() {
        return historyFrames;
    }

    /** Whether every state's values are kept per frame, so any report mode can show an old frame. */
    public boolean fullHistory() {
        return fullHistory;
    }

    /** Weight of the newest frame in the fast moving average. */
    public double fastAverageWeight() {
        return fastAverageWeight;
    }

    /** Weight of the newest frame in the slow moving average. */
    public double slowAverageWeight() {
        return slowAverageWeight;
    }

    /** Builds a {@link ProfilerConfig}; each setter names the limit it sets. */
    public static final class Builder {
        private Clock clock = Clock.SYSTEM;
        private int eventCapacity = 1 << 16;
        private int timelineCapacity = 0;
        private int timelineFrames = 8;
        private int maxDepth = 1024;
        private int maxStates = 16_384;
        private int historyFrames = 512;
        private int zoneHistoryEntries = 1 << 18;
        private boolean fullHistory = true;
        private int stateHistoryEntries = 1 << 20;
        private double fastAverageWeight = 0.2;
        private double slowAverageWeight = 0.02;
        private boolean selfProfiling = true;
        private String allocationProperty = System.getProperty(ALLOCATION_PROPERTY);
        private boolean allocationPerZone = "zones".equals(allocationProperty);
        private AllocationCounter allocationCounter = AllocationCounter.jvm();

        private Builder() {
        }

        /**
         * Also measure the heap bytes each zone allocates (default: off, or on with {@code -Dhudprof.alloc=zones}).
         * Each zone transition then reads the thread's allocated-bytes counter once, next to the clock, and every
         * report, call graph, average and history frame can show {@link Metric#ALLOCATED_BYTES} instead of time.
         * Where the JVM has no such counter it stays off and says so; time profiling is the same either way.
         */
        public Builder allocationPerZone(boolean on) {
            this.allocationPerZone = on;
            this.allocationProperty = null;
            return this;
        }

        /** The allocated-bytes counter allocation per zone reads ({@link AllocationCounter#jvm()} by default). */
        public Builder allocationCounter(AllocationCounter counter) {
            this.allocationCounter = counter;
            return this;
        }

        /** The time source; inject a {@link ManualClock} in tests. */
        public Builder clock(Clock clock) {
            this.clock = clock;
            return this;
        }

        /** Events each thread can hold between two updates (a power of two, ≥ 64). */
        public Builder eventCapacity(int events) {
            this.eventCapacity = events;
            return this;
        }

        /**
         * Events per thread kept for the timeline across recent frames: 0 (the default) keeps no timeline, else
         * a power of two ≥ 64.
         */
        public Builder timelineCapacity(int events) {
            this.timelineCapacity = events;
            return this;
        }

        /**
         * Recorded frames whose timeline bars are kept for the HUD's timeline (default 8, 1 to 4096; at most
         * {@code historyFrames}). Only with a {@link #timelineCapacity(int)}; older frames keep their totals in
         * history and their timeline says it was not kept. Cost: see the class javadoc.
         */
        public Builder timelineFrames(int frames) {
            this.timelineFrames = frames;
            return this;
        }

        /** Deepest zone nesting recorded per thread (≥ 8); deeper entries are counted, not recorded. */
        public Builder maxDepth(int depth) {
            this.maxDepth = depth;
            return this;
        }

        /** Most distinct zone-stack states (≥ 64); beyond it time goes to one overflow state. */
        public Builder maxStates(int states) {
            this.maxStates = states;
            return this;
        }

        /** Frames of history for scrubbing and the graph (≥ 1). */
        public Builder historyFrames(int frames) {
            this.historyFrames = frames;
            return this;
        }

        /** Per-zone self-time entries shared by all history frames (≥ 64). */
        public Builder zoneHistoryEntries(int entries) {
            this.zoneHistoryEntries = entries;
            return this;
        }

        /**
         * Record hudprof's own per-frame work as {@link SelfZones} (default on): its update, report building and HUD
         * drawing then show in the report like any zone. Off, the report shows only the game's zones.
         */
        public Builder selfProfiling(boolean on) {
            this.selfProfiling = on;
            return this;
        }

        /** Keep every state's values per frame (IProf's full history). */
        public Builder fullHistory(boolean keep) {
            this.fullHistory = keep;
            return this;
        }

        /** Per-state entries shared by all history frames when full history is on (≥ 64). */
        public Builder stateHistoryEntries(int entries) {
            this.stateHistoryEntries = entries;
            return this;
        }

        /** Weight of the newest frame in the fast moving average (0 &lt; w ≤ 1). */
        public Builder fastAverageWeight(double weight) {
            this.fastAverageWeight = weight;
            return this;
        }

        /** Weight of the newest frame in the slow moving average (0 &lt; w ≤ 1, below the fast weight). */
        public Builder slowAverageWeight(double weight) {
            this.slowAverageWeight = weight;
            return this;
        }

        /**
         * Checks every setting and builds the configuration.
         *
         * @throws IllegalArgumentException naming the setting and the accepted values
         */
        public ProfilerConfig build() {
            if (clock == null) {
                throw new IllegalArgumentException("hudprof: clock is null; pass Clock.SYSTEM or a ManualClock");
            }
            if (allocationProperty != null && !allocationProperty.isEmpty() && !allocationProperty.equals("zones")
                    && !allocationProperty.equals("off")) {
                throw new IllegalArgumentException("hudprof: -D" + ALLOCATION_PROPERTY + " must be 'zones' or 'off', got '"
                        + allocationProperty + "'");
            }
            if (allocationCounter == null) {
                throw new IllegalArgumentException("hudprof: allocation counter is null; pass AllocationCounter.jvm()");
            }
            requirePowerOfTwo("eventCapacity", eventCapacity);
            if (timelineCapacity != 0) {
                requirePowerOfTwo("timelineCapacity", timelineCapacity);
            }
            requireAtLeast("timelineFrames", timelineFrames, 1);
            if (timelineFrames > 4096) {
                throw new IllegalArgumentException("hudprof: timelineFrames must be at most 4096, got " + timelineFrames);
            }
            requireAtLeast("maxDepth", maxDepth, 8);
            requireAtLeast("maxStates", maxStates, 64);
            requireAtLeast("historyFrames", historyFrames, 1);
            requireAtLeast("zoneHistoryEntries", zoneHistoryEntries, 64);
            requireAtLeast("stateHistoryEntries", stateHistoryEntries, 64);
            if (!(fastAverageWeight > 0 && fastAverageWeight <= 1)) {
                throw new IllegalArgumentException("hudprof: fastAverageWeight must be in (0, 1], got "
                        + fastAverageWeight + "; 0.2 follows a change within about 10 frames");
            }
            if (!(slowAverageWeight > 0 && slowAverageWeight < fastAverageWeight)) {
                throw new IllegalArgumentException("hudprof: slowAverageWeight must be above 0 and below "
                        + "fastAverageWeight (" + fastAverageWeight + "), got " + slowAverageWeight);
            }
            return new ProfilerConfig(this);
        }

        private static void requirePowerOfTwo(String name, int value) {
            if (value < 64 || Integer.bitCount(value) != 1 || value > (1 << 26)) {
                throw new IllegalArgumentException("hudprof: " + name + " must be a power of two between 64 and "
                        + (1 << 26) + ", got " + value + "; try " + Math.max(64, Integer.highestOneBit(
                                Math.max(1, Math.min(value, 1 << 26)))));
            }
        }

        private static void requireAtLeast(String name, int value, int min) {
            if (value < min) {
                throw new IllegalArgumentException("hudprof: " + name + " must be at least " + min + ", got "
                        + value);
            }
        }
    }
}
