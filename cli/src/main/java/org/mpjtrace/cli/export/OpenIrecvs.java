package org.mpjtrace.cli.export;

import java.util.ArrayList;
import java.util.List;
import org.mpjtrace.trace.Op;

/**
 * The Irecvs (and started Recv_inits) of one rank whose message is matched but whose completion is still
 * to come, per thread: such a message is known to have arrived at the Wait naming its request, or at the
 * next Waitall of its thread (request ids are per thread). Shared by the Chrome export (where an arrow ends) and the Paraver
 * export (a communication record's physical receive), so both place a receive's end alike. Holds one
 * entry per open Irecv, not per call.
 */
final class OpenIrecvs {
    /** Sees a completed (or, at the end, never completed) Irecv: its message's id and what was opened with it. */
    interface Completed {
        void accept(int thread, long id, long payload) throws Exception;
    }

    /** Per thread: {request, message id, payload} of each open Irecv. */
    private final List<List<long[]>> open = new ArrayList<>();

    void open(int thread, int request, long id, long payload) {
        while (open.size() <= thread) open.add(new ArrayList<>());
        open.get(thread).add(new long[] {request, id, payload});
    }

    /** A Wait naming an open Irecv's request, or a Waitall, completes the Irecvs it names on its thread. */
    void complete(Op op, int thread, int request, Completed c) throws Exception {
        if ((op != Op.WAIT && op != Op.WAITALL) || open.size() <= thread || open.get(thread).isEmpty()) return;
        List<long[]> pending = open.get(thread);
        for (int i = 0; i < pending.size(); i++) {
            long[] p = pending.get(i);
            if (op == Op.WAITALL || p[0] == request) {
                c.accept(thread, p[1], p[2]);
                pending.remove(i--);
            }
        }
    }

    /** After the rank's calls: the Irecvs no Wait or Waitall completed. */
    void remaining(Completed c) throws Exception {
        for (int t = 0; t < open.size(); t++)
            for (long[] p : open.get(t)) c.accept(t, p[1], p[2]);
    }
}
