package io.hudprof.pstats;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A seeded mutation fuzzer over the real captures: each input is one captured message, mutated (bit flips, random
 * bytes, extreme counts, truncation, insertion, deletion, splices), fed into a session that already holds the
 * capture's hello and definitions, followed by a real frame, with the text printer attached so accounting and
 * printing run on whatever got through. The only exception allowed out is {@link PStatsFormatException}.
 *
 * <p>The count defaults to 20000 (the module's {@code hudprof.pstats.fuzzInputs} property); raise it with
 * {@code -Dhudprof.pstats.fuzzInputs=N}. The seed is printed, and a failure names the seed and input number.
 */
class DecoderFuzzTest {
    private static final long SEED = 0x5eed_b0a7L;

    @Test
    void mutatedCapturesOnlyEverFailWithTheCodecsRejection() {
        int inputs = Integer.getInteger("hudprof.pstats.fuzzInputs", 20_000);
        List<SessionLog.Entry> udp = Captures.messages(Captures.UDP);
        List<SessionLog.Entry> tcp = Captures.messages(Captures.TCP);
        SplittableRandom random = new SplittableRandom(SEED);
        PrintStream sink = new PrintStream(OutputStream.nullOutputStream());
        long rejected = 0;
        long started = System.nanoTime();
        for (int n = 0; n < inputs; n++) {
            List<SessionLog.Entry> capture = random.nextBoolean() ? udp : tcp;
            int setup = capture == udp ? 6 : 5;
            TextStatsPrinter printer = new TextStatsPrinter(sink, true);
            PStatsSession session = new PStatsSession("fuzz", printer);
            try {
                Captures.replay(capture.subList(0, setup), session);
            } catch (PStatsFormatException e) {
                throw new AssertionError(e);
            }
            SessionLog.Entry victim = capture.get(random.nextInt(capture.size()));
            byte[] mutated = mutate(victim.bytes(), random);
            boolean asUdp = victim.udp() ? random.nextInt(8) != 0 : random.nextInt(8) == 0;
            try {
                feed(session, mutated, asUdp);
            } catch (PStatsFormatException expected) {
                rejected++;
            } catch (RuntimeException | Error e) {
                throw new AssertionError("seed " + SEED + " input " + n + " threw " + e, e);
            }
            try {
                SessionLog.Entry next = capture.get(setup + random.nextInt(capture.size() - setup));
                feed(session, next.bytes(), next.udp());
                session.close("fuzz input done");
            } catch (PStatsFormatException expected) {
                rejected++;
            } catch (RuntimeException | Error e) {
                throw new AssertionError("seed " + SEED + " input " + n + " broke the session: " + e, e);
            }
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        System.out.printf("PStats fuzz: %d inputs (seed %x) in %.2f s, %d rejected by the codec%n", inputs, SEED,
                seconds, rejected);
        assertTrue(rejected > 0 && rejected < 2L * inputs, "mutations were both rejected and accepted");
    }

    private static void feed(PStatsSession session, byte[] b, boolean udp) throws PStatsFormatException {
        if (udp) {
            session.udpDatagram(b, 0, b.length);
        } else {
            if (b.length < 4) {
                throw new PStatsFormatException("short");
            }
            session.tcpPayload(b, 4, b.length - 4);
        }
    }

    /** One to four mutations; UDP ones usually get their checksum fixed so the decoder behind it is reached. */
    static byte[] mutate(byte[] original, SplittableRandom r) {
        byte[] b = original.clone();
        int mutations = 1 + r.nextInt(4);
        for (int m = 0; m < mutations && b.length > 0; m++) {
            int at = r.nextInt(b.length);
            switch (r.nextInt(7)) {
                case 0 -> b[at] ^= (byte) (1 << r.nextInt(8));
                case 1 -> b[at] = (byte) r.nextInt(256);
                case 2 -> {
                    // Extreme counts and lengths: 0, 0xffff, 0x7fff, 0x8000, 0xffffffff.
                    int[] extremes = {0x00, 0xff, 0x7f, 0x80};
                    int width = 1 + r.nextInt(4);
                    int v = extremes[r.nextInt(extremes.length)];
                    for (int k = 0; k < width && at + k < b.length; k++) {
                        b[at + k] = (byte) v;
                    }
                }
                case 3 -> b = java.util.Arrays.copyOf(b, at);
                case 4 -> {
                    byte[] grown = new byte[b.length + 1 + r.nextInt(16)];
                    System.arraycopy(b, 0, grown, 0, at);
                    for (int k = at; k < at + grown.length - b.length; k++) {
                        grown[k] = (byte) r.nextInt(256);
                    }
                    System.arraycopy(b, at, grown, at + grown.length - b.length, b.length - at);
                    b = grown;
                }
                case 5 -> {
                    int len = Math.min(b.length - at, 1 + r.nextInt(8));
                    byte[] shrunk = new byte[b.length - len];
                    System.arraycopy(b, 0, shrunk, 0, at);
                    System.arraycopy(b, at + len, shrunk, at, b.length - at - len);
                    b = shrunk;
                }
                default -> {
                    int from = r.nextInt(b.length);
                    int len = Math.min(Math.min(b.length - from, b.length - at), 1 + r.nextInt(12));
                    System.arraycopy(b, from, b, at, len);
                }
            }
        }
        if (b.length >= 2 && r.nextInt(4) != 0) {
            int sum = PStatsCodec.checksum(b, 2, b.length - 2);
            b[0] = (byte) sum;
            b[1] = (byte) (sum >>> 8);
        }
        return b;
    }
}
