package org.mpjtrace.examples;

import java.util.Locale;
import mpi.MPI;
import org.mpjtrace.examples.support.Args;

/**
 * Ranks 0 and 1 bounce a byte message back and forth with blocking Send/Recv, for sizes from 1 byte to
 * 1 MiB: the one-way time of a message on the device, for bench/scale-model.sh, which charges every
 * message of its merge-tree model {@code latency + bytes / bandwidth} from this. Rank 0 prints one line
 * per size ({@code size=B one-way-us=T}, the median of {@code rounds} rounds of {@code reps} round trips
 * each, halved), then a line {@code latency-us=L bandwidth-mbps=W}: L the least one-way time of the
 * sizes up to 1 KiB, W the slope between the two largest sizes. On niodev loopback of this project's
 * 2-core machine (2026-11-26, {@code reps=500 rounds=7}): 36.1 us and 1,398 MB/s; on the multicore device
 * 16.3 us and 8,649 MB/s (docs/benchmarks.md, "Scale model"). Other ranks, if any, only take part in the Barriers.
 *
 * <p>Args: {@code reps=200} (round trips per round), {@code rounds=5}, {@code max=1048576} (largest size).
 */
public final class PingPong {
    private static final int TAG = 3;

    public static void main(String[] argv) throws Exception {
        String[] args = MPI.Init(argv);
        int rank = MPI.COMM_WORLD.Rank();
        Args a = new Args(args);
        int reps = a.getInt("reps", 200), rounds = a.getInt("rounds", 5), max = a.getInt("max", 1 << 20);
        byte[] buf = new byte[max];
        int[] sizes = new int[64];
        double[] oneWay = new double[64];
        int n = 0;
        for (int size = 1; size <= max; size = size < 1024 ? size * 32 : size * 4) {
            double[] round = new double[rounds];
            for (int w = -1; w < rounds; w++) { // round -1: warm-up
                MPI.COMM_WORLD.Barrier();
                long start = System.nanoTime();
                for (int i = 0; i < reps; i++) {
                    if (rank == 0) {
                        MPI.COMM_WORLD.Send(buf, 0, size, MPI.BYTE, 1, TAG);
                        MPI.COMM_WORLD.Recv(buf, 0, size, MPI.BYTE, 1, TAG);
                    } else if (rank == 1) {
                        MPI.COMM_WORLD.Recv(buf, 0, size, MPI.BYTE, 0, TAG);
                        MPI.COMM_WORLD.Send(buf, 0, size, MPI.BYTE, 0, TAG);
                    }
                }
                if (w >= 0) round[w] = (System.nanoTime() - start) / 2.0 / reps / 1000.0;
            }
            java.util.Arrays.sort(round);
            oneWay[n] = round[rounds / 2];
            sizes[n] = size;
            if (rank == 0) System.out.printf(Locale.ROOT, "size=%d one-way-us=%.2f%n", size, oneWay[n]);
            n++;
        }
        if (rank == 0 && n >= 2) {
            double latency = Double.MAX_VALUE; // the first sizes are also the JVMs' warm-up: the least of those up to 1 KiB
            for (int i = 0; i < n && sizes[i] <= 1024; i++) latency = Math.min(latency, oneWay[i]);
            int s1 = sizes[n - 2], s2 = sizes[n - 1];
            double mbps = (s2 - s1) / (oneWay[n - 1] - oneWay[n - 2]); // bytes per us = MB/s
            System.out.printf(Locale.ROOT, "latency-us=%.2f bandwidth-mbps=%.0f%n", latency, mbps);
        }
        MPI.Finalize();
    }
}
