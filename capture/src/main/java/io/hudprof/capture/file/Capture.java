package io.hudprof.capture.file;

import io.hudprof.core.Problem;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.ValueUnit;
import io.hudprof.stats.StatKind;
import io.hudprof.stats.StatSlots;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@code .hudprof} capture read into memory and validated ({@code docs/CAPTURE-FORMAT.md}): the header (machine,
 * JVM, hudprof version, title), the zone and thread tables and the frames. {@link #replay} plays it into a fresh
 * profiler, frame by frame, so reports, views and frame listeners see the captured frames as they saw them live.
 *
 * <p>Reading distrusts the file: every length and count is checked against the bytes that remain before anything is
 * allocated for it, every reference against what was defined, and any problem is one {@link CaptureFormatException}
 * naming the file and the byte offset. Memory is proportional to the file's real size, never to a claimed one.
 */
public final class Capture {
    /** A zone as the capture defines it. */
    public record ZoneInfo(int id, String name, boolean isPrivate, boolean isGpu, int colour) {
    }

    /** A thread as the capture defines it; {@code updating}: the thread that called {@code update()}. */
    public record ThreadInfo(int id, String name, boolean updating) {
    }

    /**
     * A statistic as the capture defines it: its id in the capture (dense from 0), its name ({@code Category/Name}),
     * kind, unit, whether it is a level, and its first cell in the captured snapshots.
     */
    public record StatInfo(int id, String name, StatKind kind, ValueUnit unit, boolean level, int firstSlot) {
    }

    /**
     * A zone-stack state that allocation per zone credits bytes to (format 1.2): its id in the capture (dense from 0),
     * and either {@code parent} -1 and {@code root} the thread root's name ({@code <main>}), or its parent state's id
     * and the capture's id of its innermost zone ({@code root} null).
     */
    public record AllocationState(int id, int parent, int zone, String root) {
    }

    /**
     * A note (GC pause, safepoint, JIT compilation) as the HUD showed it against frames: it settled by the update
     * of frame {@code frameIndex} (an index into {@link #frames()}) and touched the live run's recorded frames
     * {@code firstFrame .. lastFrame} (both 0: none the profiler still held).
     */
    public record Note(int frameIndex, long firstFrame, long lastFrame, String text) {
    }

    private final Path file;
    private final int minorVersion;
    private final Map<String, String> header;
    private final Map<Integer, ZoneInfo> zones;
    private final List<ThreadInfo> threads;
    private final List<CapturedFrame> frames;
    private final long droppedFrames;
    private final int maxThreadEvents;
    private final List<Note> notes;
    private final List<StatInfo> statistics;
    private final List<AllocationState> allocationStates;

    private Capture(Path file, int minorVersion, Map<String, String> header, Map<Integer, ZoneInfo> zones,
                    List<ThreadInfo> threads, List<CapturedFrame> frames, long droppedFrames, int maxThreadEvents,
                    List<Note> notes, List<StatInfo> statistics, List<AllocationState> allocationStates) {
        this.file = file;
        this.minorVersion = minorVersion;
        this.header = Collections.unmodifiableMap(header);
        this.zones = Collections.unmodifiableMap(zones);
        this.threads = Collections.unmodifiableList(threads);
        this.frames = Collections.unmodifiableList(frames);
        this.droppedFrames = droppedFrames;
        this.maxThreadEvents = maxThreadEvents;
        this.notes = Collections.unmodifiableList(notes);
        this.statistics = Collections.unmodifiableList(statistics);
        this.allocationStates = Collections.unmodifiableList(allocationStates);
    }

    /**
     * Whether the live profiler measured allocation per zone (format 1.2): then a replay measures it too, each
     * state's self bytes as they were live.
     */
    public boolean allocationPerZone() {
        return CaptureFormat.ALLOCATION_ZONES.equals(header.get(CaptureFormat.HEADER_ALLOCATION));
    }

    /** The zone-stack states the frames' allocation is credited to, by the capture's id (their index). */
    public List<AllocationState> allocationStates() {
        return allocationStates;
    }

    /** The statistics the frames' values are of, by the capture's id (their index); none in a 1.0 capture. */
    public List<StatInfo> statistics() {
        return statistics;
    }

    /**
     * Reads and validates the capture in {@code file}.
     *
     * @throws CaptureFormatException when the file is not a valid capture (naming the file and the offset)
     * @throws IOException when it cannot be read
     */
    public static Capture open(Path file) throws IOException {
        return read(file, Files.readAllBytes(file));
    }

    /** Reads and validates a capture held in {@code bytes}; {@code file} only names it in errors (may be null). */
    public static Capture read(Path file, byte[] bytes) throws CaptureFormatException {
        return new Reader(file, bytes).read();
    }

    /** The file read, or null when read from bytes. */
    public Path file() {
        return file;
    }

    /** The format's minor version the file was written with (the major is always {@value CaptureFormat#MAJOR}). */
    public int minorVersion() {
        return minorVersion;
    }

    /**
     * Where and how the capture was made: {@code hudprof} (its version), {@code title}, {@code created}, {@code clock},
     * {@code java.version}, {@code java.vm}, {@code java.vendor}, {@code os}, {@code arch}, {@code cpus},
     * {@code cpu} (when known), and any a later writer adds.
     */
    public Map<String, String> header() {
        return header;
    }

    /** The capture's title (may be empty). */
    public String title() {
        return header.getOrDefault("title", "");
    }

    /** The zones the frames use, by the capture's zone id. */
    public Map<Integer, ZoneInfo> zones() {
        return zones;
    }

    /** The threads, by the capture's thread id (their index). */
    public List<ThreadInfo> threads() {
        return threads;
    }

    /** The frames, oldest first. */
    public List<CapturedFrame> frames() {
        return frames;
    }

    /** The notes (GC, JIT, JFR) in the order they settled; none in a 1.0 capture. */
    public List<Note> notes() {
        return notes;
    }

    /** Frames of the live run the writer could not take (between its first frame and its end). */
    public long droppedFrames() {
        return droppedFrames;
    }

    /** The most zone events one thread had in one frame: a replay's rings are made this large. */
    int maxThreadEvents() {
        return maxThreadEvents;
    }

    /**
     * A replay of this capture into a new profiler built from {@code config} (its clock, self-profiling and event
     * capacity are the replay's; everything else, history length and timelines included, is the caller's). Add frame
     * listeners to {@link CaptureReplay#profiler()}, then {@link CaptureReplay#step()} through the frames.
     */
    public CaptureReplay replay(ProfilerConfig.Builder config) {
        return new CaptureReplay(this, config);
    }

    /**
     * {@link #replay(ProfilerConfig.Builder)} into a profiler whose history holds every frame of the capture (up to
     * 32,768) and which keeps timelines of 2^14 events a thread for the last 64 frames: what a viewer wants.
     */
    public CaptureReplay replay() {
        int frames = (int) Math.min(32_768, Math.max(1, frames().size()));
        return replay(ProfilerConfig.builder().historyFrames(Math.max(frames, 64)).timelineCapacity(1 << 14)
                .timelineFrames(64));
    }

    /** The parser: one pass, every claim checked before it is believed. */
    private static final class Reader {
        private final Path file;
        private final ByteIn in;
        private final Map<String, String> header = new LinkedHashMap<>();
        private final Map<Integer, ZoneInfo> zones = new HashMap<>();
        /**
         * Per zone id: 0 undefined, {@link #CPU_ZONE} or {@link #GPU_ZONE}; what every event's check reads (a map
         * lookup per event boxed an Integer). Grows to the largest id defined, at most the format's id bound.
         */
        private byte[] zoneKind = new byte[256];
        private final List<ThreadInfo> threads = new ArrayList<>();
        private final List<Boolean> ended = new ArrayList<>();
        private final List<CapturedFrame> frames = new ArrayList<>();
        private long previousEnd;
        private long lastRecorded;
        private long dropped;
        /** Problem kinds by the capture's id: this JVM's problem, or null for a name it does not know. */
        private final Problem[] problemKind = new Problem[CaptureFormat.MAX_PROBLEM_KIND + 1];
        private final boolean[] problemKindDefined = new boolean[CaptureFormat.MAX_PROBLEM_KIND + 1];
        private final List<Note> notes = new ArrayList<>();
        private final List<StatInfo> statistics = new ArrayList<>();
        /** One past the last cell of the statistics defined so far. */
        private int statSlotEnd;
        /** The cell count of the last statistics record (cells past it start from 0), -1 before the first. */
        private int lastStatSlots = -1;
        private final List<AllocationState> allocationStates = new ArrayList<>();
        /** Per allocation state: the frame count when an allocation record last credited it (one credit a frame). */
        private final IntList allocationSeen = new IntList();

        Reader(Path file, byte[] bytes) {
            this.file = file;
            this.in = new ByteIn(file, bytes);
        }

        Capture read() throws CaptureFormatException {
            for (int i = 0; i < CaptureFormat.MAGIC.length; i++) {
                if (in.remaining() == 0 || in.readByte() != (CaptureFormat.MAGIC[i] & 0xFF)) {
                    throw new CaptureFormatException(file, 0, "not a hudprof capture (no .hudprof magic)");
                }
            }
            int major = in.readByte();
            int minor = in.readByte();
            if (major != CaptureFormat.MAJOR) {
                throw new CaptureFormatException(file, CaptureFormat.MAGIC.length, "capture format version " + major
                        + "." + minor + " is not readable by this hudprof (reads " + CaptureFormat.MAJOR + ".x)");
            }
            boolean sawHeader = false;
            while (true) {
                if (in.remaining() == 0) {
                    throw in.fail("truncated: the capture has no end record");
                }
                int tagAt = in.position();
                int tag = in.readByte();
                int length = in.readCount(CaptureFormat.MAX_RECORD_BYTES, "record length");
                int outer = in.push(length);
                if (!sawHeader && tag != CaptureFormat.TAG_HEADER) {
                    throw new CaptureFormatException(file, tagAt, "the first record must be the header, not tag "
                            + tag);
                }
                switch (tag) {
                    case CaptureFormat.TAG_HEADER -> {
                        if (sawHeader) {
                            throw new CaptureFormatException(file, tagAt, "a second header record");
                        }
                        readHeader();
                        sawHeader = true;
                    }
                    case CaptureFormat.TAG_ZONE -> readZone();
                    case CaptureFormat.TAG_THREAD -> readThread();
                    case CaptureFormat.TAG_FRAME -> readFrame();
                    case CaptureFormat.TAG_PROBLEM_KIND -> readProblemKind();
                    case CaptureFormat.TAG_PROBLEMS -> readProblems(tagAt);
                    case CaptureFormat.TAG_NOTE -> readNote(tagAt);
                    case CaptureFormat.TAG_STATISTIC -> readStatistic();
                    case CaptureFormat.TAG_STATISTICS -> readStatistics(tagAt);
                    case CaptureFormat.TAG_ALLOCATION_STATE -> readAllocationState();
                    case CaptureFormat.TAG_ALLOCATION -> readAllocation(tagAt);
                    case CaptureFormat.TAG_END -> {
                        long frameCount = in.readNonNegative("frame count");
                        long droppedTotal = in.readNonNegative("dropped frames");
                        int maxEvents = in.readCount(Integer.MAX_VALUE, "largest thread frame");
                        in.pop(outer, "end");
                        if (frameCount != frames.size()) {
                            throw new CaptureFormatException(file, tagAt, "the end record counts " + frameCount
                                    + " frames but the file holds " + frames.size());
                        }
                        if (droppedTotal < dropped) {
                            throw new CaptureFormatException(file, tagAt, "the end record counts " + droppedTotal
                                    + " dropped frames but the frames say " + dropped);
                        }
                        if (in.remaining() != 0) {
                            throw in.fail(in.remaining() + " bytes after the end record");
                        }
                        int largest = 0;
                        for (CapturedFrame f : frames) {
                            for (int c : f.segCount) {
                                largest = Math.max(largest, c);
                            }
                        }
                        if (maxEvents != largest) {
                            throw new CaptureFormatException(file, tagAt, "the end record says a thread's largest "
                                    + "frame has " + maxEvents + " events but it has " + largest);
                        }
                        return new Capture(file, minor, header, zones, threads, frames, droppedTotal, largest,
                                notes, statistics, allocationStates);
                    }
                    default -> {
                        if (tag < CaptureFormat.TAG_FIRST_OPTIONAL) {
                            throw new CaptureFormatException(file, tagAt, "unknown record tag " + tag);
                        }
                        in.skipToLimit();
                    }
                }
                in.pop(outer, "tag " + tag);
            }
        }

        private void readHeader() throws CaptureFormatException {
            int n = in.readCount(CaptureFormat.MAX_HEADER_ENTRIES, "header entries");
            for (int i = 0; i < n; i++) {
                String key = in.readString("header key");
                String value = in.readString("header value");
                header.put(key, value);
            }
        }

        private void readZone() throws CaptureFormatException {
            int at = in.position();
            int id = in.readCount(CaptureFormat.MAX_ZONE_ID, "zone id");
            int flags = in.readByte();
            if ((flags & ~CaptureFormat.ZONE_KNOWN_FLAGS) != 0) {
                throw in.fail("unknown zone flags " + flags);
            }
            int colour = in.readCount(0x1000000, "zone colour");
            String name = in.readString("zone name");
            if (name.isBlank()) {
                throw in.fail("zone " + id + " has a blank name");
            }
            if (zones.containsKey(id)) {
                throw new CaptureFormatException(file, at, "zone " + id + " is defined twice");
            }
            zones.put(id, new ZoneInfo(id, name, (flags & CaptureFormat.ZONE_PRIVATE) != 0,
                    (flags & CaptureFormat.ZONE_GPU) != 0, colour));
            if (id >= zoneKind.length) {
                zoneKind = Arrays.copyOf(zoneKind, (int) Math.min(CaptureFormat.MAX_ZONE_ID + 1L,
                        Math.max(id + 1L, 2L * zoneKind.length)));
            }
            zoneKind[id] = (flags & CaptureFormat.ZONE_GPU) != 0 ? GPU_ZONE : CPU_ZONE;
        }

        private void readProblemKind() throws CaptureFormatException {
            int at = in.position();
            int id = in.readCount(CaptureFormat.MAX_PROBLEM_KIND, "problem kind id");
            String name = in.readString("problem kind name");
            if (problemKindDefined[id]) {
                throw new CaptureFormatException(file, at, "problem kind " + id + " is defined twice");
            }
            problemKindDefined[id] = true;
            for (Problem p : Problem.values()) {
                if (p.name().equals(name)) {
                    problemKind[id] = p; // a kind this hudprof does not know (a later writer's) is read and left out
                }
            }
        }

        /** The problem counts of the frame just read. */
        private void readProblems(int tagAt) throws CaptureFormatException {
            CapturedFrame frame = lastFrame(tagAt, "problem counts");
            if (frame.problemsInFrame != null) {
                throw new CaptureFormatException(file, tagAt, "a second problems record for frame "
                        + (frames.size() - 1));
            }
            long[] before = readCounts("problems before the frame");
            long[] inFrame = readCounts("problems in the frame");
            frame.problemsBefore = before;
            frame.problemsInFrame = inFrame;
        }

        private long[] readCounts(String what) throws CaptureFormatException {
            long[] counts = new long[Problem.values().length];
            int n = in.readItems(2, what);
            boolean[] seen = new boolean[CaptureFormat.MAX_PROBLEM_KIND + 1];
            for (int i = 0; i < n; i++) {
                int at = in.position();
                int id = in.readCount(CaptureFormat.MAX_PROBLEM_KIND, "problem kind id");
                if (!problemKindDefined[id]) {
                    throw new CaptureFormatException(file, at, what + " use problem kind " + id + ", never defined");
                }
                if (seen[id]) {
                    throw new CaptureFormatException(file, at, what + " count problem kind " + id + " twice");
                }
                seen[id] = true;
                long count = in.readNonNegative("problem count");
                if (problemKind[id] != null) {
                    counts[problemKind[id].ordinal()] = count;
                }
            }
            return counts;
        }

        /** A note that settled by the frame just read. */
        private void readNote(int tagAt) throws CaptureFormatException {
            lastFrame(tagAt, "a note");
            int at = in.position();
            long first = in.readNonNegative("note's first frame");
            long last = in.readNonNegative("note's last frame");
            if ((first == 0) != (last == 0) || last < first) {
                throw new CaptureFormatException(file, at, "a note touches frames " + first + " to " + last);
            }
            if (last > lastRecorded) {
                throw new CaptureFormatException(file, at, "a note touches frame " + last + ", not recorded yet");
            }
            String text = in.readString("note text");
            notes.add(new Note(frames.size() - 1, first, last, text));
        }

        private void readStatistic() throws CaptureFormatException {
            int at = in.position();
            int id = in.readCount(CaptureFormat.MAX_STATS, "statistic id");
            if (id != statistics.size()) {
                throw new CaptureFormatException(file, at, "statistic " + id + " defined where statistic "
                        + statistics.size() + " comes next");
            }
            int kind = in.readCount(StatKind.values().length - 1, "statistic kind");
            int unit = in.readCount(ValueUnit.values().length - 1, "statistic unit");
            int flags = in.readCount(CaptureFormat.STATISTIC_LEVEL, "statistic flags");
            int slotAt = in.position();
            int slot = in.readCount(Integer.MAX_VALUE, "statistic cell");
            if (slot != statSlotEnd) {
                throw new CaptureFormatException(file, slotAt, "statistic " + id + " starts at cell " + slot
                        + " where cell " + statSlotEnd + " comes next");
            }
            String name = in.readString("statistic name");
            int slash = name.indexOf('/');
            if (slash <= 0 || slash == name.length() - 1 || name.isBlank()) {
                throw in.fail("statistic " + id + " is named \"" + name + "\", not Category/Name");
            }
            StatKind k = StatKind.values()[kind];
            statistics.add(new StatInfo(id, name, k, ValueUnit.values()[unit],
                    (flags & CaptureFormat.STATISTIC_LEVEL) != 0, slot));
            statSlotEnd = slot + StatSlots.slotCount(k);
        }

        /** The statistics of the frame just read: cells at its start (base), then those that changed by its end. */
        private void readStatistics(int tagAt) throws CaptureFormatException {
            CapturedFrame frame = lastFrame(tagAt, "statistics");
            if (frame.statStats >= 0) {
                throw new CaptureFormatException(file, tagAt, "a second statistics record for frame "
                        + (frames.size() - 1));
            }
            int flags = in.readCount(CaptureFormat.STATISTICS_BASE, "statistics flags");
            if ((flags & CaptureFormat.STATISTICS_BASE) != 0) {
                frame.baseStats = coveredStats("base statistics");
                int slots = coveredSlots(frame.baseStats, true, "base statistics cells");
                long[] base = new long[slots]; // checked against the bytes left: one at least a cell
                for (int c = 0; c < slots; c++) {
                    base[c] = in.readSignedVarLong();
                }
                frame.statBase = base;
                lastStatSlots = slots;
            } else if (lastStatSlots < 0) {
                throw in.fail("the first statistics record has no base");
            }
            int stats = coveredStats("statistics");
            int slots = coveredSlots(stats, false, "statistics cells");
            if (slots < lastStatSlots) {
                throw in.fail("statistics cover " + slots + " cells, fewer than the " + lastStatSlots + " before");
            }
            int changes = in.readItems(2, "changed statistics cells");
            int[] at = new int[changes];
            long[] delta = new long[changes];
            int previous = -1;
            for (int i = 0; i < changes; i++) {
                int gapAt = in.position();
                long gap = in.readNonNegative("cell gap");
                if (gap >= slots - previous - 1L) {
                    throw new CaptureFormatException(file, gapAt, "a changed cell past the " + slots + " cells");
                }
                previous += (int) gap + 1;
                at[i] = previous;
                delta[i] = in.readSignedVarLong();
            }
            frame.statStats = stats;
            frame.statSlots = slots;
            frame.statChangeSlot = at;
            frame.statChangeDelta = delta;
            lastStatSlots = slots;
        }

        private int coveredStats(String what) throws CaptureFormatException {
            int at = in.position();
            int stats = in.readCount(CaptureFormat.MAX_STATS, what);
            if (stats > statistics.size()) {
                throw new CaptureFormatException(file, at, what + " cover " + stats + " statistics but "
                        + statistics.size() + " are defined");
            }
            return stats;
        }

        /**
         * The cell count, which must be that of the first {@code stats} statistics (and, when the cells follow, fit
         * in the bytes left).
         */
        private int coveredSlots(int stats, boolean cellsFollow, String what) throws CaptureFormatException {
            int at = in.position();
            int slots = cellsFollow ? in.readItems(1, what) : in.readCount(Integer.MAX_VALUE, what);
            int expected = stats == 0 ? 0 : statistics.get(stats - 1).firstSlot()
                    + StatSlots.slotCount(statistics.get(stats - 1).kind());
            if (slots != expected) {
                throw new CaptureFormatException(file, at, what + ": " + slots + " for " + stats
                        + " statistics, which have " + expected);
            }
            return slots;
        }

        private void readAllocationState() throws CaptureFormatException {
            int at = in.position();
            int id = in.readCount(CaptureFormat.MAX_ALLOCATION_STATES, "allocation state id");
            if (id != allocationStates.size()) {
                throw new CaptureFormatException(file, at, "allocation state " + id + " defined where state "
                        + allocationStates.size() + " comes next");
            }
            int parentAt = in.position();
            int parent = in.readCount(CaptureFormat.MAX_ALLOCATION_STATES, "allocation state parent") - 1;
            if (parent >= id) {
                throw new CaptureFormatException(file, parentAt, "allocation state " + id + " has parent " + parent
                        + ", not defined before it");
            }
            if (parent < 0) {
                String root = in.readString("allocation state root");
                if (root.isBlank()) {
                    throw in.fail("allocation state " + id + " has a blank root name");
                }
                allocationStates.add(new AllocationState(id, -1, -1, root));
            } else {
                allocationStates.add(new AllocationState(id, parent, zone(false, "allocation state " + id), null));
            }
            allocationSeen.add(-1);
        }

        /** The allocation per zone of the (recorded) frame just read: states by difference, and their bytes. */
        private void readAllocation(int tagAt) throws CaptureFormatException {
            CapturedFrame frame = lastFrame(tagAt, "allocation");
            if (frame.allocState != null) {
                throw new CaptureFormatException(file, tagAt, "a second allocation record for frame "
                        + (frames.size() - 1));
            }
            if (!frame.recorded()) {
                throw new CaptureFormatException(file, tagAt, "allocation for frame " + (frames.size() - 1)
                        + ", which was not recorded");
            }
            int n = in.readItems(2, "allocating states");
            int[] state = new int[n];
            long[] bytes = new long[n];
            long previous = -1;
            for (int i = 0; i < n; i++) {
                int at = in.position();
                long delta = in.readSignedVarLong();
                long id = delta > CaptureFormat.MAX_ALLOCATION_STATES || delta < -CaptureFormat.MAX_ALLOCATION_STATES
                        ? -1 : previous + delta;
                if (id < 0 || id >= allocationStates.size()) {
                    throw new CaptureFormatException(file, at, "allocation for state " + id + ", not defined");
                }
                if (allocationSeen.a[(int) id] == frames.size()) {
                    throw new CaptureFormatException(file, at, "allocation credits state " + id + " twice");
                }
                allocationSeen.a[(int) id] = frames.size();
                int bytesAt = in.position();
                long b = in.readNonNegative("allocated bytes");
                if (b == 0) {
                    throw new CaptureFormatException(file, bytesAt, "allocation credits state " + id + " 0 bytes");
                }
                state[i] = (int) id;
                bytes[i] = b;
                previous = id;
            }
            frame.allocState = state;
            frame.allocBytes = bytes;
        }

        private CapturedFrame lastFrame(int tagAt, String what) throws CaptureFormatException {
            if (frames.isEmpty()) {
                throw new CaptureFormatException(file, tagAt, what + " before the first frame");
            }
            return frames.get(frames.size() - 1);
        }

        private void readThread() throws CaptureFormatException {
            int at = in.position();
            int id = in.readCount(CaptureFormat.MAX_THREADS, "thread id");
            if (id != threads.size()) {
                throw new CaptureFormatException(file, at, "thread " + id + " defined where thread "
                        + threads.size() + " comes next");
            }
            int flags = in.readByte();
            if ((flags & ~CaptureFormat.THREAD_KNOWN_FLAGS) != 0) {
                throw in.fail("unknown thread flags " + flags);
            }
            String name = in.readString("thread name");
            threads.add(new ThreadInfo(id, name, (flags & CaptureFormat.THREAD_UPDATING) != 0));
            ended.add(false);
        }

        private int liveThread(String what) throws CaptureFormatException {
            int at = in.position();
            int id = in.readCount(CaptureFormat.MAX_THREADS, what);
            if (id >= threads.size()) {
                throw new CaptureFormatException(file, at, what + " " + id + " is not defined");
            }
            if (ended.get(id)) {
                throw new CaptureFormatException(file, at, what + " " + id + " has already ended");
            }
            return id;
        }

        private int zone(boolean gpu, String what) throws CaptureFormatException {
            int at = in.position();
            long raw = in.readVarLong();
            if (raw < 0 || raw > CaptureFormat.MAX_ZONE_ID) {
                throw new CaptureFormatException(file, at, what + " zone id out of range");
            }
            return checkZone((int) raw, gpu, at, what);
        }

        private int checkZone(int id, boolean gpu, int at, String what) throws CaptureFormatException {
            byte kind = id < zoneKind.length ? zoneKind[id] : 0;
            if (kind == (gpu ? GPU_ZONE : CPU_ZONE)) {
                return id;
            }
            if (kind == 0) {
                throw new CaptureFormatException(file, at, what + " uses zone " + id + ", never defined");
            }
            throw new CaptureFormatException(file, at, what + " uses zone " + id + " ("
                    + (gpu ? "a CPU zone" : "a GPU zone") + ") where a " + (gpu ? "GPU" : "CPU") + " zone belongs");
        }

        private long time(long previous, String what) throws CaptureFormatException {
            int at = in.position();
            long delta = in.readSignedVarLong();
            try {
                return Math.addExact(previous, delta);
            } catch (ArithmeticException e) {
                throw new CaptureFormatException(file, at, what + " overflows the clock");
            }
        }

        private void readFrame() throws CaptureFormatException {
            int flags = in.readCount(CaptureFormat.FRAME_KNOWN_FLAGS, "frame flags");
            long start;
            if (frames.isEmpty()) {
                start = in.readSignedVarLong();
            } else {
                int deltaAt = in.position();
                long delta = in.readSignedVarLong();
                if (delta < 0) {
                    throw new CaptureFormatException(file, deltaAt, "frame " + frames.size()
                            + " starts before the previous frame ended");
                }
                try {
                    start = Math.addExact(previousEnd, delta);
                } catch (ArithmeticException e) {
                    throw new CaptureFormatException(file, deltaAt, "frame start overflows the clock");
                }
            }
            int durationAt = in.position();
            long duration = in.readNonNegative("frame duration");
            long end;
            try {
                end = Math.addExact(start, duration);
            } catch (ArithmeticException e) {
                throw new CaptureFormatException(file, durationAt, "frame end overflows the clock");
            }
            boolean recorded = (flags & CaptureFormat.FRAME_RECORDED) != 0;
            int numberAt = in.position();
            long number = in.readNonNegative("frame number");
            if (recorded ? number <= lastRecorded : number != 0) {
                throw new CaptureFormatException(file, numberAt, recorded
                        ? "recorded frame number " + number + " does not follow " + lastRecorded
                        : "an unrecorded frame has a frame number");
            }
            long droppedBefore = in.readNonNegative("dropped frames");
            if (droppedBefore > 0 && frames.isEmpty()) {
                throw in.fail("the first frame says frames were dropped before it");
            }
            dropped += droppedBefore;
            if (droppedBefore > 0 && (flags & CaptureFormat.FRAME_RESYNC) == 0) {
                throw in.fail("a frame after dropped frames carries no open stacks");
            }
            int[] resyncThread = new int[0];
            int[] resyncDepth = new int[0];
            int[] resyncZone = new int[0];
            if ((flags & CaptureFormat.FRAME_RESYNC) != 0) {
                int n = in.readItems(2, "stack count");
                resyncThread = new int[n];
                resyncDepth = new int[n];
                IntList zonesOpen = new IntList();
                for (int t = 0; t < n; t++) {
                    resyncThread[t] = liveThread("stack thread");
                    int depth = in.readItems(1, "stack depth");
                    if (depth > CaptureFormat.MAX_DEPTH) {
                        throw in.fail("stack depth " + depth + " is past " + CaptureFormat.MAX_DEPTH);
                    }
                    resyncDepth[t] = depth;
                    for (int d = 0; d < depth; d++) {
                        zonesOpen.add(zone(false, "an open stack"));
                    }
                }
                resyncZone = zonesOpen.toArray();
            } else if (frames.isEmpty()) {
                throw in.fail("the first frame carries no open stacks");
            }
            int segments = in.readItems(2, "thread segments");
            int[] segThread = new int[segments];
            int[] segStart = new int[segments];
            int[] segCount = new int[segments];
            IntList zone = new IntList();
            LongList nanos = new LongList();
            List<Boolean> seenThreads = new ArrayList<>(Collections.nCopies(threads.size(), false));
            for (int g = 0; g < segments; g++) {
                int threadAt = in.position();
                int thread = liveThread("segment thread");
                if (seenThreads.get(thread)) {
                    throw new CaptureFormatException(file, threadAt, "thread " + thread
                            + " has two segments in one frame");
                }
                seenThreads.set(thread, true);
                int count = in.readItems(2, "event count");
                // Bounded by the bytes left (two bytes an event at least, checked), so a lying count allocates nothing extra.
                zone.reserve(count);
                nanos.reserve(count);
                segThread[g] = thread;
                segStart[g] = zone.size;
                segCount[g] = count;
                long previous = start;
                for (int k = 0; k < count; k++) {
                    int codeAt = in.position();
                    long code = in.readVarLong();
                    if (code < 0 || (code >>> 1) > CaptureFormat.MAX_ZONE_ID) {
                        throw new CaptureFormatException(file, codeAt, "event zone id out of range");
                    }
                    zone.add(checkZone((int) (code >>> 1), false, codeAt, "an event") << 1 | (int) (code & 1));
                    previous = time(previous, "an event time");
                    nanos.add(previous);
                }
            }
            int endedCount = in.readItems(1, "ended threads");
            int[] endedThread = new int[endedCount];
            for (int i = 0; i < endedCount; i++) {
                endedThread[i] = liveThread("ended thread");
                ended.set(endedThread[i], true);
            }
            int gpuFrames = in.readItems(3, "GPU frames");
            long[] gpuFrame = new long[gpuFrames];
            int[] gpuFlags = new int[gpuFrames];
            int[] gpuStart = new int[gpuFrames];
            int[] gpuCount = new int[gpuFrames];
            IntList gpuCode = new IntList();
            LongList gpuNanos = new LongList();
            long newestRecorded = recorded ? number : lastRecorded;
            for (int f = 0; f < gpuFrames; f++) {
                gpuFlags[f] = in.readCount(CaptureFormat.GPU_BEFORE_UPDATE, "GPU frame flags");
                int numberAt2 = in.position();
                gpuFrame[f] = in.readNonNegative("GPU frame number");
                if (gpuFrame[f] < 1 || gpuFrame[f] > newestRecorded) {
                    throw new CaptureFormatException(file, numberAt2, "GPU results for frame " + gpuFrame[f]
                            + ", not a recorded frame yet");
                }
                int count = in.readItems(2, "GPU event count");
                gpuStart[f] = gpuCode.size;
                gpuCount[f] = count;
                long previous = start;
                for (int k = 0; k < count; k++) {
                    int codeAt = in.position();
                    long code = in.readVarLong();
                    if (code < 0 || (code >>> 1) > CaptureFormat.MAX_ZONE_ID) {
                        throw new CaptureFormatException(file, codeAt, "GPU zone id out of range");
                    }
                    int id = checkZone((int) (code >>> 1), true, codeAt, "a GPU event");
                    gpuCode.add((code & 1) != 0 ? id : ~id);
                    previous = time(previous, "a GPU event time");
                    gpuNanos.add(previous);
                }
            }
            int[] zoneCodes = zone.toArray();
            int[] zoneIds = new int[zoneCodes.length];
            boolean[] begins = new boolean[zoneCodes.length];
            for (int i = 0; i < zoneCodes.length; i++) {
                zoneIds[i] = zoneCodes[i] >>> 1;
                begins[i] = (zoneCodes[i] & 1) != 0;
            }
            frames.add(new CapturedFrame(flags, start, end, recorded ? number : 0, droppedBefore, resyncThread,
                    resyncDepth, resyncZone, segThread, segStart, segCount, zoneIds, begins, nanos.toArray(),
                    endedThread, gpuFrame, gpuFlags, gpuStart, gpuCount, gpuCode.toArray(), gpuNanos.toArray()));
            previousEnd = end;
            if (recorded) {
                lastRecorded = number;
            }
        }
    }

    private static final byte CPU_ZONE = 1;
    private static final byte GPU_ZONE = 2;

    /** A growing int array: grows with what was read, or with a count already checked against the bytes left. */
    private static final class IntList {
        int[] a = new int[16];
        int size;

        void add(int v) {
            if (size == a.length) {
                a = Arrays.copyOf(a, size * 2);
            }
            a[size++] = v;
        }

        void reserve(int more) {
            if (size + more > a.length) {
                a = Arrays.copyOf(a, Math.max(size + more, a.length * 2));
            }
        }

        int[] toArray() {
            return Arrays.copyOf(a, size);
        }
    }

    private static final class LongList {
        long[] a = new long[16];
        int size;

        void add(long v) {
            if (size == a.length) {
                a = Arrays.copyOf(a, size * 2);
            }
            a[size++] = v;
        }

        void reserve(int more) {
            if (size + more > a.length) {
                a = Arrays.copyOf(a, Math.max(size + more, a.length * 2));
            }
        }

        long[] toArray() {
            return Arrays.copyOf(a, size);
        }
    }
}
