package org.mpjtrace.cli.format;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mpjtrace.trace.CallArrays;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;

/**
 * One rank's persistent requests as its calls come, thread by thread: what each Send_init, Bsend_init,
 * Ssend_init, Rsend_init and Recv_init made, and which of them each Start or Startall starts.
 *
 * <p>Why: a persistent request moves a message at every Start, none where it is made. A stencil that
 * makes its halo requests once and starts them every step sent nothing, by the trace's calls alone: the
 * heatmap was white, the exports drew no arrow and the stats counted its bytes once, at the init. The
 * message matrix, the Chrome and Paraver exports' messages and the stats' bytes follow the Starts
 * through this class (the OTF2 export has its own request table, which also completes them).
 *
 * <p>Request ids are per thread, and an id names the latest persistent request made under it (a valid
 * program starts no other kind, so an id reused by an Isend after a Request.Free needs no entry removed).
 * A Start names its request in the record; a Startall names its ids in the trace's call arrays (format version 10 on: an
 * older trace's Startall starts nothing here). Seeing a call twice changes nothing, so two readers of one
 * rank's calls can share an instance. Memory: one entry per live persistent request, not per call.
 */
public final class PersistentStarts {
    /**
     * A persistent request as its init made it.
     *
     * @param comm  the rank's symbolic communicator id
     * @param peer  the destination or source, a place in the communicator (or a sentinel: ANY_SOURCE, PROC_NULL)
     * @param bytes the message's (a send) or the posted buffer's (a receive), as {@link EventBytes#primary}
     */
    public record Made(int request, boolean send, int comm, int peer, int tag, long bytes) {}

    private final RankArrays arrays;
    /** Per thread: the live persistent requests by id. */
    private final List<Map<Integer, Made>> byThread = new ArrayList<>();

    /**
     * For the calls of {@code section} as {@link TimedCalls#forEach} gives them with {@code expand}: a rank whose
     * calls are rebuilt from its lead's finds a Startall's ids among the whole trace's arrays.
     */
    public PersistentStarts(TraceFile trace, RankTrace section, boolean expand) {
        arrays = new RankArrays(trace);
        arrays.rank(section, !TimedCalls.rebuilt(trace, section, expand));
    }

    /** Sees the rank's next call; for a Start or Startall, the persistent requests it starts, in its order; else none. */
    public List<Made> see(RankTrace calls, int base) {
        long[] w = calls.words();
        int code = Event.opCode(w, base);
        // Most calls are none of these: two compares, no lookup (the exports call this for every call).
        if (isInit(code)) {
            int request = Event.request(w, base);
            if (request >= 0)
                of(Event.thread(w, base)).put(request, new Made(request, code != Op.RECV_INIT.code, Event.comm(w, base),
                        Event.peer(w, base), Event.tag(w, base), EventBytes.primary(calls, base)));
            return List.of();
        }
        if (code == Op.START.code) {
            if (byThread.isEmpty()) return List.of();
            Made m = of(Event.thread(w, base)).get(Event.request(w, base));
            return m == null ? List.of() : List.of(m);
        }
        if (code == Op.STARTALL.code) {
            if (byThread.isEmpty()) return List.of();
            CallArrays named = arrays.get(Event.digest(w, base));
            if (named == null || named.a1() == null) return List.of();
            Map<Integer, Made> live = of(Event.thread(w, base));
            List<Made> started = new ArrayList<>(named.a1().length);
            for (int id : named.a1()) {
                Made m = live.get(id);
                if (m != null) started.add(m);
            }
            return started;
        }
        return List.of();
    }

    /**
     * The bytes the call moves, for the stats: a Start's or Startall's are those of the persistent requests
     * it starts (sends' messages and receives' posted buffers), an init's none; any other call's
     * {@link EventBytes#of}.
     */
    public long bytes(RankTrace calls, int base) {
        int code = Event.opCode(calls.words(), base);
        if (code != Op.START.code && code != Op.STARTALL.code && !isInit(code)) return EventBytes.of(calls, base);
        long bytes = 0;
        for (Made m : see(calls, base)) bytes += m.bytes();
        return bytes;
    }

    /** Send_init, Bsend_init, Ssend_init, Rsend_init or Recv_init: codes 20 to 24. */
    private static boolean isInit(int code) {
        return code >= Op.SEND_INIT.code && code <= Op.RECV_INIT.code;
    }

    private Map<Integer, Made> of(int thread) {
        while (byThread.size() <= thread) byThread.add(new HashMap<>());
        return byThread.get(thread);
    }
}
