package io.hudprof.viewer;

import java.io.File;
import java.lang.management.ManagementFactory;
import java.util.Arrays;

/**
 * The hostile-client suite at the scale, outside CI ({@code bench/hostile-run.sh}): {@code ATTACKS} seeded
 * attacks against the window's server (its clients, profiles and memory budget; the GL window itself is not part of
 * it), then as many against {@code --text}'s, each while a good client streams, with every check of
 * {@link HostileClientsTest} applied. Prints each run's attacks by kind, inputs, bytes and the good client's frames,
 * and the JVM's heap after GC, threads and open file descriptors before and after.
 *
 * <p>Usage: {@code HostileRun [ATTACKS] [SEED]} (default 1000 attacks a server, seed 30).
 */
public final class HostileRun {
    private HostileRun() {
    }

    public static void main(String[] args) throws Exception {
        int attacks = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        long seed = args.length > 1 ? Long.parseLong(args[1]) : 30;
        String before = resources();
        System.out.println("hostile run: " + attacks + " attacks a server, seed " + seed + "; before: " + before);
        long totalAttacks = 0;
        long totalInputs = 0;
        long totalBytes = 0;
        for (HostileClientsTest.Target target : HostileClientsTest.Target.values()) {
            long start = System.nanoTime();
            HostileClientsTest.Result r = new HostileClientsTest().run(target, seed, attacks);
            System.out.printf("%s: %d attacks %s (%s), %d inputs, %.1f MiB, the good client's %d frames all"
                    + " received, %.0f s; after: %s%n", target, r.attacks(), Arrays.toString(r.kinds()),
                    Arrays.toString(HostileClientsTest.Attack.values()), r.inputs(), r.bytes() / 1048576.0,
                    r.goodFrames(), (System.nanoTime() - start) / 1e9, resources());
            totalAttacks += r.attacks();
            totalInputs += r.inputs();
            totalBytes += r.bytes();
        }
        System.out.printf("total: %d attacks, %d inputs, %.1f MiB; at the end: %s%n", totalAttacks, totalInputs,
                totalBytes / 1048576.0, resources());
        System.exit(0);
    }

    /** Heap after GC (least of three), live JVM threads, open file descriptors. */
    static String resources() throws InterruptedException {
        long heap = Long.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(50);
            heap = Math.min(heap, ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
        }
        String[] fds = new File("/proc/self/fd").list();
        return String.format("heap after GC %.1f MiB, %d threads, %s open fds", heap / 1048576.0,
                ManagementFactory.getThreadMXBean().getThreadCount(), fds == null ? "?" : String.valueOf(fds.length));
    }
}
