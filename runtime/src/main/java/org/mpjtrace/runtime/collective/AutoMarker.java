package org.mpjtrace.runtime.collective;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.mpjtrace.runtime.rank.RankContext;
import org.mpjtrace.runtime.sink.ClusteringSink;
import org.mpjtrace.signatures.Mix64;
import org.mpjtrace.trace.CallSite;
import org.mpjtrace.trace.cluster.ClusteringKeys;
import org.mpjtrace.trace.cluster.MarkerChoice;
import org.mpjtrace.trace.cluster.MarkerReason;
import org.mpjtrace.trace.cluster.MarkerState;

/**
 * Marker {@code auto}: finds the program's time-step loop online and puts the markers at its iteration
 * boundary, so the clustering modes work with no marker option. One per rank, run on the rank's first
 * thread at every collective it calls on a communicator of all ranks (the candidates).
 *
 * <p>Why those calls: MPI has every rank call a communicator's collectives in the same order, so the
 * n-th candidate is the n-th on every rank, whatever the ranks' call sites. Every decision below happens
 * at a candidate count all ranks derive from earlier votes, so all ranks vote at the same calls and no
 * rank waits at a vote another never joins; a rank that leaves a loop of point-to-point calls early
 * changes nothing, since those calls are never markers.
 * <ul>
 *   <li>Learning: at candidate 4, then at gaps doubling up to 1,024, every rank proposes the period of its
 *       last candidates ({@link CollectivePeriod}: 1 for one Allreduce per step) and one Allreduce tells
 *       whether all proposed the same. If so, that candidate is the first marker and every period-th one
 *       after it a marker; if not (master-worker, no loop yet), learning goes on, and a program that never
 *       agrees clusters once, at MPI.Finalize.</li>
 *   <li>Chosen: at each period boundary the rank compares its Call-Path over the period with the one
 *       before (no communication), and checks the period's candidates still match the loop's. The state
 *       machine acts on the first boundary, then every {@code stride} periods: 1 until state L, then
 *       doubling up to 1,024, so a run of n steps acts about log2(n) times, and the first clustering (C)
 *       comes two periods after the choice. A rank whose candidates stopped matching votes to relearn;
 *       when any does, all learn again from the next 4 candidates and choose anew (the marker follows a
 *       phase change), and the choice goes into the trace's marker log. Learning again, a rank proposes
 *       only a period that every candidate since the one that broke the last choice repeats
 *       ({@link CollectivePeriod#since}), and the ranks choose at the next candidate that falls where that
 *       one fell in the period: a Gather every 10th step of an Allreduce loop makes period 11 with the
 *       markers at the Gather, where the last three Allreduces alone made it 1 again after each Gather,
 *       and the ranks relearned at every Gather (1,000 steps: 101 choices and 550 markers acted on, 2 and
 *       15 now).</li>
 * </ul>
 * A loop with no candidate (a ring of point-to-point calls) is {@link LoopMarker}'s, which sees every call
 * of the first thread through {@link #onCall}; should the ranks agree on a collective after all, that
 * path hands over at the agreeing collective.
 */
final class AutoMarker {
    private static final int HISTORY = 64;
    private static final int FIRST_CHECK = ClusteringKeys.AUTO_FIRST_LOOK;
    private static final int MAX_GAP = 1024;

    private final RankContext ctx;
    private final MarkerStateMachine machine;
    private final ClusteringSink sink;
    /** Rank 0 only. */
    private final OnlineTraceFile file;
    /** The ranks' own loops, for loops with no candidate; null for a rank started by an attach (it has no private communicator until Finalize). */
    private final LoopMarker loop;
    /** Signatures of the last candidates' call sites, the i-th at i % HISTORY. */
    private final long[] history = new long[HISTORY];
    private long count;

    /** Learning: when the ranks propose next, and the gap to the proposal after. */
    private long nextCheck = FIRST_CHECK;
    private int checkGap = FIRST_CHECK;
    /**
     * Learning again: the candidate (counting from 0) that broke the last choice on this rank, from which the
     * candidates must repeat ({@link CollectivePeriod#since}); -1 at the first learning, or where this rank saw
     * no break.
     */
    private long learnFrom = -1;

    /** Chosen: candidates per period (0 while learning), the period's site signatures, the next boundary and marker. */
    private int period;
    private long[] pattern;
    private long nextBoundary;
    private long nextMarker;
    /** Periods from one acted-on marker to the next. */
    private int stride = 1;

    /**
     * Since the last acted-on marker: a period's Call-Path differed from its predecessor's; one was compared at all;
     * the candidates stopped matching, first at candidate {@code brokeAt} (else -1).
     */
    private boolean changed;
    private boolean compared;
    private boolean relearn;
    private long brokeAt = -1;
    private boolean havePeriodPath;
    private long periodPath;
    /** The periods' call sequences since the last acted-on marker, folded into one hash. */
    private long sinceMarker;

    AutoMarker(RankContext ctx, MarkerStateMachine machine, ClusteringSink sink) {
        this.ctx = ctx;
        this.machine = machine;
        this.sink = sink;
        this.file = machine.file();
        this.loop = ctx.privateComm() == null ? null : new LoopMarker(ctx, machine, this);
        if (loop != null) ctx.watchCalls(true);
    }

    /**
     * A call of the rank's first thread returned, made at {@code site} ({@code candidate}: a collective on
     * a communicator of all ranks); only while the rank watches its calls for {@link LoopMarker}, else
     * {@link #onCollective} alone, for candidates.
     */
    void onCall(int site, long context, int op, int peer, int peer2, boolean candidate) throws ReflectiveOperationException {
        try {
            loop.onCall(site, op, peer, peer2, candidate);
        } finally {
            // Counted whatever befell the loop's path: every rank must count the same candidates.
            if (candidate) onCollective(site, context);
        }
    }

    /** The candidate collectives so far: the marker log counts markers in them. */
    long candidates() {
        return count;
    }

    /** MPI.Finalize, every rank: what the ranks' own loops still have on the way ({@link LoopMarker#settle}). */
    void settle() throws ReflectiveOperationException {
        if (loop != null) loop.settle(false);
    }

    /**
     * A candidate collective, made at {@code site} in calling context {@code context} (its stack signature),
     * returned on the rank's first thread. Candidates are told apart by context, as the Call-Path the periods
     * are compared by tells calls apart: one Allreduce in a helper that each step calls from two places is a
     * period of two (with the site alone, period 1, and every period's Call-Path unlike the one before).
     */
    void onCollective(int site, long context) throws ReflectiveOperationException {
        history[(int) (count % HISTORY)] = context;
        count++;
        if (period == 0) {
            if (count == nextCheck) propose(site);
            return;
        }
        if (count == nextBoundary) {
            endPeriod();
            nextBoundary += period;
        }
        if (count == nextMarker) act();
    }

    /**
     * MPI.Finalize: gives the state machine a hash of this rank's calls since the last acted-on marker (the
     * periods' and the part after the last boundary), which it compares with the lead's; rank 0 notes how
     * many candidates there were for the marker log.
     */
    void finish() {
        ctx.drainRings();
        // Clustered on their own loops, the ranks have no marker in common: their calls since MPI.Init then.
        boolean ownLoops = loop != null && loop.clustered();
        machine.pathAtEnd(ownLoops ? loop.calls() : Mix64.combine(sinceMarker, sink.callSequence()), !ownLoops);
        if (file != null) file.noteCandidates(count);
    }

    private void propose(int site) throws ReflectiveOperationException {
        int mine = learnFrom < 0 ? CollectivePeriod.of(history, count) : CollectivePeriod.since(history, count, learnFrom);
        // Learning again, the markers go where the candidate that broke the last choice falls in the period (a
        // Gather every 10th step: at the Gather, so that an interval is whole iterations): at counts = phase mod p.
        int learningAgain = learnFrom < 0 ? 0 : 1;
        int phase = learningAgain == 0 || mine == 0 ? 0 : (int) Math.floorMod(learnFrom + 1, (long) mine);
        int[] sums = ctx.mpj.allreduceSum(ctx.privateComm(), new int[] {mine == 0 ? 1 : 0, mine, mine * mine, learningAgain, phase, phase * phase});
        // All proposals equal exactly when (sum p)^2 = P * sum p^2 (Cauchy-Schwarz), none of them 0.
        boolean agreed = sums[0] == 0 && (long) sums[1] * sums[1] == (long) ctx.size * sums[2];
        if (!agreed) {
            checkGap = Math.min(checkGap * 2, MAX_GAP);
            nextCheck = count + checkGap;
            if (file != null) file.noteCandidates(count);
            return;
        }
        // Every rank decides this on the same sums: where all learn again and agree on the phase, choose at the
        // next count in phase, where all propose again; else here, as at the first learning.
        boolean inPhase = sums[3] == ctx.size && (long) sums[4] * sums[4] == (long) ctx.size * sums[5];
        long ahead = inPhase ? Math.floorMod(phase - count, (long) mine) : 0;
        if (ahead != 0) {
            nextCheck = count + ahead;
            return;
        }
        // The ranks' own loops hand over: what they have on the way is taken in, here, where all ranks are.
        if (loop != null) {
            try {
                loop.settle(true);
            } catch (ReflectiveOperationException | RuntimeException e) {
                ctx.disable(e); // and the rank still acts at this marker with the others, who wait for it
            }
        }
        boolean again = pattern != null;
        period = mine;
        pattern = new long[period];
        for (int j = 0; j < period; j++) pattern[j] = CollectivePeriod.at(history, count - period + j);
        nextBoundary = count + period;
        nextMarker = count + period;
        stride = 1;
        havePeriodPath = false;
        if (file != null) file.addChoice(describe(site, again), count);
        learnFrom = -1;
        // The first marker of a choice: AT (a later choice votes "changed": nothing to compare with yet).
        machine.act(count, true, false, Mix64.combine(sinceMarker, sink.callSequence()));
        changed = compared = relearn = false;
        brokeAt = -1;
        sinceMarker = 0;
    }

    private void endPeriod() {
        ctx.drainRings();
        long path = sink.callPath();
        long sequence = sink.callSequence();
        sink.startInterval();
        if (havePeriodPath) {
            compared = true;
            if (path != periodPath) changed = true;
        }
        periodPath = path;
        havePeriodPath = true;
        sinceMarker = Mix64.combine(sinceMarker, sequence);
        for (int j = 0; j < period; j++) {
            if (CollectivePeriod.at(history, count - period + j) == pattern[j]) continue;
            relearn = true;
            if (brokeAt < 0) brokeAt = count - period + j;
        }
    }

    private void act() throws ReflectiveOperationException {
        int relearning = machine.act(count, changed || !compared, relearn, Mix64.combine(sinceMarker, sink.callSequence()));
        long broke = brokeAt;
        changed = compared = relearn = false;
        brokeAt = -1;
        sinceMarker = 0;
        if (relearning > 0) {
            period = 0;
            learnFrom = broke;
            checkGap = FIRST_CHECK;
            nextCheck = count + FIRST_CHECK;
            if (file != null) file.noteCandidates(count);
            return;
        }
        stride = machine.state() == MarkerState.L ? Math.min(stride * 2, MAX_GAP) : 1;
        nextMarker = count + (long) period * stride;
    }

    private MarkerChoice describe(int site, boolean again) {
        String where = siteName(ctx, site);
        long repeated = learnFrom < 0 ? (long) CollectivePeriod.REPEATS * period : CollectivePeriod.window(history, count, learnFrom);
        MarkerReason why = MarkerReason.collectives(again, repeated, period, count);
        return new MarkerChoice(count, period, where, callers(), why, false);
    }

    /**
     * The application's frames above the marker's call site, innermost first: found once per choice.
     * The call site's method is the frame that called the agent's bridge (a {@code mpjtrace$} method the
     * agent added to the class), which called the probe; the JDK's and MPJ Express's own frames
     * above it (reflection, the multicore starter) are left out (MPJ's API is package mpi itself;
     * mpi.apps are programs).
     */
    /** A call site as the marker log names it, e.g. {@code Allreduce at Stencil2D.main:77}. */
    static String siteName(RankContext ctx, int site) {
        CallSite s = ctx.tracer.sites().site(site);
        return s == null ? "site " + site : s.api().substring(s.api().lastIndexOf('.') + 1) + " at " + s.where();
    }

    static String callers() {
        String probe = org.mpjtrace.runtime.Probe.class.getName();
        List<StackWalker.StackFrame> frames = StackWalker.getInstance().walk(s -> s.collect(Collectors.toList()));
        int site = 0;
        for (int i = 0; i < frames.size(); i++) if (frames.get(i).getClassName().equals(probe)) site = i + 1;
        while (site < frames.size() && frames.get(site).getMethodName().startsWith("mpjtrace$")) site++;
        List<String> callers = new ArrayList<>();
        for (int i = site + 1; i < frames.size() && callers.size() < 4; i++) {
            StackWalker.StackFrame f = frames.get(i);
            if (runtimeFrame(f.getClassName())) continue;
            callers.add(simple(f.getClassName()) + "." + f.getMethodName() + ":" + f.getLineNumber());
        }
        return String.join(" < ", callers);
    }

    private static boolean runtimeFrame(String c) {
        String pkg = c.lastIndexOf('.') < 0 ? "" : c.substring(0, c.lastIndexOf('.'));
        if (pkg.equals("mpi")) return true;
        for (String p : new String[] {"mpjdev.", "xdev.", "mpjbuf.", "runtime.", "java.", "jdk.", "sun."})
            if (c.startsWith(p)) return true;
        return false;
    }

    private static String simple(String className) {
        return className.substring(className.lastIndexOf('.') + 1);
    }
}
