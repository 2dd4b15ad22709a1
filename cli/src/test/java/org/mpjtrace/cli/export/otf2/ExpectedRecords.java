package org.mpjtrace.cli.export.otf2;

import java.util.Map;
import java.util.TreeMap;
import org.mpjtrace.cli.format.ExpandedRank;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;

/**
 * What an archive of a trace without persistent requests or unfinished ones must hold per location,
 * counted from the trace's own records (a compressed rank rebuilt by the CLI's ExpandedRank, not the
 * export's code): an ENTER and a LEAVE per call, a send record per send to a rank, a receive record per
 * receive from anything but PROC_NULL, a request and a completion record per nonblocking call, and a
 * collective begin and end per collective.
 */
final class ExpectedRecords {
    private static final int PROC_NULL = -3;

    private ExpectedRecords() {}

    static Map<Long, Map<String, Integer>> of(TraceFile trace) {
        Map<Long, Map<String, Integer>> counts = new TreeMap<>();
        for (RankTrace section : trace.ranks()) {
            RankTrace calls = trace.global() != null && section.eventCount() == 0 ? ExpandedRank.of(trace, section) : section;
            long[] w = calls.words();
            for (int i = 0; i < calls.eventCount(); i++) {
                int b = RankTrace.base(i);
                Map<String, Integer> c = counts.computeIfAbsent(Location.id(section.rank(), Event.thread(w, b)), x -> new TreeMap<>());
                Op op = Op.ofCode(Event.opCode(w, b));
                add(c, "ENTER");
                add(c, "LEAVE");
                int peer = Event.peer(w, b);
                switch (op) {
                    case SEND, SSEND, BSEND, RSEND -> { if (peer >= 0) add(c, "MPI_SEND"); }
                    case RECV -> { if (peer != PROC_NULL) add(c, "MPI_RECV"); }
                    case SENDRECV, SENDRECV_REPLACE -> {
                        if (peer >= 0) add(c, "MPI_SEND");
                        if (Event.peer2(w, b) != PROC_NULL) add(c, "MPI_RECV");
                    }
                    case ISEND, IBSEND, ISSEND, IRSEND -> {
                        if (peer >= 0) { add(c, "MPI_ISEND"); add(c, "MPI_ISEND_COMPLETE"); }
                    }
                    case IRECV -> {
                        if (peer != PROC_NULL) { add(c, "MPI_IRECV_REQUEST"); add(c, "MPI_IRECV"); }
                    }
                    default -> {
                        if (op.family == Op.Family.COLLECTIVE) { add(c, "MPI_COLLECTIVE_BEGIN"); add(c, "MPI_COLLECTIVE_END"); }
                    }
                }
            }
        }
        return counts;
    }

    private static void add(Map<String, Integer> c, String kind) {
        c.merge(kind, 1, Integer::sum);
    }
}
