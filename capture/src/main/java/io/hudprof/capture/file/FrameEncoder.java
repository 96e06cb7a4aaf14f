package io.hudprof.capture.file;

import io.hudprof.core.Problem;
import io.hudprof.core.Profiler;
import io.hudprof.core.Zone;
import io.hudprof.stats.Stat;
import io.hudprof.stats.StatSlots;
import io.hudprof.stats.Stats;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The writer thread's side of a capture: encodes frame slots as records ({@code docs/CAPTURE-FORMAT.md}) into a
 * temporary file beside the target, defining each zone and thread before the first frame that uses it, and at the
 * end writes the end record and renames the file over the target.
 */
final class FrameEncoder {
    private final Path target;
    private final Path temp;
    private final OutputStream out;
    private final ByteOut record = new ByteOut(1 << 12);
    private final ByteOut chunk = new ByteOut(1 << 16);
    private boolean[] zoneDefined = new boolean[1024];
    private final boolean[] problemDefined = new boolean[FrameSlot.PROBLEM_KINDS];
    private static final Problem[] PROBLEMS = Problem.values();
    /** Statistics defined in the file so far; the cells of the last statistics record written. */
    private int statsDefined;
    private long[] statsWritten = new long[64];
    private int statsWrittenSlots;
    /** Allocation per zone: per live state, its id in the file + 1 (0: not defined); states defined so far. */
    private int[] stateId = new int[256];
    private int statesDefined;
    private long previousEnd;
    private boolean first = true;
    private int maxThreadEvents;
    private long frames;

    private FrameEncoder(Path target, Path temp, OutputStream out) {
        this.target = target;
        this.temp = temp;
        this.out = out;
    }

    /**
     * A capture being written to a temporary file beside {@code file}; {@code allocation}: the profiler measures
     * allocation per zone (the header says so, and frames carry their bytes).
     */
    static FrameEncoder open(Path file, String title, boolean allocation) throws IOException {
        Path absolute = file.toAbsolutePath();
        Path dir = absolute.getParent();
        Files.createDirectories(dir);
        Path temp = Files.createTempFile(dir, absolute.getFileName().toString(), ".tmp");
        try {
            // A temporary file is private to its owner; the capture is an ordinary file others may read.
            Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("rw-r--r--"));
        } catch (UnsupportedOperationException | IOException e) {
            // Not a POSIX file system: its defaults stand.
        }
        OutputStream out = new BufferedOutputStream(Files.newOutputStream(temp), 1 << 16);
        FrameEncoder e = new FrameEncoder(absolute, temp, out);
        try {
            e.header(title, allocation);
        } catch (IOException | RuntimeException x) {
            e.abandon();
            throw x;
        }
        return e;
    }

    /** What a capture says about where it was made: see the format's header keys. */
    static Map<String, String> headerEntries(String title, boolean allocation) {
        Map<String, String> h = new LinkedHashMap<>();
        Package p = Profiler.class.getPackage();
        String version = p == null ? null : p.getImplementationVersion();
        h.put("hudprof", version == null ? "dev" : version);
        h.put("title", title);
        h.put("created", Instant.now().toString());
        h.put("clock", "profiler clock, ns");
        h.put("java.version", System.getProperty("java.version", ""));
        h.put("java.vm", System.getProperty("java.vm.name", "") + " " + System.getProperty("java.vm.version", ""));
        h.put("java.vendor", System.getProperty("java.vendor", ""));
        h.put("os", System.getProperty("os.name", "") + " " + System.getProperty("os.version", ""));
        h.put("arch", System.getProperty("os.arch", ""));
        h.put("cpus", Integer.toString(Runtime.getRuntime().availableProcessors()));
        String cpu = cpuModel();
        if (cpu != null) {
            h.put("cpu", cpu);
        }
        if (allocation) {
            h.put(CaptureFormat.HEADER_ALLOCATION, CaptureFormat.ALLOCATION_ZONES);
        }
        return h;
    }

    private static String cpuModel() {
        try {
            Path info = Path.of("/proc/cpuinfo");
            if (!Files.isReadable(info)) {
                return null;
            }
            for (String line : Files.readAllLines(info)) {
                if (line.startsWith("model name")) {
                    int colon = line.indexOf(':');
                    return colon < 0 ? null : line.substring(colon + 1).trim();
                }
            }
        } catch (IOException | RuntimeException e) {
            // The model is a courtesy: a capture without it is still whole.
        }
        return null;
    }

    private void header(String title, boolean allocation) throws IOException {
        chunk.writeBytes(CaptureFormat.MAGIC);
        chunk.writeByte(CaptureFormat.MAJOR);
        chunk.writeByte(CaptureFormat.MINOR);
        Map<String, String> entries = headerEntries(title, allocation);
        record.clear();
        record.writeVarLong(entries.size());
        for (Map.Entry<String, String> e : entries.entrySet()) {
            record.writeString(e.getKey());
            record.writeString(e.getValue());
        }
        chunk.writeRecord(CaptureFormat.TAG_HEADER, record);
        flushChunk();
    }

    void frame(FrameSlot s) throws IOException {
        for (int i = 0; i < s.newThreads; i++) {
            record.clear();
            record.writeVarLong(s.newThreadId[i]);
            record.writeByte(s.newThreadUpdating[i] ? CaptureFormat.THREAD_UPDATING : 0);
            record.writeString(s.newThreadName[i]);
            chunk.writeRecord(CaptureFormat.TAG_THREAD, record);
        }
        for (int i = 0; i < s.resyncZones; i++) {
            define(s.resyncZone[i]);
        }
        for (int i = 0; i < s.events; i++) {
            define(s.zone[i]);
        }
        for (int i = 0; i < s.gpuEvents; i++) {
            int code = s.gpuCode[i];
            define(code < 0 ? ~code : code);
        }
        for (int i = 0; i < s.stateDefs; i++) {
            if (s.defParent[i] >= 0) {
                define(s.defZone[i]);
            }
        }
        record.clear();
        int flags = (s.recorded ? CaptureFormat.FRAME_RECORDED : 0) | (s.resync ? CaptureFormat.FRAME_RESYNC : 0)
                | (s.gpuInstalled ? CaptureFormat.FRAME_GPU_INSTALLED : 0);
        record.writeVarLong(flags);
        record.writeSignedVarLong(first ? s.startNanos : s.startNanos - previousEnd);
        record.writeVarLong(s.endNanos - s.startNanos);
        record.writeVarLong(s.recorded ? s.frameNumber : 0);
        record.writeVarLong(s.droppedBefore);
        if (s.resync) {
            record.writeVarLong(s.resyncThreads);
            int z = 0;
            for (int t = 0; t < s.resyncThreads; t++) {
                record.writeVarLong(s.resyncThread[t]);
                record.writeVarLong(s.resyncDepth[t]);
                for (int d = 0; d < s.resyncDepth[t]; d++) {
                    record.writeVarLong(s.resyncZone[z++]);
                }
            }
        }
        record.writeVarLong(s.segments);
        int e = 0;
        for (int g = 0; g < s.segments; g++) {
            int count = s.segCount[g];
            maxThreadEvents = Math.max(maxThreadEvents, count);
            record.writeVarLong(s.segThread[g]);
            record.writeVarLong(count);
            long previous = s.startNanos;
            for (int k = 0; k < count; k++, e++) {
                record.writeVarLong(((long) s.zone[e] << 1) | (s.begin[e] ? 1 : 0));
                record.writeSignedVarLong(s.nanos[e] - previous);
                previous = s.nanos[e];
            }
        }
        record.writeVarLong(s.ended);
        for (int i = 0; i < s.ended; i++) {
            record.writeVarLong(s.endedThread[i]);
        }
        record.writeVarLong(s.gpuFrames);
        int ge = 0;
        for (int f = 0; f < s.gpuFrames; f++) {
            record.writeVarLong(s.gpuFlags[f]);
            record.writeVarLong(s.gpuFrame[f]);
            record.writeVarLong(s.gpuCount[f]);
            long previous = s.startNanos;
            for (int k = 0; k < s.gpuCount[f]; k++, ge++) {
                int code = s.gpuCode[ge];
                record.writeVarLong(code < 0 ? ((long) ~code << 1) : ((long) code << 1) | 1);
                record.writeSignedVarLong(s.gpuNanos[ge] - previous);
                previous = s.gpuNanos[ge];
            }
        }
        chunk.writeRecord(CaptureFormat.TAG_FRAME, record);
        problems(s);
        if (s.hasStats) {
            statistics(s);
        }
        if (s.allocs > 0) {
            allocation(s);
        }
        for (int i = 0; i < s.notes; i++) {
            record.clear();
            record.writeVarLong(s.noteFirst[i]);
            record.writeVarLong(s.noteLast[i]);
            record.writeString(s.noteText[i]);
            chunk.writeRecord(CaptureFormat.TAG_NOTE, record);
        }
        previousEnd = s.endNanos;
        first = false;
        frames++;
        if (chunk.size() >= 1 << 15) {
            flushChunk();
        }
    }

    /** The frame's problem counts, when it has any, after defining the kinds they use. */
    private void problems(FrameSlot s) {
        int before = 0;
        int inFrame = 0;
        for (int k = 0; k < FrameSlot.PROBLEM_KINDS; k++) {
            before += s.problemsBefore[k] != 0 ? 1 : 0;
            inFrame += s.problemsInFrame[k] != 0 ? 1 : 0;
            if ((s.problemsBefore[k] != 0 || s.problemsInFrame[k] != 0) && !problemDefined[k]) {
                problemDefined[k] = true;
                record.clear();
                record.writeVarLong(k);
                record.writeString(PROBLEMS[k].name());
                chunk.writeRecord(CaptureFormat.TAG_PROBLEM_KIND, record);
            }
        }
        if (before + inFrame == 0) {
            return;
        }
        record.clear();
        writeCounts(s.problemsBefore, before);
        writeCounts(s.problemsInFrame, inFrame);
        chunk.writeRecord(CaptureFormat.TAG_PROBLEMS, record);
    }

    /** The frame's statistics: definitions of those new to the file, then the cells that changed. */
    private void statistics(FrameSlot s) {
        int stats = Math.max(s.statCount, s.statBase ? s.baseStats : 0);
        for (; statsDefined < stats; statsDefined++) {
            Stat stat = Stats.byId(statsDefined);
            record.clear();
            record.writeVarLong(statsDefined);
            record.writeVarLong(stat.kind().ordinal());
            record.writeVarLong(stat.unit().ordinal());
            record.writeVarLong(stat.isLevel() ? CaptureFormat.STATISTIC_LEVEL : 0);
            record.writeVarLong(StatSlots.firstSlot(stat));
            record.writeString(stat.name());
            chunk.writeRecord(CaptureFormat.TAG_STATISTIC, record);
        }
        record.clear();
        record.writeVarLong(s.statBase ? CaptureFormat.STATISTICS_BASE : 0);
        if (s.statBase) {
            record.writeVarLong(s.baseStats);
            record.writeVarLong(s.baseSlots);
            for (int c = 0; c < s.baseSlots; c++) {
                record.writeSignedVarLong(s.baseCells[c]);
            }
            statsWritten = ensure(statsWritten, s.baseSlots);
            System.arraycopy(s.baseCells, 0, statsWritten, 0, s.baseSlots);
            statsWrittenSlots = s.baseSlots;
        }
        statsWritten = ensure(statsWritten, s.statSlots);
        for (int c = statsWrittenSlots; c < s.statSlots; c++) {
            statsWritten[c] = 0; // cells new since the last record change from 0
        }
        int changes = 0;
        for (int c = 0; c < s.statSlots; c++) {
            changes += s.statCells[c] != statsWritten[c] ? 1 : 0;
        }
        record.writeVarLong(s.statCount);
        record.writeVarLong(s.statSlots);
        record.writeVarLong(changes);
        int previous = -1;
        for (int c = 0; c < s.statSlots; c++) {
            if (s.statCells[c] != statsWritten[c]) {
                record.writeVarLong(c - previous - 1);
                record.writeSignedVarLong(s.statCells[c] - statsWritten[c]);
                statsWritten[c] = s.statCells[c];
                previous = c;
            }
        }
        statsWrittenSlots = s.statSlots;
        chunk.writeRecord(CaptureFormat.TAG_STATISTICS, record);
    }

    /**
     * The frame's allocation per zone: definitions of the states new to the file (parents first), then each state's
     * self bytes, states as differences from the one before.
     */
    private void allocation(FrameSlot s) {
        for (int i = 0; i < s.stateDefs; i++) {
            int live = s.defState[i];
            if (live >= stateId.length) {
                stateId = java.util.Arrays.copyOf(stateId, Math.max(live + 1, stateId.length * 2));
            }
            int id = statesDefined++;
            stateId[live] = id + 1;
            record.clear();
            record.writeVarLong(id);
            if (s.defParent[i] < 0) {
                record.writeVarLong(0);
                record.writeString(s.defRoot[i]);
            } else {
                record.writeVarLong(stateId[s.defParent[i]]);
                record.writeVarLong(s.defZone[i]);
            }
            chunk.writeRecord(CaptureFormat.TAG_ALLOCATION_STATE, record);
        }
        record.clear();
        record.writeVarLong(s.allocs);
        long previous = -1;
        for (int i = 0; i < s.allocs; i++) {
            long id = stateId[s.allocState[i]] - 1L;
            record.writeSignedVarLong(id - previous);
            record.writeVarLong(s.allocBytes[i]);
            previous = id;
        }
        chunk.writeRecord(CaptureFormat.TAG_ALLOCATION, record);
    }

    private static long[] ensure(long[] a, int size) {
        return a.length >= size ? a : java.util.Arrays.copyOf(a, Math.max(size, a.length * 2));
    }

    private void writeCounts(long[] counts, int nonZero) {
        record.writeVarLong(nonZero);
        for (int k = 0; k < counts.length; k++) {
            if (counts[k] != 0) {
                record.writeVarLong(k);
                record.writeVarLong(counts[k]);
            }
        }
    }

    private void define(int id) {
        if (id >= zoneDefined.length) {
            zoneDefined = java.util.Arrays.copyOf(zoneDefined, Math.max(zoneDefined.length * 2, id + 1));
        }
        if (zoneDefined[id]) {
            return;
        }
        zoneDefined[id] = true;
        Zone zone = Zone.byId(id);
        record.clear();
        record.writeVarLong(id);
        int flags = (zone != null && !zone.isPublic() ? CaptureFormat.ZONE_PRIVATE : 0)
                | (zone != null && zone.isGpu() ? CaptureFormat.ZONE_GPU : 0);
        record.writeByte(flags);
        // The zone's own colour, shifted by one so that 0 says "none" (a category's colour is the game's code, not
        // the zone's: it is not stored).
        int rgb = zone == null ? Zone.NO_COLOR : zone.color();
        record.writeVarLong(rgb == Zone.NO_COLOR ? 0 : rgb + 1L);
        record.writeString(zone == null ? "<zone " + id + ">" : zone.name());
        chunk.writeRecord(CaptureFormat.TAG_ZONE, record);
    }

    /** Ends the file with the frames written and the frames lost ({@code dropped}), and puts it in place. */
    void finish(long dropped) throws IOException {
        record.clear();
        record.writeVarLong(frames);
        record.writeVarLong(dropped);
        record.writeVarLong(maxThreadEvents);
        chunk.writeRecord(CaptureFormat.TAG_END, record);
        flushChunk();
        out.close();
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** Gives up: closes and deletes the temporary file; the target is left as it was. */
    void abandon() {
        try {
            out.close();
        } catch (IOException e) {
            // Being deleted anyway.
        }
        try {
            Files.deleteIfExists(temp);
        } catch (IOException e) {
            // Nothing more to do: the capture failed and says so.
        }
    }

    private void flushChunk() throws IOException {
        chunk.writeTo(out);
        chunk.clear();
    }
}
