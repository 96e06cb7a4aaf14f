package io.hudprof.bench;

import io.hudprof.capture.SpikeCapture;
import io.hudprof.capture.SpikeRule;
import io.hudprof.core.Hudprof;
import io.hudprof.core.Profiler;
import io.hudprof.core.Zone;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;

/**
 * What spike capture costs {@code update()} with the frame timeline on (issue 31): about 2,500 zone pairs a frame on
 * one or three threads, every frame a spike ({@code SpikeRule.above(0.001)}) or none ({@code above(10000)}), and the
 * same without spike capture. One profiler per cell, all cells round-robin in one JVM (as
 * {@link InterleavedUpdateGrid}), each {@code update()} timed alone, by wall clock and by the updating thread's CPU
 * time. Uses only the public API, so the same class runs against another build's core and capture (the classpath
 * decides), which is how a change is compared with main: alternate JVMs of the two builds.
 *
 * <pre>java -cp bench/target/classes:core/target/classes:capture/target/classes:... \
 *     io.hudprof.bench.InterleavedSpikeCapture [updates] [label]</pre>
 */
public final class InterleavedSpikeCapture {
    private static final int PAIRS = 2_500;
    private static final int WARM_UP_ROUNDS = 400;
    private static final Zone FRAME = Zone.local("isc-frame");
    private static final Zone PART = Zone.local("isc-part");
    private static final Zone JOB = Zone.local("isc-job");
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private InterleavedSpikeCapture() {
    }

    public static void main(String[] args) {
        int updates = args.length > 0 ? Integer.parseInt(args[0]) : 1_000;
        String label = args.length > 1 ? args[1] : "this build";
        System.out.println(measure(updates, label));
        System.exit(0);
    }

    /** A measured configuration: its threads and its spike capture (none, never firing, firing every frame). */
    private static final class Cell {
        final String name;
        final int threads;
        final Profiler profiler;
        final Workers workers;
        final SpikeCapture spikes;

        Cell(String name, int threads, SpikeRule rule) {
            this.name = name;
            this.threads = threads;
            this.profiler = new Profiler(BenchProfilers.config().timelineCapacity(1 << 15).timelineFrames(8)
                    .build());
            Hudprof.install(profiler);
            this.workers = threads > 1 ? new Workers(threads - 1, PAIRS / threads) : null;
            this.spikes = rule == null ? null : SpikeCapture.builder().rule(rule).recent(16).worst(16)
                    .attach(profiler);
        }

        /** Records a frame (the workers' share first, then this thread's), then times its update() alone. */
        void frame(long[] out, int i) {
            Hudprof.install(profiler);
            if (workers != null) {
                workers.step();
            }
            int own = PAIRS - (threads - 1) * (PAIRS / threads);
            FRAME.begin();
            for (int p = 0; p < own - 1; p++) {
                PART.begin();
                PART.end();
            }
            FRAME.end();
            long cpu = THREADS.getCurrentThreadCpuTime();
            long start = System.nanoTime();
            profiler.update();
            long wall = System.nanoTime() - start;
            out[2 * i] = wall;
            out[2 * i + 1] = THREADS.getCurrentThreadCpuTime() - cpu;
        }

        long events() {
            return 2L * PAIRS;
        }
    }

    static String measure(int updates, String label) {
        BenchProfilers.checkCompiledIn(true);
        SpikeRule every = SpikeRule.above(0.001);
        SpikeRule never = SpikeRule.above(10_000);
        Cell[] cells = {
            new Cell("1 thread, no spike capture", 1, null),
            new Cell("1 thread, capture, no spike", 1, never),
            new Cell("1 thread, every frame a spike", 1, every),
            new Cell("3 threads, no spike capture", 3, null),
            new Cell("3 threads, capture, no spike", 3, never),
            new Cell("3 threads, every frame a spike", 3, every),
        };
        try {
            long[][] times = new long[cells.length][2 * updates];
            for (int r = 0; r < WARM_UP_ROUNDS; r++) {
                for (Cell cell : cells) {
                    cell.frame(times[0], 0);
                }
            }
            for (int i = 0; i < updates; i++) {
                for (int c = 0; c < cells.length; c++) {
                    cells[c].frame(times[c], i);
                }
            }
            StringBuilder out = new StringBuilder();
            out.append("### update() with spike capture, timeline on (").append(label).append(", ").append(updates)
                    .append(" updates per cell, ").append(PAIRS).append(" zone pairs a frame)\n\n");
            out.append("| cell | wall p10 µs | wall median µs | CPU mean µs | CPU ns / event | spikes | slot growths"
                    + " in update |\n|---|---:|---:|---:|---:|---:|---:|\n");
            for (int c = 0; c < cells.length; c++) {
                Cell cell = cells[c];
                BenchProfilers.checkNothingDropped(cell.profiler);
                long[] wall = new long[updates];
                double cpu = 0;
                for (int i = 0; i < updates; i++) {
                    wall[i] = times[c][2 * i];
                    cpu += times[c][2 * i + 1];
                }
                Arrays.sort(wall);
                cpu /= updates;
                out.append(String.format(Locale.ROOT, "| %s | %.1f | %.1f | %.1f | %.1f | %s | %s |%n", cell.name,
                        wall[updates / 10] / 1e3, wall[updates / 2] / 1e3, cpu / 1e3, cpu / cell.events(),
                        cell.spikes == null ? "-" : Long.toString(cell.spikes.captured()),
                        cell.spikes == null ? "-" : Long.toString(cell.spikes.slotGrowthsInUpdate())));
            }
            return out.toString();
        } finally {
            for (Cell cell : cells) {
                if (cell.workers != null) {
                    cell.workers.close();
                }
            }
            Hudprof.uninstall();
        }
    }

    /**
     * Recording threads stepped in lockstep with the updating thread: each records its share of the frame's pairs
     * (one JOB open across every frame boundary) when unparked, then parks, so none runs while update() is timed.
     */
    private static final class Workers {
        private final Thread[] threads;
        private final AtomicLongArray done;
        private volatile long round;
        private volatile boolean stopped;

        Workers(int count, int pairs) {
            threads = new Thread[count];
            done = new AtomicLongArray(count);
            for (int w = 0; w < count; w++) {
                int index = w;
                threads[w] = new Thread(() -> {
                    long seen = 0;
                    while (!stopped) {
                        long r = round;
                        if (r == seen) {
                            LockSupport.park(this);
                            continue;
                        }
                        // Into the profiler installed now (the updating thread installed this cell's before stepping).
                        if (seen != 0) {
                            JOB.end();
                        }
                        seen = r;
                        JOB.begin();
                        for (int p = 0; p < pairs - 1; p++) {
                            PART.begin();
                            PART.end();
                        }
                        done.set(index, r);
                    }
                }, "isc-worker-" + w);
                threads[w].setDaemon(true);
                threads[w].start();
            }
        }

        void step() {
            long r = ++round;
            for (Thread t : threads) {
                LockSupport.unpark(t);
            }
            for (int w = 0; w < threads.length; w++) {
                while (done.get(w) != r) {
                    Thread.onSpinWait();
                }
            }
        }

        void close() {
            stopped = true;
            for (Thread t : threads) {
                LockSupport.unpark(t);
            }
        }
    }
}
