package org.mpjtrace.examples;

import mpi.MPI;

/**
 * ApiTour's collectives part: every collective on COMM_WORLD (Bcast, Reduce, Allreduce, Scan,
 * Reduce_scatter, Gather, Gatherv, Scatter, Scatterv, Allgather, Allgatherv, Alltoall, Alltoallv).
 */
final class ApiTourCollectives extends ApiTourPart {
    ApiTourCollectives(ApiTourPart tour) {
        super(tour);
    }

    /** Every collective on COMM_WORLD, with roots spread over the ranks and uneven counts for the v forms. */
    void collectives() throws Exception {
        int[] counts = {1, 2, 3, 4}, displs = {0, 1, 3, 6}; // rank r contributes r + 1 elements
        int mine = rank + 1;

        int[] b = {rank == 1 ? 5 : 0, rank == 1 ? 6 : 0};
        world.Bcast(b, 0, 2, MPI.INT, 1);
        log.note("Bcast", 1, 2);
        fold(b);

        int[] red = new int[2];
        world.Reduce(new int[] {rank, 1}, 0, red, 0, 2, MPI.INT, MPI.SUM, 2);
        log.note("Reduce", 2, 2);
        fold(red);
        world.Allreduce(new int[] {rank, -rank}, 0, red, 0, 2, MPI.INT, MPI.MAX);
        log.note("Allreduce", -1, 2);
        fold(red);
        int[] scan = new int[1];
        world.Scan(new int[] {rank + 1}, 0, scan, 0, 1, MPI.INT, MPI.SUM);
        log.note("Scan", -1, 1);
        fold(scan);
        int[] rs = new int[mine];
        world.Reduce_scatter(seq(10, 10), 0, rs, 0, counts, MPI.INT, MPI.SUM);
        log.note("Reduce_scatter", -1, 10);
        fold(rs);

        int[] all = new int[10];
        world.Gather(new int[] {rank, rank}, 0, 2, MPI.INT, all, 0, 2, MPI.INT, 3);
        log.note("Gather", 3, 2);
        world.Gatherv(seq(rank, mine), 0, mine, MPI.INT, all, 0, counts, displs, MPI.INT, 0);
        log.note("Gatherv", 0, mine);
        if (rank == 0) fold(all);
        int[] part = new int[4];
        world.Scatter(seq(100, 8), 0, 2, MPI.INT, part, 0, 2, MPI.INT, 1);
        log.note("Scatter", 1, 2);
        fold(part);
        world.Scatterv(seq(200, 10), 0, counts, displs, MPI.INT, part, 0, mine, MPI.INT, 0);
        log.note("Scatterv", 0, mine);
        fold(part);

        world.Allgather(new int[] {rank * 3}, 0, 1, MPI.INT, all, 0, 1, MPI.INT);
        log.note("Allgather", -1, 1);
        world.Allgatherv(seq(rank, mine), 0, mine, MPI.INT, all, 0, counts, displs, MPI.INT);
        log.note("Allgatherv", -1, mine);
        fold(all);
        int[] a2a = new int[8];
        world.Alltoall(seq(rank * 8, 8), 0, 2, MPI.INT, a2a, 0, 2, MPI.INT);
        log.note("Alltoall", -1, 2);
        fold(a2a);
        // Rank r sends (r + j) % 3 + 1 elements to rank j: symmetric, so it also receives that many from j.
        int[] sc = new int[4], sd = new int[4];
        int total = 0;
        for (int j = 0; j < 4; j++) {
            sc[j] = (rank + j) % 3 + 1;
            sd[j] = total;
            total += sc[j];
        }
        int[] got = new int[total];
        world.Alltoallv(seq(rank * 100, total), 0, sc, sd, MPI.INT, got, 0, sc, sd, MPI.INT);
        log.note("Alltoallv", -1, total);
        fold(got);
    }

    /** {@code n} consecutive integers from {@code from}. */
    private static int[] seq(int from, int n) {
        int[] s = new int[n];
        for (int i = 0; i < n; i++) s[i] = from + i;
        return s;
    }
}
