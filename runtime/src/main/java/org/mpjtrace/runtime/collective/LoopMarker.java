package org.mpjtrace.runtime.collective;

import java.util.ArrayList;
import java.util.List;
import org.mpjtrace.runtime.rank.RankContext;
import org.mpjtrace.signatures.Mix64;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.cluster.Clustering;
import org.mpjtrace.trace.cluster.ClusteringCodec;

/**
 * Marker auto for time-step loops with no collective on all ranks (a ring of Sends and Recvs, a wavefront
 * sweep, a halo exchange with row-only reductions), where {@link AutoMarker} finds no candidate: every
 * rank finds a loop among its own first thread's calls, and the ranks cluster by messages to rank 0,
 * with no collective at all. Ranks need not pass the same number of iterations, nor call the same sites
 * (in a ring, rank 0 sends first): a rank that leaves its loop early, or never has one, keeps nobody
 * waiting, because nobody ever waits for another rank's loop.
 * <ol>
 *   <li>Looking: at its 16th call, then at gaps doubling up to 1,024 calls, the rank takes the period of
 *       its last calls ({@link CollectivePeriod}, by call-site signature). The same loop at two looks in a
 *       row, from the 64th call on, with no collective on all ranks within the last two gaps (else the
 *       loop is AutoMarker's, and a loop of point-to-point calls inside its step no time-step loop) and
 *       nothing that depends on timing (a wildcard source, Probe, Test, Waitany, Waitsome), and the rank
 *       proposes: it sends rank 0 its period and its clustering signature so far, without waiting.</li>
 *   <li>Clustering: once every rank has proposed, rank 0 clusters the proposals ({@link LoopClustering})
 *       and sends each rank the clustering. Each rank takes it at its next look (every couple of
 *       iterations while it waits): state C; a non-lead drops what it traced and records no more.</li>
 *   <li>Looking again, at doubling gaps, three times: each rank tells rank 0 whether its loop is still
 *       the one it proposed; every rank's i-th look unchanged is a marker in state L in the log.</li>
 *   <li>Watching, at gaps doubling up to 1,024 calls, without a message: a rank whose loop changed (another
 *       loop at two looks in a row) proposes it to rank 0 for the clustering again; once every rank has,
 *       rank 0 splits the clusters by new loop ({@link LoopRefinement}), another choice and another state C
 *       in the log, and the ranks look again three times as above. So the marker follows the program from
 *       one loop of its own to the next (RingThenPairs: the ring's one cluster becomes the pairs' senders
 *       and receivers).</li>
 * </ol>
 * Rank 0's side of the messages is {@link LoopRankZero}. The clusters stand to MPI.Finalize, where the
 * leads merge their whole traces once: with no point all ranks pass together there is no safe place to
 * merge before it, and the clustering again only regroups the ranks (unless AutoMarker finds a loop of
 * collectives later, a solver's next phase, whose markers then take over). A non-lead whose calls change
 * meanwhile and not every rank's with them (it counts those that repeat its loop from its proposal on, and keeps or
 * traces the others: ClusteringSink) is caught at Finalize, its calls since MPI.Init hashing differently
 * from its lead's, and traces its own for the merge (IntervalSplit, OwnLoopPrefixes). There every rank
 * settles what is still in flight ({@link #settle});
 * if not every rank proposed (master-worker: the master receives from any source), no rank clustered,
 * and the ranks cluster once, at Finalize, as with marker none.
 *
 * <p>The period found is the shortest that repeats, not the outermost loop's: a point-to-point loop
 * nested in another may be taken at its inner loop. The clustering is as good (its signature covers all
 * calls so far), but later looks may then see a change and make no marker in state L.
 *
 * <p>On the probe's path this costs a signature lookup, a hash step and two stores per call of the
 * rank's first thread, allocating nothing; looks come at doubling gaps up to one per 1,024 calls, and
 * send a message only to propose and for the three looks after each clustering.
 */
final class LoopMarker {
    private static final int HISTORY = 64;
    private static final int FIRST_LOOK = 16;
    private static final int EARLIEST_PROPOSAL = 4 * FIRST_LOOK;
    /**
     * Looks again that tell rank 0 (markers in state L). Few on purpose: a message rank 0 has not taken in
     * yet sits in MPJ's queues, and multicore MPJ looks up every send and receive of the job in them (4-7%
     * more wall time on Sweep 16 ranks, 10,000 sweeps, with a vote at every look); what a rank does later
     * is checked at MPI.Finalize anyway.
     */
    static final int VOTES = 3;
    private static final int MAX_GAP = 1024;
    private static final byte PLAIN = 0, COLLECTIVE = 1, BY_TIMING = 2;

    private enum Stage { LOOKING, PROPOSED, CLUSTERED, WATCHING, PROPOSED_AGAIN, OFF }

    private final RankContext ctx;
    private final MarkerStateMachine machine;
    private final AutoMarker auto;
    /** Rank 0 only. */
    private final LoopRankZero zero;
    private final long[] history = new long[HISTORY];
    private final byte[] kinds = new byte[HISTORY];
    private long count;
    /** The count at the last candidate collective, and at the look before the last. */
    private long lastCollective = -1;
    private long lastLook, lookBefore;
    private long nextLook = FIRST_LOOK;
    private int gap = FIRST_LOOK;
    /** The rank's calls since MPI.Init, in order, as one hash: at Finalize it tells a non-lead from its lead. */
    private long calls;
    private Stage stage = Stage.LOOKING;
    /**
     * What this rank sent and received, counted only once done: at {@link #settle} rank 0 waits for what
     * the others say they sent, so a send that failed half-way must not count. The proposal; its votes;
     * whether it took its clustering in (rank 0: made it); whether it settled.
     */
    private boolean hasProposed;
    private int votesSent;
    private boolean clusteringTaken;
    private boolean settled;
    /** Proposals of a new loop sent, and clusterings again taken in (rank 0: made); votes sent under the clustering in force. */
    private int againSent;
    private int againTaken;
    private int roundVotes;
    /** The clustering in force, once taken in. */
    private Clustering current;
    /** The loop at the last look (0: none), and the one proposed. */
    private int seenPeriod;
    private long seenShape;
    private int period;
    private long shape;
    private final List<Object> sends = new ArrayList<>();

    LoopMarker(RankContext ctx, MarkerStateMachine machine, AutoMarker auto) {
        this.ctx = ctx;
        this.machine = machine;
        this.auto = auto;
        this.zero = ctx.rank == 0 ? new LoopRankZero(ctx, machine, auto) : null;
    }

    /** A call of the rank's first thread returned, made at {@code site}; {@code collective}: a candidate of {@link AutoMarker}. */
    void onCall(int site, int op, int peer, int peer2, boolean collective) throws ReflectiveOperationException {
        long signature = ctx.tracer.sites().signature(site);
        calls = Mix64.combine(calls, signature);
        int i = (int) (count % HISTORY);
        history[i] = signature;
        kinds[i] = collective ? COLLECTIVE : byTiming(op, peer, peer2) ? BY_TIMING : PLAIN;
        if (collective) lastCollective = count;
        count++;
        if (count < nextLook) return;
        try {
            switch (stage) {
                case LOOKING -> look(site);
                case PROPOSED -> awaitClustering(false);
                case CLUSTERED -> lookAgain();
                case WATCHING -> watch(site);
                case PROPOSED_AGAIN -> awaitClustering(true);
                case OFF -> nextLook = Long.MAX_VALUE;
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            // An error of ours: no more looks; the rank still settles at Finalize what it did send.
            stage = Stage.OFF;
            current = null;
            ctx.watchCalls(false);
            throw e;
        }
    }

    /** Whether the ranks clustered on their own loops: then {@link #calls()} is what Finalize compares. */
    boolean clustered() {
        return current != null;
    }

    boolean proposed() {
        return hasProposed;
    }

    long calls() {
        return calls;
    }

    private void look(int site) throws ReflectiveOperationException {
        nextLook = count + gap;
        gap = Math.min(gap * 2, MAX_GAP);
        // A collective on all ranks within the last two gaps: the loop is AutoMarker's (an inner loop of
        // point-to-point calls, a halo exchange within a step, is no time-step loop). Nor is a loop seen only
        // in the first 64 calls: Stencil2D's ranks make 50 to 90 calls between Allreduces.
        boolean collectiveSince = lastCollective >= lookBefore;
        lookBefore = lastLook;
        lastLook = count;
        int p = CollectivePeriod.of(history, count);
        if (collectiveSince || p == 0 || !plain(p)) {
            seenPeriod = 0;
            return;
        }
        long s = shape(p);
        if (p != seenPeriod || s != seenShape || count < EARLIEST_PROPOSAL) {
            seenPeriod = p;
            seenShape = s;
            return;
        }
        ctx.drainRings();
        period = p;
        shape = s;
        machine.loopProposed(p);
        propose(site, p, LoopClustering.proposal(ctx, p), false);
        hasProposed = true;
        stage = Stage.PROPOSED;
        awaitClustering(false);
    }

    /** This rank's proposal of its loop ({@code again}: of its new loop) to rank 0, without waiting for an answer. */
    private void propose(int site, int p, byte[] mine, boolean again) throws ReflectiveOperationException {
        if (ctx.rank == 0) {
            zero.proposedAt(site, p, count);
            (again ? zero.again : zero.first).take(0, mine);
        } else {
            sends.add(ctx.mpj.isendBytes(ctx.privateComm(), mine, 0, again ? MessageTags.LOOP_AGAIN_UP : MessageTags.LOOP_UP));
        }
        gap = Math.max(8, 2 * p);
    }

    /**
     * While the clustering ({@code again}: the clustering again) is on its way: look every couple of
     * iterations at first, then at gaps doubling up to 1,024 calls (a master that never proposes leaves its
     * workers waiting to the end).
     */
    private void awaitClustering(boolean again) throws ReflectiveOperationException {
        nextLook = count + gap;
        gap = Math.min(gap * 2, MAX_GAP);
        int down = again ? MessageTags.LOOP_AGAIN_DOWN : MessageTags.LOOP_DOWN;
        if (ctx.rank == 0) {
            boolean allIn = (again ? zero.again : zero.first).takeArrived();
            if (allIn && again) decideAgain(false);
            else if (allIn) decide();
        } else if (ctx.mpj.arrivedFrom(ctx.privateComm(), 0, down) >= 0) {
            byte[] answer = ctx.mpj.recvBytes(ctx.privateComm(), 0, down);
            if (again) adoptAgain(answer);
            else adopt(answer);
        }
        ctx.resumeProgram();
    }

    private void lookAgain() throws ReflectiveOperationException {
        nextLook = count + gap;
        gap = Math.min(gap * 2, MAX_GAP);
        if (roundVotes == VOTES) {
            stage = Stage.WATCHING;
            seenPeriod = 0;
            return;
        }
        roundVotes++;
        int p = CollectivePeriod.of(history, count);
        boolean changed = p != period || shape(p) != shape;
        machine.loopLooked();
        if (ctx.rank == 0) {
            zero.vote(0, changed);
            votesSent++;
            zero.takeVotes();
        } else {
            sends.add(ctx.mpj.isendBytes(ctx.privateComm(), new byte[] {(byte) (changed ? 1 : 0)}, 0, MessageTags.LOOP_VOTE));
            votesSent++;
        }
        ctx.resumeProgram();
    }

    /**
     * Under the clusters, after the looks that vote: whether this rank's loop changed, to another that held
     * at two looks in a row; then it proposes that one for the clustering again. Rank 0 takes the others'
     * late votes meanwhile.
     */
    private void watch(int site) throws ReflectiveOperationException {
        nextLook = count + gap;
        gap = Math.min(gap * 2, MAX_GAP);
        if (ctx.rank == 0) zero.takeVotes();
        boolean collectiveSince = lastCollective >= lookBefore;
        lookBefore = lastLook;
        lastLook = count;
        int p = CollectivePeriod.of(history, count);
        if (collectiveSince || p == 0 || !plain(p) || p == period && shape(p) == shape) {
            seenPeriod = 0;
            return;
        }
        long s = shape(p);
        if (p != seenPeriod || s != seenShape) {
            seenPeriod = p;
            seenShape = s;
            machine.loopSeenAgain();
            ctx.resumeProgram();
            return;
        }
        period = p;
        shape = s;
        propose(site, p, machine.loopProposedAgain(p, s), true);
        againSent++;
        stage = Stage.PROPOSED_AGAIN;
        awaitClustering(true);
    }

    /** Rank 0: the clustering again, sent to every rank and taken in here ({@link LoopRankZero#decideAgain}). */
    private void decideAgain(boolean late) throws ReflectiveOperationException {
        byte[] result = zero.decideAgain(current, 1 + againTaken, late, count);
        for (int r = 1; r < ctx.size; r++) sends.add(ctx.mpj.isendBytes(ctx.privateComm(), result, r, MessageTags.LOOP_AGAIN_DOWN));
        adoptAgain(result);
    }

    /** The clustering again (empty: none, and the clusters stand with no more looks). */
    private void adoptAgain(byte[] clustering) {
        againTaken++;
        stage = Stage.OFF;
        if (clustering.length == 0) return; // the calls are still hashed for Finalize's comparison
        current = ClusteringCodec.decode(clustering, ctx.size);
        stage = Stage.CLUSTERED;
        roundVotes = 0;
        gap = Math.max(FIRST_LOOK, period);
        nextLook = count + gap;
        machine.adoptLoopClustering(current, auto.candidates());
    }

    /**
     * Every rank, at one point all ranks pass (MPI.Finalize, or the collective at which AutoMarker chose
     * a marker, {@code handOver}: its markers take over from here): takes in whatever of this path is
     * still on its way, so that no message is left unreceived and every rank ends with the same clustering
     * or none. One Allreduce of 3P ints says who proposed, how many votes each sent, and how many new loops
     * it proposed.
     */
    void settle(boolean handOver) throws ReflectiveOperationException {
        if (settled) return;
        settled = true;
        int size = ctx.size;
        int[] mine = new int[3 * size];
        mine[ctx.rank] = hasProposed ? 1 : 0;
        mine[size + ctx.rank] = votesSent;
        mine[2 * size + ctx.rank] = againSent;
        int[] all = ctx.mpj.allreduceSum(ctx.privateComm(), mine);
        boolean everyone = true;
        int leastAgain = Integer.MAX_VALUE;
        for (int r = 0; r < size; r++) {
            everyone &= all[r] == 1;
            leastAgain = Math.min(leastAgain, all[2 * size + r]);
        }
        if (ctx.rank == 0) {
            try {
                for (int r = 1; r < size; r++) if (all[r] == 1) zero.first.takeOwed(r);
            } finally {
                // The others wait for their answer whatever happened here: missing a proposal, it is "none".
                if (everyone && !zero.decided()) decide();
            }
            // A new loop not yet taken: at most one clustering again is undecided (each waits for every rank's).
            for (int r = 1; r < size; r++) if (all[2 * size + r] > againTaken) zero.again.takeOwed(r);
            if (leastAgain > againTaken) decideAgain(true);
            for (int r = 1; r < size; r++) zero.takeVotesOwed(r, all[size + r]);
        } else {
            if (everyone && !clusteringTaken) adopt(ctx.mpj.recvBytes(ctx.privateComm(), 0, MessageTags.LOOP_DOWN));
            while (againTaken < leastAgain) adoptAgain(ctx.mpj.recvBytes(ctx.privateComm(), 0, MessageTags.LOOP_AGAIN_DOWN));
        }
        for (Object send : sends) ctx.mpj.waitSent(send);
        sends.clear();
        if (handOver) current = null;
        stage = Stage.OFF;
        ctx.watchCalls(false);
    }

    /** Rank 0, every proposal in: the clustering, sent to every rank and taken in here ({@link LoopRankZero#decide}). */
    private void decide() throws ReflectiveOperationException {
        byte[] result = zero.decide(count);
        for (int r = 1; r < ctx.size; r++) sends.add(ctx.mpj.isendBytes(ctx.privateComm(), result, r, MessageTags.LOOP_DOWN));
        adopt(result);
    }

    private void adopt(byte[] clustering) {
        clusteringTaken = true;
        stage = Stage.OFF; // until the clustering is read, or for good when there is none
        if (clustering.length == 0) {
            ctx.watchCalls(false);
            return;
        }
        current = ClusteringCodec.decode(clustering, ctx.size);
        stage = Stage.CLUSTERED;
        gap = Math.max(FIRST_LOOK, period);
        nextLook = count + gap;
        machine.adoptLoopClustering(current, auto.candidates());
    }

    /** Whether none of the last {@code p} calls is a candidate collective or depends on timing. */
    private boolean plain(int p) {
        for (long i = count - p; i < count; i++) if (kinds[(int) (i % HISTORY)] != PLAIN) return false;
        return true;
    }

    /** The last {@code p} calls' signatures as a hash that does not depend on where the look falls in the loop. */
    private long shape(int p) {
        if (p == 0) return 0;
        long sum = 0;
        for (long i = count - p; i < count; i++) sum += Mix64.mix(history[(int) (i % HISTORY)]);
        return sum;
    }

    /** Calls whose outcome depends on timing: a loop of them is no loop the ranks share alike (master-worker). */
    private static boolean byTiming(int op, int peer, int peer2) {
        if (peer == ANY_SOURCE || peer2 == ANY_SOURCE) return true;
        return op == Op.PROBE.code || op == Op.IPROBE.code || op == Op.TEST.code || op == Op.TESTALL.code || op == Op.TESTANY.code
                || op == Op.TESTSOME.code || op == Op.WAITANY.code || op == Op.WAITSOME.code;
    }

    /** MPJ Express's MPI.ANY_SOURCE. */
    private static final int ANY_SOURCE = -2;
}
