package org.mpjtrace.examples;

import mpi.Cartcomm;
import mpi.Graphcomm;
import mpi.Group;
import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.ShiftParms;

/**
 * ApiTour's communicators and topologies part: Split, Create, clone, Free, Create_cart, Shift, Sub,
 * Create_graph, Create_intercomm and Merge, each new communicator used by a collective (or a Sendrecv).
 */
final class ApiTourCommunicators extends ApiTourPart {
    ApiTourCommunicators(ApiTourPart tour) {
        super(tour);
    }

    /**
     * Communicator and topology constructors, each followed by a collective on the new communicator (it
     * is logged like any other) and, where the communicator is ours to drop, by Free.
     */
    void communicators() throws Exception {
        int[] one = new int[1];

        Intracomm half = world.Split(rank % 2, rank);
        log.note("Split");
        half.Allreduce(new int[] {rank}, 0, one, 0, 1, MPI.INT, MPI.SUM);
        log.note("Allreduce", -1, 1);
        fold(one);

        Group first3 = world.Group().Incl(new int[] {0, 1, 2});
        Intracomm sub = world.Create(first3); // ranks outside the group get no communicator
        log.note("Create");
        if (rank < 3) {
            sub.Barrier();
            log.note("Barrier");
            sub.Free();
            log.note("Free");
        }

        Intracomm copy = (Intracomm) world.clone();
        log.note("clone");
        one[0] = rank == 2 ? 42 : 0;
        copy.Bcast(one, 0, 1, MPI.INT, 2);
        log.note("Bcast", 2, 1);
        fold(one);
        copy.Free();
        log.note("Free");

        // A 2x2 grid, periodic along axis 0 only; Sub keeps axis 1, giving the two rows.
        Cartcomm cart = world.Create_cart(new int[] {2, 2}, new boolean[] {true, false}, false);
        log.note("Create_cart");
        ShiftParms sp = cart.Shift(0, 1);
        log.note("Shift");
        int[] in = new int[1];
        cart.Sendrecv(new int[] {rank}, 0, 1, MPI.INT, sp.rank_dest, 90, in, 0, 1, MPI.INT, sp.rank_source, 90);
        log.note("Sendrecv", sp.rank_dest, 1);
        fold(in);
        Cartcomm row = cart.Sub(new boolean[] {false, true});
        log.note("Sub");
        row.Allreduce(new int[] {rank}, 0, one, 0, 1, MPI.INT, MPI.MAX);
        log.note("Allreduce", -1, 1);
        fold(one);

        // A ring as a graph: node i is linked to i - 1 and i + 1.
        Graphcomm ring = world.Create_graph(new int[] {2, 4, 6, 8}, new int[] {1, 3, 0, 2, 1, 3, 0, 2}, false);
        log.note("Create_graph");
        ring.Barrier();
        log.note("Barrier");

        // Two halves {0,1} and {2,3} joined by an intercommunicator, then merged back into one intracomm
        // with the upper half ordered first.
        int side = rank / 2;
        Intracomm local = world.Split(side, rank);
        log.note("Split");
        // MPI spells this local.Create_intercomm(world, ...), but MPJ 0.44 swaps the two communicators'
        // groups inside (local_leader is looked up in the peer group, remote_leader in the local one), so
        // the call that works is made on the peer communicator with the local one as argument.
        Intercomm inter = world.Create_intercomm(local, 0, side == 0 ? 2 : 0, 91);
        log.note("Create_intercomm");
        Intracomm merged = inter.Merge(side == 0);
        log.note("Merge");
        merged.Allreduce(new int[] {merged.Rank() * 10 + rank}, 0, one, 0, 1, MPI.INT, MPI.SUM);
        log.note("Allreduce", -1, 1);
        fold(one);
        merged.Free();
        log.note("Free");
    }
}
