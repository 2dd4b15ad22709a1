package org.mpjtrace.runtime.collective;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import org.mpjtrace.runtime.rank.CallPathRegistry;
import org.mpjtrace.runtime.rank.RankContext;
import org.mpjtrace.runtime.rank.SiteRegistry;
import org.mpjtrace.runtime.sink.ClusteringSink;
import org.mpjtrace.trace.CallPath;
import org.mpjtrace.trace.CallSite;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.cluster.Cluster;
import org.mpjtrace.trace.cluster.Clustering;
import org.mpjtrace.trace.io.PayloadCodec;
import org.mpjtrace.trace.io.RankPayload;
import org.mpjtrace.trace.io.TraceFormatException;

/**
 * Ranks clustered on their own loops, after {@link IntervalSplit} moved some at MPI.Finalize: each moved
 * group's new lead asks its old lead for the calls it made before it proposed its loop, and folds them in
 * before its own ({@link ClusteringSink#prefixWith}). The old lead answers with its first calls as records
 * of the asker's ({@link ClusteringSink#prefixFor}) and its JVM's call-site and call-path tables: on niodev
 * each JVM numbers its sites its own way, so the asker interns the sites those records name into its own
 * table, registers their calling contexts, and renumbers the records. Every rank derives who asks whom from
 * the two clusterings, which all ranks hold alike; an old lead answers its askers in rank order.
 *
 * <pre>
 * ask     int64 calls wanted
 * answer  int32 record words w, then w int64 (the records), then a rank payload (PayloadCodec) of no calls
 *         with the old lead's site and call-path tables
 * </pre>
 */
final class OwnLoopPrefixes {
    private OwnLoopPrefixes() {}

    static void give(RankContext ctx, Clustering before, Clustering after, ClusteringSink sink) throws ReflectiveOperationException {
        Cluster was = before.clusterOf(ctx.rank), now = after.clusterOf(ctx.rank);
        if (was == null || now == null) return;
        if (was.lead() != ctx.rank && now.lead() == ctx.rank) {
            ctx.mpj.sendBytes(ctx.privateComm(), ByteBuffer.allocate(8).putLong(sink.callsBeforeLoop()).array(), was.lead(), MessageTags.SPLIT_PREFIX_ASK);
            byte[] answer = ctx.mpj.recvBytes(ctx.privateComm(), was.lead(), MessageTags.SPLIT_PREFIX);
            try {
                sink.prefixWith(localRecords(ctx.tracer.sites(), ctx.tracer.paths(), answer));
            } catch (TraceFormatException | RuntimeException e) {
                ctx.disable(e); // a bug of ours: the rank still takes its part in the merge, with an empty block
            }
        } else if (was.lead() == ctx.rank) {
            for (int r : was.members().toArray()) {
                if (r == ctx.rank || after.clusterOf(r).lead() != r) continue;
                long n = ByteBuffer.wrap(ctx.mpj.recvBytes(ctx.privateComm(), r, MessageTags.SPLIT_PREFIX_ASK)).getLong();
                ctx.mpj.sendBytes(ctx.privateComm(), answer(ctx, sink, r, n), r, MessageTags.SPLIT_PREFIX);
            }
        }
    }

    /** The old lead's answer to rank {@code member}; no records (and tracing off) if it cannot be made. */
    private static byte[] answer(RankContext ctx, ClusteringSink sink, int member, long n) {
        try {
            return answer(sink.prefixFor(member, n), new RankPayload(ctx.emptyTrace(), ctx.tracer.sites().snapshot(), ctx.tracer.paths().snapshot()));
        } catch (RuntimeException e) { // a bug of ours: the asker still gets its answer
            ctx.disable(e);
            return ByteBuffer.allocate(4).putInt(0).array();
        }
    }

    /** An answer of {@code records} with the old lead's {@code tables}. */
    static byte[] answer(long[] records, RankPayload tables) {
        byte[] t = PayloadCodec.encode(tables);
        ByteBuffer b = ByteBuffer.allocate(4 + 8 * records.length + t.length).putInt(records.length);
        for (long w : records) b.putLong(w);
        return b.put(t).array();
    }

    /** The answer's records, their site ids those of {@code sites} (the asker's JVM's), the sites and calling contexts they name known there. */
    static long[] localRecords(SiteRegistry sites, CallPathRegistry paths, byte[] answer) throws TraceFormatException {
        ByteBuffer b = ByteBuffer.wrap(answer);
        long[] records = new long[b.getInt()];
        for (int i = 0; i < records.length; i++) records[i] = b.getLong();
        if (records.length == 0) return records;
        RankPayload tables = PayloadCodec.decode(Arrays.copyOfRange(answer, b.position(), answer.length));
        int[] ids = localSites(sites, tables.sites());
        for (CallPath p : tables.callPaths()) {
            int[] callers = p.callers().clone();
            for (int i = 0; i < callers.length; i++) if (callers[i] >= 0) callers[i] = local(ids, callers[i]);
            paths.register(p.signature(), local(ids, p.site()), callers);
        }
        for (int base = 0; base < records.length; base += Event.WORDS) {
            long word = records[base + Event.W_OP_SITE];
            records[base + Event.W_OP_SITE] = Event.pack(Event.high(word), local(ids, Event.low(word)));
        }
        return records;
    }

    /** The asker's id of each of the old lead's sites, by the old lead's id. */
    private static int[] localSites(SiteRegistry registry, List<CallSite> sites) {
        int size = 0;
        for (CallSite s : sites) size = Math.max(size, s.id() + 1);
        int[] ids = new int[size];
        Arrays.fill(ids, -1);
        for (CallSite s : sites) ids[s.id()] = registry.intern(s.className(), s.methodName(), s.line(), s.ordinal(), s.api());
        return ids;
    }

    private static int local(int[] ids, int site) {
        if (site < 0 || site >= ids.length || ids[site] < 0) throw new IllegalStateException("the old lead's records name site " + site + ", not in its table");
        return ids[site];
    }
}
