package org.mpjtrace.examples;

import java.nio.ByteBuffer;
import mpi.MPI;
import org.mpjtrace.examples.support.CallLog;

/**
 * Every MPJ call the tracer intercepts, except Abort, each at least once and each logged, so a trace of
 * this program can be checked op by op. Written for exactly 4 ranks (it says so and stops otherwise). Point-to-point
 * sections pair rank 0 with 1 and 2 with 3 ({@code partner = rank ^ 1}); where only one side sends,
 * the even rank sends and the odd rank receives.
 *
 * <p>Each rank folds what it receives into a checksum; a final Reduce sums them at rank 0, which prints
 * it, so a tracer that disturbed any message would change the output.
 *
 * <p>This class makes Init, Finalize and that Reduce, and runs the tour in order; the calls in between
 * are made by its parts, one class per family of the API: {@link ApiTourPointToPoint},
 * {@link ApiTourRequests}, {@link ApiTourCollectives}, {@link ApiTourCommunicators} and
 * {@link ApiTourPacking} (what they share on a rank is in {@link ApiTourPart}).
 *
 * <p>MPJ 0.44 quirks this works around (details at each place): Request.Cancel prints "Not implemented
 * in this release" and leaves the receive posted, so it is called on rank 3 only and followed by Test,
 * not Wait; Waitany and Waitsome spin forever on an array of finished requests, so they only get arrays
 * with a pending request; a waited Bsend_init request blocks all later buffered sends, so the persistent
 * requests run one round and come after every other buffered send; Create_intercomm mixes up its two
 * communicators, so it is called on the peer communicator with the local one as argument.
 *
 * <p>Args: {@code --calls}.
 */
public final class ApiTour extends ApiTourPart {
    private ApiTour(CallLog log, int rank) {
        super(log, rank);
    }

    public static void main(String[] argv) throws Exception {
        String[] args = MPI.Init(argv);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        CallLog log = new CallLog(args, rank);
        log.note("Init");
        if (size != 4) {
            if (rank == 0) System.out.println("ApiTour needs exactly 4 ranks, not " + size);
        } else {
            // Bsend, Ibsend and Bsend_init copy their messages into this buffer (attaching is not logged).
            MPI.Buffer_attach(ByteBuffer.allocateDirect(1 << 16));
            ApiTour t = new ApiTour(log, rank);
            ApiTourPointToPoint p2p = new ApiTourPointToPoint(t);
            ApiTourRequests requests = new ApiTourRequests(t);
            p2p.blocking();
            p2p.derived();
            p2p.nonblocking();
            requests.completion();
            requests.persistent();
            p2p.combined();
            p2p.probes();
            requests.cancel();
            new ApiTourCollectives(t).collectives();
            new ApiTourCommunicators(t).communicators();
            new ApiTourPacking(t).packing();
            t.finish();
        }
        log.note("Finalize");
        MPI.Finalize();
        log.print();
    }

    /** Sums every rank's checksum at rank 0, which prints it. */
    private void finish() throws Exception {
        long[] total = new long[1];
        world.Reduce(new long[] {checksum()}, 0, total, 0, 1, MPI.LONG, MPI.SUM, 0);
        log.note("Reduce", 0, 1);
        if (rank == 0) System.out.println("ApiTour np=4 checksum=" + total[0]);
    }
}
