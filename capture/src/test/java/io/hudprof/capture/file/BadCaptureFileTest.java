package io.hudprof.capture.file;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.hudprof.capture.FrameNotes;
import io.hudprof.capture.SpikeCapture;
import io.hudprof.capture.SpikeRule;
import io.hudprof.core.Hudprof;
import io.hudprof.core.ManualAllocationCounter;
import io.hudprof.core.Problem;
import io.hudprof.core.ManualClock;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.ThreadWorker;
import io.hudprof.core.Zone;
import io.hudprof.stats.Counter;
import io.hudprof.stats.FrameStatistics;
import io.hudprof.stats.IntDistribution;
import io.hudprof.stats.Sensor;
import io.hudprof.testkit.AllocationCheck;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad files (truncated, another version, lying lengths, random bytes, seeded mutations of a real capture) give one
 * {@link CaptureFormatException} naming the file and the offset, never another exception, and reading never
 * allocates in proportion to a claimed length. The fuzz count is {@code -Dhudprof.test.captureFuzz} (2,000 here).
 */
class BadCaptureFileTest {
    private static final Zone A = Zone.define("bad:A");
    private static final Zone B = Zone.local("bad:B");
    private static final Counter SPAWNED = Counter.define("bad/Spawned");
    private static final IntDistribution SIZES = IntDistribution.define("bad/Sizes");

    @TempDir
    Path dir;
    private Path good;
    private byte[] bytes;

    @AfterEach
    void uninstall() {
        Hudprof.uninstall();
    }

    @BeforeEach
    void writeRealCapture() throws Exception {
        ManualClock clock = new ManualClock(1_000_000L);
        // Allocation per zone (format 1.2) on a counter advanced by hand (the threads take turns).
        ManualAllocationCounter allocated = new ManualAllocationCounter();
        Profiler profiler = Hudprof.install(new Profiler(ProfilerConfig.builder().clock(clock)
                .timelineCapacity(1 << 10).allocationPerZone(true).allocationCounter(allocated).build()));
        good = dir.resolve("good.hudprof");
        // Format 1.1's sections too: a note (the spike capture's notes store) and problem counts.
        SpikeCapture spikes = SpikeCapture.builder().rule(SpikeRule.above(60_000)).attach(profiler);
        FrameStatistics.builder().sensors(EnumSet.noneOf(Sensor.class)).attach(profiler);
        try (ThreadWorker worker = new ThreadWorker("worker")) {
            CaptureWriter writer = CaptureWriter.start(profiler, good, 64, 0, "bad files"); // room for every frame
            profiler.update();
            for (int f = 0; f < 12; f++) {
                if (f == 6) {
                    spikes.notes().post(FrameNotes.Kind.GC, "G1 Young Generation", "G1 Evacuation Pause",
                            clock.nanoTime() - 30_000, 20_000);
                }
                A.begin();
                SPAWNED.add(f % 3);
                SIZES.report(f * 3L);
                clock.advanceMicros(10 + f);
                allocated.allocate(100 + f);
                B.begin();
                clock.advanceMicros(3);
                allocated.allocate(f % 2 == 0 ? 24 : 0);
                if (f % 3 != 1) {
                    B.end(); // else a missing end
                }
                A.end();
                if (f % 4 == 2) {
                    B.end(); // an extra end
                }
                worker.run(() -> {
                    A.begin();
                    clock.advanceMicros(4);
                    allocated.allocate(7);
                    A.end();
                });
                clock.advanceMicros(5);
                profiler.update();
            }
            writer.finish().get(30, TimeUnit.SECONDS);
        }
        Hudprof.uninstall();
        bytes = Files.readAllBytes(good);
        Capture capture = Capture.open(good);
        assertEquals(13, capture.frames().size());
        assertEquals(1, capture.notes().size());
        assertTrue(capture.frames().stream().anyMatch(f -> f.problems(Problem.MISSING_END) > 0));
        assertTrue(capture.frames().stream().allMatch(CapturedFrame::hasStatistics));
        assertTrue(capture.allocationPerZone() && capture.allocationStates().size() >= 3);
        assertEquals(12, capture.frames().stream().filter(f -> f.allocatedBytes() > 0).count(),
                "every frame after the first update allocates");
    }

    private CaptureFormatException rejected(byte[] b) {
        return assertThrows(CaptureFormatException.class, () -> Capture.read(good, b));
    }

    @Test
    void aTruncatedCaptureIsRejectedAtEveryLength() {
        for (int length = 0; length < bytes.length; length++) {
            CaptureFormatException e = rejected(Arrays.copyOf(bytes, length));
            assertTrue(e.offset() >= 0 && e.offset() <= length, e.getMessage());
            assertTrue(e.getMessage().startsWith(good + ": offset " + e.offset() + ": "), e.getMessage());
            assertEquals(1, e.getMessage().lines().count());
        }
    }

    @Test
    void anotherMajorVersionIsRefusedByName() {
        byte[] b = bytes.clone();
        b[CaptureFormat.MAGIC.length] = 2;
        CaptureFormatException e = rejected(b);
        assertTrue(e.getMessage().contains("version 2." + CaptureFormat.MINOR), e.getMessage());
        assertEquals(CaptureFormat.MAGIC.length, e.offset());
    }

    @Test
    void randomBytesAreNotACapture() {
        byte[] random = new byte[4096];
        new Random(7).nextBytes(random);
        CaptureFormatException e = rejected(random);
        assertEquals(0, e.offset());
        assertTrue(e.getMessage().contains("not a hudprof capture"), e.getMessage());
    }

    @Test
    void lyingLengthsAndCountsAllocateNothingForWhatTheyClaim() {
        int headerTag = CaptureFormat.MAGIC.length + 2;
        // The header record claims 2^28 bytes (the cap) and then 2^35: neither is believed nor allocated for.
        for (long claim : new long[] {1L << 28, 1L << 35, Long.MAX_VALUE}) {
            ByteOut out = new ByteOut(64);
            out.writeBytes(Arrays.copyOf(bytes, headerTag + 1));
            out.writeVarLong(claim);
            out.writeBytes(new byte[16]);
            byte[] b = toBytes(out);
            long before = AllocationCheck.allocatedBytes();
            CaptureFormatException e = rejected(b);
            long allocated = AllocationCheck.allocatedBytes() - before;
            assertTrue(allocated < 1 << 20, allocated + " bytes allocated for " + e.getMessage());
        }
        // A frame that claims 2^30 segments in a few bytes.
        ByteOut frame = new ByteOut(64);
        frame.writeVarLong(CaptureFormat.FRAME_RECORDED | CaptureFormat.FRAME_RESYNC);
        frame.writeSignedVarLong(0);
        frame.writeVarLong(10);
        frame.writeVarLong(1);
        frame.writeVarLong(0);
        frame.writeVarLong(0);
        frame.writeVarLong(1L << 30);
        ByteOut out = new ByteOut(256);
        out.writeBytes(Arrays.copyOf(bytes, firstRecordEnd()));
        out.writeRecord(CaptureFormat.TAG_FRAME, frame);
        long before = AllocationCheck.allocatedBytes();
        CaptureFormatException e = rejected(toBytes(out));
        assertTrue(AllocationCheck.allocatedBytes() - before < 1 << 20);
        assertTrue(e.getMessage().contains("thread segments"), e.getMessage());
    }

    @Test
    void aVersionOneZeroCaptureStillOpensAndReplays() {
        // The capture as version 1.0 wrote it: the same records without the 1.1 ones (tags 64 and up).
        ByteOut out = new ByteOut(bytes.length);
        int headerTag = CaptureFormat.MAGIC.length + 2;
        byte[] start = Arrays.copyOf(bytes, headerTag);
        start[CaptureFormat.MAGIC.length + 1] = 0;
        out.writeBytes(start);
        int kept = 0;
        int skipped = 0;
        ByteIn in = new ByteIn(good, bytes);
        try {
            for (int i = 0; i < headerTag; i++) {
                in.readByte();
            }
            while (in.remaining() > 0) {
                int at = in.position();
                int tag = in.readByte();
                int length = (int) in.readVarLong();
                int end = in.position() + length;
                if (tag < CaptureFormat.TAG_FIRST_OPTIONAL) {
                    out.writeBytes(Arrays.copyOfRange(bytes, at, end));
                    kept++;
                } else {
                    skipped++;
                }
                while (in.position() < end) {
                    in.readByte();
                }
            }
        } catch (CaptureFormatException e) {
            throw new AssertionError(e);
        }
        assertTrue(skipped > 13, "the 1.2 capture has statistics, problems, a note, allocation: " + skipped
                + " records");
        System.out.println("capture 1.1 and 1.2 records: " + skipped + " records, "
                + (bytes.length - toBytes(out).length) + " of " + bytes.length + " bytes (13 frames with 2 statistics,"
                + " 2 problem kinds, 1 note, allocation on 2 threads)");
        Capture old;
        try {
            old = Capture.read(good, toBytes(out));
        } catch (CaptureFormatException e) {
            throw new AssertionError(e);
        }
        assertEquals(0, old.minorVersion());
        assertEquals(13, old.frames().size());
        assertTrue(old.notes().isEmpty() && old.statistics().isEmpty());
        assertTrue(old.frames().stream().noneMatch(CapturedFrame::hasStatistics));
        assertEquals(0, old.frames().get(5).problems(Problem.MISSING_END));
        try (CaptureReplay replay = old.replay(ProfilerConfig.builder().timelineCapacity(1 << 10))) {
            replay.replayAll();
            assertEquals(12, replay.profiler().recordedFrames() - 1);
            assertEquals(null, replay.statistics());
        }
        assertTrue(kept > 13);
    }

    @Test
    void aVersionOneOneCaptureStillOpensAndReplaysWithoutAllocation() throws CaptureFormatException {
        // The capture as version 1.1 wrote it: no allocation records (69, 70) and no "allocation" header key.
        byte[] old = withoutAllocation(bytes, 1);
        Capture capture = Capture.read(good, old);
        Capture now = Capture.read(good, bytes);
        assertEquals(1, capture.minorVersion());
        assertTrue(!capture.allocationPerZone() && capture.allocationStates().isEmpty());
        assertEquals(13, capture.frames().size());
        assertEquals(1, capture.notes().size());
        assertEquals(now.statistics().size(), capture.statistics().size());
        assertTrue(capture.frames().stream().allMatch(f -> f.allocatedBytes() == 0 && f.hasStatistics()));
        System.out.println("capture 1.2 allocation records: " + (bytes.length - old.length) + " of " + bytes.length
                + " bytes (" + now.allocationStates().size() + " states, 12 recorded frames)");
        try (CaptureReplay replay = capture.replay(ProfilerConfig.builder().timelineCapacity(1 << 10))) {
            replay.replayAll();
            assertEquals(12, replay.profiler().recordedFrames() - 1);
            assertTrue(!replay.profiler().data().records(io.hudprof.core.Metric.ALLOCATED_BYTES));
        }
    }

    /** {@code capture} as format 1.{@code minor} wrote it: without the allocation records and header key. */
    private byte[] withoutAllocation(byte[] capture, int minor) {
        ByteOut out = new ByteOut(capture.length);
        int headerTag = CaptureFormat.MAGIC.length + 2;
        byte[] start = Arrays.copyOf(capture, headerTag);
        start[CaptureFormat.MAGIC.length + 1] = (byte) minor;
        out.writeBytes(start);
        ByteIn in = new ByteIn(good, capture);
        try {
            for (int i = 0; i < headerTag; i++) {
                in.readByte();
            }
            while (in.remaining() > 0) {
                int at = in.position();
                int tag = in.readByte();
                int length = (int) in.readVarLong();
                int end = in.position() + length;
                if (tag == CaptureFormat.TAG_HEADER) {
                    int n = (int) in.readVarLong();
                    List<String> kept = new ArrayList<>();
                    for (int i = 0; i < n; i++) {
                        String key = in.readString("key");
                        String value = in.readString("value");
                        if (!key.equals(CaptureFormat.HEADER_ALLOCATION)) {
                            kept.add(key);
                            kept.add(value);
                        }
                    }
                    ByteOut header = new ByteOut(length);
                    header.writeVarLong(kept.size() / 2);
                    for (String k : kept) {
                        header.writeString(k);
                    }
                    out.writeRecord(tag, header);
                } else if (tag != CaptureFormat.TAG_ALLOCATION_STATE && tag != CaptureFormat.TAG_ALLOCATION) {
                    out.writeBytes(Arrays.copyOfRange(capture, at, end));
                }
                while (in.position() < end) {
                    in.readByte();
                }
            }
        } catch (CaptureFormatException e) {
            throw new AssertionError(e);
        }
        return toBytes(out);
    }

    @Test
    void lyingAllocationRecordsAreRejectedAtTheirOffset() {
        int afterHeader = firstRecordEnd();
        // The first frame (an update with no zones yet) allocated nothing: no state is defined after it.
        int afterFirstFrame = recordEnd(afterHeader, CaptureFormat.TAG_FRAME);
        // Allocation before any frame, for a state not defined yet, for one far out of range.
        ByteOut one = new ByteOut(64);
        one.writeVarLong(1);
        one.writeSignedVarLong(1);
        one.writeVarLong(64);
        CaptureFormatException e = rejected(withRecordAt(afterHeader, CaptureFormat.TAG_ALLOCATION, one));
        assertTrue(e.getMessage().contains("before the first frame"), e.getMessage());
        assertEquals(afterHeader, e.offset());
        e = rejected(withRecordAt(afterFirstFrame, CaptureFormat.TAG_ALLOCATION, one));
        assertTrue(e.getMessage().contains("state 0, not defined"), e.getMessage());
        ByteOut undefined = new ByteOut(64);
        undefined.writeVarLong(1);
        undefined.writeSignedVarLong(1_000);
        undefined.writeVarLong(64);
        e = rejected(withRecordAt(afterFirstFrame, CaptureFormat.TAG_ALLOCATION, undefined));
        assertTrue(e.getMessage().contains("not defined"), e.getMessage());
        assertTrue(e.getMessage().startsWith(good + ": offset " + e.offset() + ": "), e.getMessage());
        ByteOut far = new ByteOut(64);
        far.writeVarLong(1);
        far.writeSignedVarLong(Long.MIN_VALUE);
        far.writeVarLong(64);
        e = rejected(withRecordAt(afterFirstFrame, CaptureFormat.TAG_ALLOCATION, far));
        assertTrue(e.getMessage().contains("not defined"), e.getMessage());
        // A state whose parent comes after it, and one in a zone never defined.
        ByteOut parent = new ByteOut(64);
        parent.writeVarLong(0);
        parent.writeVarLong(5);
        parent.writeVarLong(0);
        e = rejected(withRecordAt(afterHeader, CaptureFormat.TAG_ALLOCATION_STATE, parent));
        assertTrue(e.getMessage().contains("not defined before it"), e.getMessage());
        ByteOut out = new ByteOut(64);
        ByteOut root = new ByteOut(64);
        root.writeVarLong(0);
        root.writeVarLong(0);
        root.writeString("<main>");
        out.writeRecord(CaptureFormat.TAG_ALLOCATION_STATE, root);
        ByteOut child = new ByteOut(64);
        child.writeVarLong(1);
        child.writeVarLong(1);
        child.writeVarLong(4_000);
        out.writeRecord(CaptureFormat.TAG_ALLOCATION_STATE, child);
        e = rejected(withBytesAt(afterHeader, toBytes(out)));
        assertTrue(e.getMessage().contains("never defined"), e.getMessage());
        // An allocation record claiming 2^30 states in a few bytes allocates nothing for them.
        ByteOut claim = new ByteOut(64);
        claim.writeVarLong(1L << 30);
        claim.writeSignedVarLong(1);
        long before = AllocationCheck.allocatedBytes();
        e = rejected(withRecordAt(afterFirstFrame, CaptureFormat.TAG_ALLOCATION, claim));
        assertTrue(AllocationCheck.allocatedBytes() - before < 1 << 20);
        assertTrue(e.getMessage().contains("cannot fit"), e.getMessage());
    }

    /**
     * Seeded mutations confined to the allocation records' payloads (the records' lengths stay true, so the reader's
     * checks of what they say are what is tried), each read or rejected cleanly and the first 50 read replayed.
     */
    @Test
    void seededMutationsOfTheAllocationRecordsAreReadOrRejectedCleanly() {
        List<int[]> payloads = new ArrayList<>();
        ByteIn in = new ByteIn(good, bytes);
        try {
            for (int i = 0; i < CaptureFormat.MAGIC.length + 2; i++) {
                in.readByte();
            }
            while (in.remaining() > 0) {
                int tag = in.readByte();
                int length = (int) in.readVarLong();
                int from = in.position();
                if ((tag == CaptureFormat.TAG_ALLOCATION_STATE || tag == CaptureFormat.TAG_ALLOCATION) && length > 0) {
                    payloads.add(new int[] {from, length});
                }
                while (in.position() < from + length) {
                    in.readByte();
                }
            }
        } catch (CaptureFormatException e) {
            throw new AssertionError(e);
        }
        assertTrue(payloads.size() > 12, payloads.size() + " allocation records");
        int count = Integer.getInteger("hudprof.test.captureFuzz", 2_000);
        long seed = Long.getLong("hudprof.test.captureFuzzSeed", 20261127L) + 12;
        Random random = new Random(seed);
        int rejected = 0;
        int replayed = 0;
        for (int i = 0; i < count; i++) {
            byte[] b = bytes.clone();
            int edits = 1 + random.nextInt(3);
            for (int k = 0; k < edits; k++) {
                int[] p = payloads.get(random.nextInt(payloads.size()));
                int at = p[0] + random.nextInt(p[1]);
                int[] edges = {0, 1, 0x7F, 0x80, 0xFF, 0xFE, 0x3F, 0x40};
                b[at] = random.nextBoolean() ? (byte) (b[at] ^ (1 << random.nextInt(8)))
                        : (byte) edges[random.nextInt(edges.length)];
            }
            Capture capture;
            try {
                capture = Capture.read(good, b);
            } catch (CaptureFormatException e) {
                rejected++;
                if (e.getMessage().lines().count() != 1 || e.offset() < 0 || e.offset() > b.length) {
                    fail("input " + i + " (seed " + seed + "): bad error " + e.getMessage());
                }
                continue;
            } catch (RuntimeException | Error e) {
                throw new AssertionError("input " + i + " (seed " + seed + ") threw " + e, e);
            }
            if (replayed < 50) {
                replayed++;
                try (CaptureReplay replay = capture.replay(ProfilerConfig.builder().timelineCapacity(1 << 10))) {
                    replay.replayAll();
                } catch (RuntimeException | Error e) {
                    throw new AssertionError("input " + i + " (seed " + seed + ") was read but its replay threw "
                            + e, e);
                }
            }
        }
        System.out.println("capture allocation fuzz: " + count + " inputs (seed " + seed + "): " + rejected
                + " rejected, " + (count - rejected) + " read, " + replayed + " of those replayed");
    }

    /** The good capture with {@code insert} put in at {@code offset}. */
    private byte[] withBytesAt(int offset, byte[] insert) {
        ByteOut out = new ByteOut(bytes.length + insert.length);
        out.writeBytes(Arrays.copyOf(bytes, offset));
        out.writeBytes(insert);
        out.writeBytes(Arrays.copyOfRange(bytes, offset, bytes.length));
        return toBytes(out);
    }

    @Test
    void lyingProblemAndNoteRecordsAreRejectedAtTheirOffset() {
        int afterHeader = firstRecordEnd();
        // A note before any frame.
        ByteOut note = new ByteOut(64);
        note.writeVarLong(1);
        note.writeVarLong(1);
        note.writeString("G1 pause");
        CaptureFormatException e = rejected(withRecordAt(afterHeader, CaptureFormat.TAG_NOTE, note));
        assertTrue(e.getMessage().contains("before the first frame"), e.getMessage());
        assertEquals(afterHeader, e.offset());
        int afterFirstFrame = recordEnd(afterHeader, CaptureFormat.TAG_FRAME);
        // A note that touches a frame not recorded yet, and one whose range is backwards.
        ByteOut future = new ByteOut(64);
        future.writeVarLong(1);
        future.writeVarLong(1_000);
        future.writeString("G1 pause");
        e = rejected(withRecordAt(afterFirstFrame, CaptureFormat.TAG_NOTE, future));
        assertTrue(e.getMessage().contains("not recorded yet"), e.getMessage());
        ByteOut backwards = new ByteOut(64);
        backwards.writeVarLong(3);
        backwards.writeVarLong(2);
        backwards.writeString("G1 pause");
        e = rejected(withRecordAt(afterFirstFrame, CaptureFormat.TAG_NOTE, backwards));
        assertTrue(e.getMessage().contains("touches frames 3 to 2"), e.getMessage());
        // Problem counts of a kind never defined.
        ByteOut undefined = new ByteOut(64);
        undefined.writeVarLong(0);
        undefined.writeVarLong(1);
        undefined.writeVarLong(200);
        undefined.writeVarLong(5);
        e = rejected(withRecordAt(afterFirstFrame, CaptureFormat.TAG_PROBLEMS, undefined));
        assertTrue(e.getMessage().contains("never defined"), e.getMessage());
        // A problems record claiming 2^30 counts in a few bytes allocates nothing for them.
        ByteOut claim = new ByteOut(64);
        claim.writeVarLong(1L << 30);
        claim.writeVarLong(0);
        long before = AllocationCheck.allocatedBytes();
        e = rejected(withRecordAt(afterFirstFrame, CaptureFormat.TAG_PROBLEMS, claim));
        assertTrue(AllocationCheck.allocatedBytes() - before < 1 << 20);
        assertTrue(e.getMessage().contains("cannot fit"), e.getMessage());
        assertTrue(e.getMessage().startsWith(good.toString() + ": offset "), e.getMessage());
        // Statistics that claim more cells than their statistics have, a cell past them, a statistic out of order.
        ByteOut cells = new ByteOut(64);
        cells.writeVarLong(CaptureFormat.STATISTICS_BASE);
        cells.writeVarLong(0);
        cells.writeVarLong(1L << 30);
        e = rejected(withRecordAt(afterFirstFrame, CaptureFormat.TAG_STATISTICS, cells));
        assertTrue(e.getMessage().contains("cannot fit") || e.getMessage().contains("which have 0"),
                e.getMessage());
        ByteOut past = new ByteOut(64);
        past.writeVarLong(CaptureFormat.STATISTICS_BASE);
        past.writeVarLong(0);
        past.writeVarLong(0);
        past.writeVarLong(0);
        past.writeVarLong(0);
        past.writeVarLong(1);
        past.writeVarLong(0);
        past.writeSignedVarLong(1);
        e = rejected(withRecordAt(afterFirstFrame, CaptureFormat.TAG_STATISTICS, past));
        assertTrue(e.getMessage().contains("past the 0 cells"), e.getMessage());
        ByteOut statistic = new ByteOut(64);
        statistic.writeVarLong(5);
        statistic.writeVarLong(0);
        statistic.writeVarLong(0);
        statistic.writeVarLong(0);
        statistic.writeVarLong(0);
        statistic.writeString("bad/Later");
        e = rejected(withRecordAt(afterHeader, CaptureFormat.TAG_STATISTIC, statistic));
        assertTrue(e.getMessage().contains("statistic 5 defined where statistic 0 comes next"), e.getMessage());
    }

    /** The good capture with {@code record} (under {@code tag}) put in at {@code offset}. */
    private byte[] withRecordAt(int offset, int tag, ByteOut record) {
        ByteOut out = new ByteOut(bytes.length + 64);
        out.writeBytes(Arrays.copyOf(bytes, offset));
        out.writeRecord(tag, record);
        out.writeBytes(Arrays.copyOfRange(bytes, offset, bytes.length));
        return toBytes(out);
    }

    /** The offset just past the first record with {@code tag} from {@code offset} on. */
    private int recordEnd(int offset, int tag) {
        ByteIn in = new ByteIn(good, bytes);
        try {
            for (int i = 0; i < offset; i++) {
                in.readByte();
            }
            while (true) {
                int t = in.readByte();
                int length = (int) in.readVarLong();
                int end = in.position() + length;
                while (in.position() < end) {
                    in.readByte();
                }
                if (t == tag) {
                    return end;
                }
            }
        } catch (CaptureFormatException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void seededMutationsOfARealCaptureAreReadOrRejectedCleanly() {
        int count = Integer.getInteger("hudprof.test.captureFuzz", 2_000);
        long seed = Long.getLong("hudprof.test.captureFuzzSeed", 20261127L);
        Random random = new Random(seed);
        int accepted = 0;
        int rejected = 0;
        int replayed = 0;
        for (int i = 0; i < count; i++) {
            byte[] b = mutate(bytes, random);
            Capture capture;
            try {
                capture = Capture.read(good, b);
            } catch (CaptureFormatException e) {
                rejected++;
                if (e.getMessage().lines().count() != 1 || e.offset() < 0 || e.offset() > b.length) {
                    fail("input " + i + " (seed " + seed + "): bad error " + e.getMessage());
                }
                continue;
            } catch (RuntimeException | Error e) {
                throw new AssertionError("input " + i + " (seed " + seed + ") threw " + e, e);
            }
            accepted++;
            if (replayed < 50) {
                replayed++;
                try (CaptureReplay replay = capture.replay(ProfilerConfig.builder().timelineCapacity(1 << 10))) {
                    replay.replayAll();
                } catch (RuntimeException | Error e) {
                    throw new AssertionError("input " + i + " (seed " + seed + ") was read but its replay threw "
                            + e, e);
                }
            }
        }
        System.out.println("capture fuzz: " + count + " inputs (seed " + seed + "): " + rejected + " rejected, "
                + accepted + " read, " + replayed + " of those replayed");
        assertEquals(count, accepted + rejected);
    }

    private static byte[] mutate(byte[] original, Random random) {
        byte[] b = original.clone();
        int kind = random.nextInt(6);
        switch (kind) {
            case 0 -> { // flip bits
                int flips = 1 + random.nextInt(4);
                for (int k = 0; k < flips; k++) {
                    int at = random.nextInt(b.length);
                    b[at] ^= (byte) (1 << random.nextInt(8));
                }
            }
            case 1 -> { // set a byte to an edge value
                int at = random.nextInt(b.length);
                int[] edges = {0, 1, 0x7F, 0x80, 0xFF, 0xFE};
                b[at] = (byte) edges[random.nextInt(edges.length)];
            }
            case 2 -> { // cut
                b = Arrays.copyOf(b, random.nextInt(b.length));
            }
            case 3 -> { // delete a run
                int at = random.nextInt(b.length);
                int n = Math.min(b.length - at, 1 + random.nextInt(8));
                byte[] c = new byte[b.length - n];
                System.arraycopy(b, 0, c, 0, at);
                System.arraycopy(b, at + n, c, at, b.length - at - n);
                b = c;
            }
            case 4 -> { // insert random bytes
                int at = random.nextInt(b.length + 1);
                int n = 1 + random.nextInt(8);
                byte[] c = new byte[b.length + n];
                System.arraycopy(b, 0, c, 0, at);
                for (int k = 0; k < n; k++) {
                    c[at + k] = (byte) random.nextInt(256);
                }
                System.arraycopy(b, at, c, at + n, b.length - at);
                b = c;
            }
            default -> { // a long varint continuation run
                int at = random.nextInt(b.length);
                for (int k = at; k < Math.min(b.length, at + 1 + random.nextInt(12)); k++) {
                    b[k] = (byte) 0xFF;
                }
            }
        }
        return b;
    }

    /** The offset just past the header record. */
    private int firstRecordEnd() {
        ByteIn in = new ByteIn(good, bytes);
        try {
            for (int i = 0; i < CaptureFormat.MAGIC.length + 2; i++) {
                in.readByte();
            }
            in.readByte();
            int length = (int) in.readVarLong();
            return in.position() + length;
        } catch (CaptureFormatException e) {
            throw new AssertionError(e);
        }
    }

    private static byte[] toBytes(ByteOut out) {
        java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
        try {
            out.writeTo(b);
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
        return b.toByteArray();
    }
}
