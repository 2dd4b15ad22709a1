package org.mpjtrace.trace;

import java.util.List;

/**
 * Everything one rank recorded in dump mode: its events as {@link Event} records laid end to end, and
 * the tables that give the symbolic ids and array digests in them their meaning.
 *
 * @param rank       rank in COMM_WORLD
 * @param host       host the rank ran on
 * @param initNanos  the rank's System.nanoTime() when it entered MPI.Init; event times count from it
 * @param eventCount number of events
 * @param words      eventCount * Event.WORDS longs
 * @param arrays     the array arguments of the rank's calls, one entry per distinct digest
 * @param ownArguments in the clustering modes, the rank's own arguments of the calls a replay must not
 *                   take from its lead ({@link OwnArguments}), in call order; empty in the other modes
 * @param stackSummaries in the clustering modes, the rank's calls and peers per stack signature ({@link StackSummary}),
 *                   each stack once; empty in the other modes
 * @param times      with timing=lossless or lossy (mode full and the clustering modes), every call's own times ({@link CallTimes}); else {@link CallTimes#NONE}
 */
public record RankTrace(int rank, String host, long initNanos, int eventCount, long[] words,
                        List<CommInfo> comms, List<DatatypeInfo> datatypes, List<RedOpInfo> redops,
                        RankStats stats, List<CallArrays> arrays, List<OwnArguments> ownArguments, List<StackSummary> stackSummaries,
                        CallTimes times) {

    /** A rank that keeps no call's own times beside a compressed trace. */
    public RankTrace(int rank, String host, long initNanos, int eventCount, long[] words,
                     List<CommInfo> comms, List<DatatypeInfo> datatypes, List<RedOpInfo> redops,
                     RankStats stats, List<CallArrays> arrays, List<OwnArguments> ownArguments, List<StackSummary> stackSummaries) {
        this(rank, host, initNanos, eventCount, words, comms, datatypes, redops, stats, arrays, ownArguments, stackSummaries, CallTimes.NONE);
    }

    /** A rank that keeps no own arguments or stack summaries (modes dump and full). */
    public RankTrace(int rank, String host, long initNanos, int eventCount, long[] words,
                     List<CommInfo> comms, List<DatatypeInfo> datatypes, List<RedOpInfo> redops, RankStats stats, List<CallArrays> arrays) {
        this(rank, host, initNanos, eventCount, words, comms, datatypes, redops, stats, arrays, List.of(), List.of());
    }

    /** A rank whose calls passed no arrays. */
    public RankTrace(int rank, String host, long initNanos, int eventCount, long[] words,
                     List<CommInfo> comms, List<DatatypeInfo> datatypes, List<RedOpInfo> redops, RankStats stats) {
        this(rank, host, initNanos, eventCount, words, comms, datatypes, redops, stats, List.of());
    }

    /** Offset of event i in {@link #words}. */
    public static int base(int i) {
        return i * Event.WORDS;
    }

    public DatatypeInfo datatype(int id) {
        return id >= 0 && id < datatypes.size() ? datatypes.get(id) : null;
    }

    public CommInfo comm(int id) {
        return id >= 0 && id < comms.size() ? comms.get(id) : null;
    }

    public RedOpInfo redop(int id) {
        return id >= 0 && id < redops.size() ? redops.get(id) : null;
    }
}
