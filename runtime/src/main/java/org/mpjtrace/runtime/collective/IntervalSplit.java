package org.mpjtrace.runtime.collective;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.mpjtrace.runtime.config.TracerLog;
import org.mpjtrace.runtime.rank.RankContext;
import org.mpjtrace.trace.cluster.Cluster;
import org.mpjtrace.trace.cluster.Clustering;
import org.mpjtrace.trace.ranks.RankSet;

/**
 * Where the leads merge an interval and the clusters end with it (MPI.Finalize, or a marker whose vote goes
 * back to AT), under any marker rule: the non-leads whose calls since the last acted-on marker are not their
 * lead's (ShiftingLoops: ranks 1-7 run a loop of their own after rank 0, their lead, left it) become leads of
 * their own for that interval, so the trace keeps their calls where it gave them their lead's. A non-lead
 * records nothing, but keeps its raw calls since the last marker up to
 * {@link org.mpjtrace.runtime.sink.ClusteringSink#TAIL_RECORDS}; each rank tells rank 0 a hash of those
 * calls and whether it kept them all (9 bytes), rank 0 splits each cluster by hash, and tells every rank
 * which ranks moved to which new lead. Ranks with equal hashes made the same calls, so one of them that
 * kept its calls traces them for all. A rank whose group kept nothing (a longer interval) stays with its
 * lead, and is counted and warned about at Finalize.
 *
 * <p>Ranks clustered on their own loops compare their calls since MPI.Init instead: a non-lead there kept
 * its loop's shadow and its calls since the loop changed, and gets the calls before it proposed its loop
 * from its old lead ({@link OwnLoopPrefixes}), which traced them from MPI.Init; so it can move when its old
 * lead has at least that many calls, on one thread.
 */
final class IntervalSplit {
    /** The clustering for the interval's merge, and how many non-leads still stand in for calls that were not theirs. */
    record Result(Clustering clustering, int unlike) {}

    private IntervalSplit() {}

    /**
     * Runs on every rank: the exchange with rank 0 and the split every rank applies alike.
     *
     * @param prefixes own loops: the first clustering on them, whose leads give their members' first calls; else
     *              {@code clustering}
     * @param path  a hash of this rank's calls since the last acted-on marker (own loops: since MPI.Init)
     * @param kept  whether this rank kept every one of those calls (a lead: whether it traced them)
     * @param calls own loops: a lead's calls since MPI.Init, a non-lead's calls before its loop (0 when it traced
     *              them: it needs none of its lead's); else -1
     */
    static Result exchange(RankContext ctx, Clustering clustering, Clustering prefixes, long path, boolean kept, long calls) throws ReflectiveOperationException {
        byte[] moves;
        int unlike = 0;
        long start = System.nanoTime();
        if (ctx.rank != 0) {
            ctx.mpj.sendBytes(ctx.privateComm(), ByteBuffer.allocate(17).putLong(path).put((byte) (kept ? 1 : 0)).putLong(calls).array(), 0, MessageTags.SPLIT_PATHS);
            moves = ctx.mpj.recvBytes(ctx.privateComm(), 0, MessageTags.SPLIT_MOVES);
        } else {
            long[] paths = new long[ctx.size];
            boolean[] keptAll = new boolean[ctx.size];
            long[] counts = new long[ctx.size];
            paths[0] = path;
            keptAll[0] = kept;
            counts[0] = calls;
            for (int r = 1; r < ctx.size; r++) {
                ByteBuffer b = ByteBuffer.wrap(ctx.mpj.recvBytes(ctx.privateComm(), r, MessageTags.SPLIT_PATHS));
                paths[r] = b.getLong();
                keptAll[r] = b.get() != 0;
                counts[r] = b.getLong();
            }
            Plan plan;
            try {
                plan = plan(clustering, prefixes, paths, keptAll, counts);
            } catch (RuntimeException e) { // a bug of ours: every rank still gets its answer, and nobody moves
                TracerLog.line("rank 0: the interval's clusters were not split (" + TracerLog.describe(e) + ")");
                plan = new Plan(Map.of(), 0);
            }
            unlike = plan.unlike;
            moves = encode(plan.moves);
            for (int r = 1; r < ctx.size; r++) ctx.mpj.sendBytes(ctx.privateComm(), moves, r, MessageTags.SPLIT_MOVES);
        }
        // At rank 0, which logs it, the split's clustering took the exchange's time.
        return new Result(apply(clustering, decode(moves), System.nanoTime() - start), unlike);
    }

    /** Rank 0's decision: each moved rank and its new lead, and the non-leads left unlike their lead. */
    record Plan(Map<Integer, Integer> moves, int unlike) {}

    /**
     * Splits every cluster by the members' hashes: members with their lead's hash stay; each other hash's
     * members move to a new cluster led by the lowest of them that kept its calls, or stay (unlike their
     * lead) when none did. Own loops ({@code calls} not -1): a member that kept its calls since it proposed its
     * loop needs its lead in {@code prefixes} (the first clustering on own loops) to have traced at least as
     * many calls as the member made before that.
     */
    static Plan plan(Clustering clustering, Clustering prefixes, long[] paths, boolean[] kept, long[] calls) {
        Map<Integer, Integer> moves = new LinkedHashMap<>();
        int unlike = 0;
        for (Cluster c : clustering.clusters()) {
            Map<Long, List<Integer>> byPath = new LinkedHashMap<>();
            for (int r : c.members().toArray()) if (paths[r] != paths[c.lead()]) byPath.computeIfAbsent(paths[r], p -> new ArrayList<>()).add(r);
            for (List<Integer> group : byPath.values()) {
                int lead = -1;
                for (int r : group) if (canLead(r, prefixes.clusterOf(r).lead(), kept, calls) && (lead < 0 || r < lead)) lead = r;
                if (lead < 0) unlike += group.size();
                else for (int r : group) moves.put(r, lead);
            }
        }
        return new Plan(moves, unlike);
    }

    private static boolean canLead(int member, int lead, boolean[] kept, long[] calls) {
        return kept[member] && (calls[member] <= 0 || kept[lead] && calls[lead] >= calls[member]);
    }

    /**
     * The clustering with the moved ranks taken out of their clusters into their new leads' clusters, ordered
     * by lead; a new cluster keeps its old cluster's signature (what its ranks shared up to the last marker).
     */
    static Clustering apply(Clustering clustering, Map<Integer, Integer> moves, long nanos) {
        if (moves.isEmpty()) return clustering;
        List<Cluster> clusters = new ArrayList<>();
        for (Cluster c : clustering.clusters()) {
            List<Integer> stay = new ArrayList<>();
            Map<Integer, List<Integer>> moved = new LinkedHashMap<>();
            for (int r : c.members().toArray()) {
                Integer to = moves.get(r);
                if (to == null) stay.add(r);
                else moved.computeIfAbsent(to, l -> new ArrayList<>()).add(r);
            }
            clusters.add(new Cluster(c.lead(), RankSet.of(ints(stay)), c.callPath(), c.src(), c.dest(), c.signature()));
            for (Map.Entry<Integer, List<Integer>> m : moved.entrySet())
                clusters.add(new Cluster(m.getKey(), RankSet.of(ints(m.getValue())), c.callPath(), c.src(), c.dest(), c.signature()));
        }
        clusters.sort(Comparator.comparingInt(Cluster::lead));
        return new Clustering(clusters, clustering.absoluteEndpoints(), nanos, clustering.format());
    }

    private static int[] ints(List<Integer> list) {
        return list.stream().mapToInt(Integer::intValue).toArray();
    }

    private static byte[] encode(Map<Integer, Integer> moves) {
        ByteBuffer b = ByteBuffer.allocate(8 * moves.size());
        for (Map.Entry<Integer, Integer> m : moves.entrySet()) b.putInt(m.getKey()).putInt(m.getValue());
        return b.array();
    }

    private static Map<Integer, Integer> decode(byte[] bytes) {
        Map<Integer, Integer> moves = new LinkedHashMap<>();
        ByteBuffer b = ByteBuffer.wrap(bytes);
        while (b.remaining() >= 8) moves.put(b.getInt(), b.getInt());
        return moves;
    }
}
