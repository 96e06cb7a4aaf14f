package io.hudprof.bench;

import java.net.InetAddress;
import java.util.concurrent.TimeUnit;

import io.hudprof.core.Averaging;
import io.hudprof.core.Hudprof;
import io.hudprof.core.ProfileData;
import io.hudprof.core.Profiler;
import io.hudprof.pstats.PStatsClient;
import io.hudprof.pstats.PStatsServer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The game thread's cost of streaming one frame to a PStats server: {@code PStatsClient.frameEnded}, which copies
 * the frame's per-state values into a free queue slot, against the zone-stack states in the tree, in µs per frame.
 * A real server on loopback (in this JVM) receives the frames; an invocation-level set-up waits, outside the timed
 * region, until the sender has emptied the queue, so every timed call takes the copy path, never the drop path.
 * The sender thread's encoding and sending are not on the game thread and not measured here.
 *
 * <p>Floor, in the same run: {@link #floorCopyStates()} copies the same per-state values into plain arrays, the
 * least a client that ships the frame elsewhere must do on the game thread; the ratio is the client's own overhead
 * (rate check, queue slot, thread names, statistics check).
 */
@BenchmarkMode(Mode.AverageTime)
@Fork(1)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Thread)
public class PStatsStreamBenchmarks {
    @Param({"10", "100", "1000"})
    int states;

    private Profiler profiler;
    private PStatsServer server;
    private PStatsClient client;

    @Setup(Level.Trial)
    public void connect() throws Exception {
        BenchProfilers.checkCompiledIn(true);
        profiler = BenchProfilers.install();
        StateGrid grid = new StateGrid(states);
        grid.recordAll();
        profiler.update();
        server = PStatsServer.start(InetAddress.getLoopbackAddress(), 0, peer -> (session, frame) -> { },
                line -> { }, PStatsServer.Options.defaults());
        // The benchmark calls the listener itself; the profiler must not call it a second time from update().
        client = PStatsClient.connect(profiler, "127.0.0.1", server.port(),
                new PStatsClient.Options(1e9, BATCH, "hudprof-bench", true, line -> { }));
        profiler.removeFrameListener(client);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!client.connected()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the PStats client did not connect to the loopback server");
            }
            Thread.sleep(1);
        }
    }

    @Setup(Level.Invocation)
    public void waitForAnEmptyQueue() {
        while (client.queuedFrames() > 0) {
            Thread.onSpinWait();
        }
    }

    /**
     * Frames per timed invocation, and the client's queue size: the invocation set-up (waiting for an empty queue)
     * and its timestamps are shared by this many frames instead of dominating one.
     */
    static final int BATCH = 64;

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void streamFrame() {
        for (int i = 0; i < BATCH; i++) {
            client.frameEnded(16_666_666L, true);
        }
    }

    private final int[][] floorParent = new int[BATCH][];
    private final int[][] floorZone = new int[BATCH][];
    private final long[][] floorSelf = new long[BATCH][];
    private final long[][] floorCalls = new long[BATCH][];

    /**
     * The floor: each frame's per-state parent, zone, self time and calls copied into preallocated arrays, one set
     * per frame of the batch, as the client's queue has one slot per frame.
     */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long floorCopyStates() {
        long sum = 0;
        for (int f = 0; f < BATCH; f++) {
            ProfileData data = profiler.data();
            int n = data.stateCount();
            if (floorSelf[f] == null || floorSelf[f].length < n) {
                floorParent[f] = new int[n];
                floorZone[f] = new int[n];
                floorSelf[f] = new long[n];
                floorCalls[f] = new long[n];
            }
            int[] parent = floorParent[f];
            int[] zone = floorZone[f];
            long[] selfOut = floorSelf[f];
            long[] callsOut = floorCalls[f];
            double[] self = data.self(Averaging.INSTANTANEOUS);
            double[] calls = data.calls(Averaging.INSTANTANEOUS);
            for (int s = 0; s < n; s++) {
                parent[s] = data.parent(s);
                zone[s] = data.zone(s);
                selfOut[s] = Math.round(self[s]);
                callsOut[s] = Math.round(calls[s]);
            }
            sum += selfOut[n - 1] + callsOut[0];
        }
        return sum;
    }

    @TearDown(Level.Trial)
    public void check() {
        long dropped = client.droppedFrames();
        client.close();
        server.close();
        Hudprof.uninstall();
        if (dropped != 0) {
            throw new IllegalStateException(dropped + " frames took the drop path; the numbers are not the copy's");
        }
    }
}
