package org.mpjtrace.replay;

import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.global.GlobalEvent;
import org.mpjtrace.trace.global.GlobalLoop;
import org.mpjtrace.trace.global.GlobalNode;

/**
 * Whether a trace can be replayed as recorded, checked before any rank starts (a rank that met an
 * unreplayable call half way would leave the others waiting for it). A call is unreplayable when the
 * trace keeps too little of its arguments to issue it again: only a digest of the arrays of the
 * v-collectives and of Create_graph, nothing of a group or of Sub's and Merge's flags.
 */
public final class Replayability {
    private static final Map<Op, String> MISSING = new EnumMap<>(Op.class);

    static {
        String counts = "the trace keeps only a digest of its per-rank counts and displacements";
        for (Op op : List.of(Op.GATHERV, Op.SCATTERV, Op.ALLGATHERV, Op.ALLTOALLV, Op.REDUCE_SCATTER)) MISSING.put(op, counts);
        MISSING.put(Op.CREATE, "the trace does not keep the group it was given");
        MISSING.put(Op.CREATE_GRAPH, "the trace keeps only a digest of its index and edges arrays");
        MISSING.put(Op.SUB, "the trace does not keep which dimensions it kept");
        MISSING.put(Op.MERGE, "the trace does not keep its high flag");
        MISSING.put(Op.CREATE_INTERCOMM, "the trace does not keep its local communicator and leaders");
        MISSING.put(Op.PACK, "the trace does not keep the packing buffer");
        MISSING.put(Op.UNPACK, "the trace does not keep the packing buffer");
        MISSING.put(Op.ABORT, "replaying it would end the replay");
    }

    private Replayability() {}

    /** Why the trace cannot be replayed, in a few words, or null when it can. */
    public static String problem(TraceFile trace) {
        if (trace.global() != null) return problem(trace.global().nodes());
        boolean any = false;
        for (RankTrace r : trace.ranks()) {
            for (int i = 0; i < r.eventCount(); i++) {
                any = true;
                String p = problem(Event.opCode(r.words(), RankTrace.base(i)));
                if (p != null) return p;
            }
        }
        return any ? null : "it holds no calls to replay";
    }

    /** Whether the trace holds buffered sends (Bsend, Ibsend, Bsend_init), which need a buffer attached. */
    public static boolean buffersSends(TraceFile trace) {
        if (trace.global() != null) return holds(trace.global().nodes(), BUFFERED);
        for (RankTrace r : trace.ranks())
            for (int i = 0; i < r.eventCount(); i++) if (BUFFERED.contains(Op.ofCode(Event.opCode(r.words(), RankTrace.base(i))))) return true;
        return false;
    }

    private static final Set<Op> BUFFERED = EnumSet.of(Op.BSEND, Op.IBSEND, Op.BSEND_INIT);

    private static boolean holds(List<GlobalNode> nodes, Set<Op> ops) {
        for (GlobalNode n : nodes) {
            if (n instanceof GlobalEvent e ? ops.contains(Op.ofCode(e.op())) : holds(((GlobalLoop) n).body(), ops)) return true;
        }
        return false;
    }

    private static String problem(List<GlobalNode> nodes) {
        for (GlobalNode n : nodes) {
            String p = n instanceof GlobalEvent e ? problem(e.op()) : problem(((GlobalLoop) n).body());
            if (p != null) return p;
        }
        return null;
    }

    private static String problem(int code) {
        Op op = Op.ofCode(code);
        if (op == null) return "it holds a call of unknown op code " + code;
        String why = MISSING.get(op);
        return why == null ? null : "it holds " + op.mpjName + ", which cannot be replayed: " + why;
    }
}
