package org.mpjtrace.replay;

import java.util.EnumSet;
import java.util.List;
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
 * unreplayable call half way would leave the others waiting for it). The trace keeps what every call
 * needs to be issued again (array arguments and groups in the ranks' tables of {@link
 * org.mpjtrace.trace.CallArrays}); only Abort is refused, since replaying it would end the replay.
 */
public final class Replayability {
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
        return op == Op.ABORT ? "it holds Abort, which cannot be replayed: replaying it would end the replay" : null;
    }
}
