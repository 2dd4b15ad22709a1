package org.mpjtrace.examples.support;

import java.util.ArrayList;
import java.util.List;

/**
 * The calls a program says it made: one (op, peer, count) triple per MPJ call, noted by the program
 * itself right next to the call. This is the ground truth a tracer test compares a trace against, so it
 * must never be derived from MPJ (no reflection, no wrapping): a bug in how the tracer sees a call must
 * not be able to hide itself by also appearing here.
 *
 * <p>Conventions (the tracer's decoder uses the same): op is the MPJ method name as MPJ spells it.
 * <ul>
 * <li>Point-to-point: peer is the dest or source argument as passed (ANY_SOURCE stays -2), count the
 *     count argument; Sendrecv gives dest and sendcount; Probe and Iprobe give source and count 0.
 * <li>Bcast, Reduce, Gather(v), Scatter(v): peer is the root; other collectives -1. count is the send
 *     count, except the receive count for Scatter(v), the sum of sendcounts for Alltoallv, the sum of
 *     recvcounts for Reduce_scatter, and 0 for Barrier.
 * <li>Wait, Test, Cancel, Start: -1, 1. The array forms (Waitall ... Testsome, Startall): -1 and the
 *     array's length. Pack, Unpack: -1 and the count argument.
 * <li>Init, Finalize, Abort and the communicator calls (Split, Create, clone, Create_cart, Create_graph,
 *     Sub, Shift, Merge, Free, Create_intercomm): -1, 0.
 * </ul>
 * Rank, Size, Coords, group operations, Wtime and Buffer_attach are not noted: the tracer does not
 * intercept them.
 *
 * <p>One instance per rank. In MPJ's multicore mode all ranks are threads of one JVM, so nothing here is
 * static: each rank's main creates its own log and only that thread touches it.
 */
public final class CallLog {
    private final List<String> calls = new ArrayList<>();
    private final boolean print;
    private final int rank;

    /**
     * A log for COMM_WORLD rank {@code rank} (read once after MPI.Init, as it cannot be asked after
     * MPI.Finalize) that will print at the end only if {@code --calls} is among the program's arguments.
     */
    public CallLog(String[] args, int rank) {
        this.print = new Args(args).flag("--calls");
        this.rank = rank;
    }

    /** Notes a call that has a peer and a count. */
    public void note(String op, int peer, int count) {
        calls.add(op + " " + peer + " " + count);
    }

    /** Notes a call that has neither a peer nor a count (Barrier, Split, Free, ...): peer -1, count 0. */
    public void note(String op) {
        note(op, -1, 0);
    }

    /**
     * Prints every noted call as {@code CALL <rank> <op> <peer> <count>}, in call order, if --calls was
     * given. Called after MPI.Finalize, from the rank's own thread, one println per line so that a rank's
     * lines stay in order even when the lines of several ranks interleave.
     */
    public void print() {
        if (!print) return;
        for (String c : calls) System.out.println("CALL " + rank + " " + c);
    }
}
