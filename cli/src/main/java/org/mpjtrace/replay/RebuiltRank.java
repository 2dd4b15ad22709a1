package org.mpjtrace.replay;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.OwnArguments;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.StackSummary;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.fold.EventRecords;
import org.mpjtrace.trace.global.GlobalEvent;
import org.mpjtrace.trace.global.GlobalExpansion;
import org.mpjtrace.trace.global.GlobalLoop;
import org.mpjtrace.trace.global.LoopFit;

/**
 * One rank's calls rebuilt from a compressed trace (full and the clustering modes) as the file keeps
 * them for that rank, every thread's in the trace's order: the calls whose ranklists hold the rank (in a
 * clustered trace, its lead's calls stand for it) with relative end-points turned into the rank's own
 * peers, the lead's loops run as often as the rank's own calls per stack say ({@link LoopFit}), its own
 * peers at call sites where they never varied, its own peers, tags, counts and communicators call by call where they
 * varied otherwise than its lead's ({@link OwnStackValues}), and its own communicator-constructor and
 * v-collective arguments ({@link OwnArgumentsCursor}).
 *
 * <p>Every reader that shows a rank's calls goes through here, so that {@code replay}, {@code compare},
 * {@code proxy}, {@code decode --expand}, the exports and the profile see the same calls. Before, the
 * exports and {@code decode --expand} showed a non-lead its lead's values (a clustered RankCounts' rank
 * 1 printed rank 0's Alltoallv counts) where the replay used the rank's own.
 *
 * <p>A section without summaries or own arguments (mode full) costs nothing per call beyond the
 * expansion: the lookups are skipped.
 */
public final class RebuiltRank {
    /** Receives each call: its node in the trace (for its histograms) and its record at {@code w[b]}, reused for the next call. */
    public interface Sink {
        void call(GlobalEvent event, long[] w, int b);
    }

    private final TraceFile trace;
    private final int rank;
    /** The rank's own section of the file, or null when it has none. */
    private final RankTrace section;
    /** What the rank's section keeps of its own calls per stack signature (clustering modes), by stack. */
    private final Map<Long, StackSummary> stacks = new HashMap<>();
    /** The lead's loops this rank runs another number of times, by its own calls per stack. */
    private final Map<GlobalLoop, Long> fitted;

    /**
     * Fits the rank's loop counts.
     *
     * @throws IllegalStateException when the trace's loops cannot give the rank its own counts (a hostile file)
     */
    public RebuiltRank(TraceFile trace, int rank) {
        if (trace.global() == null) throw new IllegalArgumentException("the trace has no compressed calls to rebuild");
        this.trace = trace;
        this.rank = rank;
        this.section = trace.rank(rank);
        if (section != null) for (StackSummary s : section.stackSummaries()) stacks.put(s.stack(), s);
        this.fitted = fittedLoops();
    }

    /**
     * Whether the rank's section keeps anything of its own calls that its lead's calls do not give it (own
     * values, loop counts or arguments): when not, the trace's calls alone are the rank's, as a walk of the
     * loops that reads each like iteration once (phase detection) sees them.
     */
    public static boolean keepsOwn(RankTrace section) {
        return section != null && (!section.stackSummaries().isEmpty() || !section.ownArguments().isEmpty());
    }

    /**
     * Gives every call of the rank, all threads', in the trace's order.
     *
     * @throws IllegalStateException when the trace holds no value for the rank where it needs one
     */
    public void forEach(Sink sink) {
        forEach(new long[Event.WORDS], sink);
    }

    /** As {@link #forEach(Sink)}, each call written into {@code w} at 0 (at least {@link Event#WORDS} long). */
    public void forEach(long[] w, Sink sink) {
        List<OwnArguments> runs = section == null ? List.of() : section.ownArguments();
        OwnArgumentsCursor own = runs.isEmpty() ? null : new OwnArgumentsCursor(runs);
        OwnStackValues ownValues = stacks.isEmpty() ? null : new OwnStackValues(stacks.values(), rank, trace.meta().worldSize());
        int worldSize = trace.meta().worldSize();
        GlobalExpansion.LoopCounts counts = fitted.isEmpty() ? (loop, recorded) -> recorded : (loop, recorded) -> fitted.getOrDefault(loop, recorded);
        GlobalExpansion.expand(trace.global(), rank, counts, (e, values) -> {
            EventRecords.toRecord(e.op(), e.thread(), e.site(), e.stack(), values, rank, worldSize, w, 0);
            if (ownValues != null) {
                StackSummary mine = stacks.get(StackSummary.key(e.stack(), e.thread()));
                if (mine != null) mine.writePeersInto(w, 0);
                ownValues.apply(w, 0); // every thread's calls, in order
            }
            if (own != null) own.apply(w, 0); // every thread's calls, in the order the rank's own arguments were kept
            sink.call(e, w, 0);
        });
    }

    /**
     * The rank's calls counted up to {@code limit}: limit + 1 when there are more, so a rank standing for
     * billions of calls is measured in the time of {@code limit} calls.
     */
    public long callsUpTo(long limit) {
        if (fitted.isEmpty()) return GlobalExpansion.callsUpTo(trace.global(), rank, limit);
        long[] calls = {0};
        try {
            GlobalExpansion.expand(trace.global(), rank, (loop, recorded) -> fitted.getOrDefault(loop, recorded), (e, values) -> {
                if (++calls[0] > limit) throw PastLimit.INSTANCE;
            });
        } catch (PastLimit e) {
            return limit + 1;
        }
        return calls[0];
    }

    /** Stops {@link #callsUpTo} at its limit; thrown and caught there only. */
    private static final class PastLimit extends RuntimeException {
        private static final long serialVersionUID = 1L;
        static final PastLimit INSTANCE = new PastLimit();

        private PastLimit() {
            super(null, null, false, false);
        }
    }

    /** The lead's loops this rank ran another number of times, by its own calls per stack (none in modes full and dump). */
    private Map<GlobalLoop, Long> fittedLoops() {
        if (stacks.isEmpty()) return Map.of();
        Map<Long, Long> own = new HashMap<>();
        for (StackSummary s : stacks.values()) own.put(s.stack(), s.calls());
        return LoopFit.fit(trace.global(), rank, own);
    }
}
