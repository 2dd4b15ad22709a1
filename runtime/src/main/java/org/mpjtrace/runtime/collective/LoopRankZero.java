package org.mpjtrace.runtime.collective;

import java.util.Arrays;
import org.mpjtrace.runtime.config.TracerLog;
import org.mpjtrace.runtime.rank.RankContext;
import org.mpjtrace.trace.cluster.Clustering;
import org.mpjtrace.trace.cluster.ClusteringCodec;
import org.mpjtrace.trace.cluster.MarkerChoice;
import org.mpjtrace.trace.cluster.MarkerReason;

/**
 * Rank 0's part in marker auto's own loops ({@link LoopMarker}): every rank's proposals, of its first loop
 * and of each new loop under the clusters, the clusterings it makes of them and the choices it logs, and
 * every rank's votes, whose i-th all unchanged is a marker in state L. It only takes in what has arrived,
 * except where the senders are known to have sent already (their votes before a new loop, at MPI.Finalize).
 */
final class LoopRankZero {
    private final RankContext ctx;
    private final MarkerStateMachine machine;
    private final AutoMarker auto;
    private final OnlineTraceFile file;
    /** Every rank's proposal of its first loop, then of its new loop. */
    final Inbox first, again;
    private boolean decided;
    private final int[] votesIn;
    private int[] changedAt = new int[8];
    private int votesLogged;
    /** Where rank 0 proposed its latest loop, for the marker log, and its call count then. */
    private MarkerChoice choice;
    private long proposedAtCall;

    LoopRankZero(RankContext ctx, MarkerStateMachine machine, AutoMarker auto) {
        this.ctx = ctx;
        this.machine = machine;
        this.auto = auto;
        this.file = machine.file();
        this.first = new Inbox(MessageTags.LOOP_UP);
        this.again = new Inbox(MessageTags.LOOP_AGAIN_UP);
        this.votesIn = new int[ctx.size];
    }

    /** Rank 0 proposed a loop of {@code period} calls at {@code site}, at its call {@code call}. */
    void proposedAt(int site, int period, long call) {
        proposedAtCall = call;
        choice = new MarkerChoice(auto.candidates(), period, AutoMarker.siteName(ctx, site), AutoMarker.callers(), "", true);
    }

    /** One proposal a rank, as they arrive on {@code tag}. */
    final class Inbox {
        private final int tag;
        private final byte[][] proposals = new byte[ctx.size][];
        private int in;

        private Inbox(int tag) {
            this.tag = tag;
        }

        void take(int rank, byte[] proposal) {
            if (proposals[rank] == null) in++;
            proposals[rank] = proposal;
        }

        /** Rank {@code rank}'s, which it is known to have sent, waiting for it. */
        void takeOwed(int rank) throws ReflectiveOperationException {
            if (proposals[rank] == null) take(rank, ctx.mpj.recvBytes(ctx.privateComm(), rank, tag));
        }

        /** The proposals that have arrived; whether every rank's is in. */
        boolean takeArrived() throws ReflectiveOperationException {
            for (int r; (r = ctx.mpj.arrivedFrom(ctx.privateComm(), -1, tag)) >= 0; ) take(r, ctx.mpj.recvBytes(ctx.privateComm(), r, tag));
            return in == ctx.size;
        }

        private void clear() {
            Arrays.fill(proposals, null);
            in = 0;
        }
    }

    boolean decided() {
        return decided;
    }

    /**
     * Every proposal in: the clustering of them all ({@link LoopClustering}), for every rank; empty if that
     * failed (a bug of ours), and the ranks trace on as they were. {@code call}: rank 0's call count.
     */
    byte[] decide(long call) {
        decided = true;
        long start = System.nanoTime();
        try {
            byte[] result = ClusteringCodec.encode(LoopClustering.cluster(ctx.tracer.config(), first.proposals, start));
            int[] periods = new int[ctx.size];
            for (int r = 0; r < ctx.size; r++) periods[r] = first.proposals[r] == null ? 0 : LoopClustering.period(first.proposals[r]);
            file.addChoice(withPeriods(periods, call), auto.candidates());
            return result;
        } catch (RuntimeException e) {
            TracerLog.line("rank 0: the ranks' own loops could not be clustered (" + TracerLog.describe(e) + "); they cluster at MPI.Finalize");
            return new byte[0];
        }
    }

    /**
     * Every rank's new loop in: {@code current} split by new loop ({@link LoopRefinement}), for every rank;
     * empty when that failed, or at MPI.Finalize ({@code late}), where nothing is left to trace, and the
     * clusters stand. {@code clusterings}: how many the ranks took in so far, each followed by their votes.
     */
    byte[] decideAgain(Clustering current, int clusterings, boolean late, long call) throws ReflectiveOperationException {
        // Every rank voted under the clusterings so far before it proposed again: those markers in L come first.
        for (int r = 1; r < ctx.size; r++) takeVotesOwed(r, LoopMarker.VOTES * clusterings);
        long start = System.nanoTime();
        byte[] result = new byte[0];
        if (!late) {
            try {
                result = ClusteringCodec.encode(LoopRefinement.refine(current, again.proposals, start));
                int[] periods = new int[ctx.size];
                for (int r = 0; r < ctx.size; r++) periods[r] = LoopRefinement.period(again.proposals[r]);
                file.addChoice(withPeriods(periods, call), auto.candidates());
            } catch (RuntimeException e) {
                TracerLog.line("rank 0: the ranks' new loops could not be clustered (" + TracerLog.describe(e) + "); the clusters stand");
                result = new byte[0];
            }
        }
        again.clear();
        return result;
    }

    /** Rank {@code rank}'s next vote; every index all ranks have voted on unchanged is a marker in state L. */
    void vote(int rank, boolean changed) {
        int index = votesIn[rank]++;
        if (index >= changedAt.length) changedAt = Arrays.copyOf(changedAt, Math.max(index + 1, changedAt.length * 2));
        if (changed) changedAt[index]++;
        int complete = Integer.MAX_VALUE;
        for (int v : votesIn) complete = Math.min(complete, v);
        for (; votesLogged < complete; votesLogged++)
            if (changedAt[votesLogged] == 0) machine.loopConfirmed(auto.candidates());
    }

    /** The votes that have arrived. */
    void takeVotes() throws ReflectiveOperationException {
        for (int r; (r = ctx.mpj.arrivedFrom(ctx.privateComm(), -1, MessageTags.LOOP_VOTE)) >= 0; ) vote(r, voteFrom(r));
    }

    /** Rank {@code rank}'s votes up to the {@code sent} it is known to have sent, waiting for them. */
    void takeVotesOwed(int rank, int sent) throws ReflectiveOperationException {
        while (votesIn[rank] < sent) vote(rank, voteFrom(rank));
    }

    private boolean voteFrom(int rank) throws ReflectiveOperationException {
        return ctx.mpj.recvBytes(ctx.privateComm(), rank, MessageTags.LOOP_VOTE)[0] == 1;
    }

    /** Rank 0's latest choice with the reason, from every rank's period; {@code call}: rank 0's call count now. */
    private MarkerChoice withPeriods(int[] periods, long call) {
        int min = Integer.MAX_VALUE, max = 0;
        for (int p : periods) {
            min = Math.min(min, p);
            max = Math.max(max, p);
        }
        if (min < 1 || min > max) min = max = Math.max(1, choice.period()); // no proposal's period to go by: rank 0's own
        MarkerReason why = MarkerReason.ownLoops(CollectivePeriod.REPEATS, min, max, proposedAtCall, call);
        return new MarkerChoice(auto.candidates(), choice.period(), choice.site(), choice.callers(), why, true);
    }
}
