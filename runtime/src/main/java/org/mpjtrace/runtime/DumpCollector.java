package org.mpjtrace.runtime;

import java.util.List;
import org.mpjtrace.trace.CallSite;
import org.mpjtrace.trace.JobMeta;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.SiteTableMerger;
import org.mpjtrace.trace.io.PayloadCodec;
import org.mpjtrace.trace.io.RankPayload;
import org.mpjtrace.trace.io.TraceWriter;

/**
 * Dump mode's end of job, run by every rank at MPI.Finalize: each rank sends its trace (with its JVM's
 * call-site table) to rank 0 over the tracer's private communicator; rank 0 unifies the site tables and
 * writes one trace file. With niodev the ranks are separate JVMs, so messages are the only way; in
 * multicore mode the same path is used so both devices are exercised alike.
 *
 * <p>Point-to-point byte messages are used rather than a Reduce with a user-defined Op: a user Op
 * would need an mpi.User_function subclass defined in each rank's class loader, while byte messages
 * need nothing but reflection on the rank's Comm. Rank 0 receives in rank order and writes each
 * trace as it arrives, so it never holds more than one other rank's trace.
 *
 * <p>A rank whose tracing failed still takes part (with what it has and why it stopped), so rank 0
 * never waits for a message that will not come.
 */
final class DumpCollector {
    private static final int TAG = 0x6d70_7400; // "mpt\0"; and TAG + 1 for the data message

    private DumpCollector() {}

    static void collect(RankContext ctx) {
        byte[] mine;
        try {
            ctx.awaitDrained();
            mine = PayloadCodec.encode(new RankPayload(ctx.toTrace(), ctx.tracer.sites.snapshot()));
        } catch (Throwable t) {
            ctx.disable(t);
            mine = emptyPayload(ctx);
        }
        try {
            if (ctx.rank != 0) {
                ctx.mpj.sendBytes(ctx.privateComm, mine, 0, TAG);
            } else {
                writeTrace(ctx, mine);
            }
        } catch (Throwable t) {
            TracerLog.line("rank " + ctx.rank + ": could not " + (ctx.rank == 0 ? "write the trace " + ctx.tracer.config.output : "send its trace to rank 0")
                    + " (" + TracerLog.describe(t) + ")");
        }
    }

    private static void writeTrace(RankContext ctx, byte[] mine) throws Exception {
        TracerConfig config = ctx.tracer.config;
        CallSite init = ctx.tracer.sites.site(ctx.initSite);
        JobMeta meta = new JobMeta(config.mode, ctx.mpj.device(), ctx.size, ctx.initMillis, System.currentTimeMillis(),
                init == null ? "" : init.className(), config.given, Tracer.VERSION);
        SiteTableMerger merger = new SiteTableMerger();
        try (TraceWriter writer = TraceWriter.create(config.output, meta)) {
            for (int r = 0; r < ctx.size; r++) {
                byte[] bytes = r == 0 ? mine : ctx.mpj.recvBytes(ctx.privateComm, r, TAG);
                RankPayload payload = PayloadCodec.decode(bytes);
                writer.writeRank(merger.remap(payload.trace(), payload.sites()));
            }
            writer.writeSites(merger.sites());
            writer.commit();
        }
    }

    private static byte[] emptyPayload(RankContext ctx) {
        RankTrace empty = new RankTrace(ctx.rank, ctx.host, ctx.initNanos, 0, new long[0], List.of(), List.of(), List.of(),
                new org.mpjtrace.trace.RankStats(0, 0, 1, "internal error while collecting the trace"));
        return PayloadCodec.encode(new RankPayload(empty, List.of()));
    }
}
