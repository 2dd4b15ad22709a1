package org.mpjtrace.runtime;

import java.util.List;
import org.mpjtrace.trace.CallPath;
import org.mpjtrace.trace.CallSite;
import org.mpjtrace.trace.JobMeta;
import org.mpjtrace.trace.RankStats;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.SiteTableMerger;
import org.mpjtrace.trace.io.PayloadCodec;
import org.mpjtrace.trace.io.RankPayload;
import org.mpjtrace.trace.io.TraceFormatException;
import org.mpjtrace.trace.io.TraceWriter;

/**
 * Dump mode's end of job, run by every rank at MPI.Finalize: each rank sends its trace (with its JVM's
 * call-site and call-path tables) to rank 0 over the tracer's private communicator; rank 0 unifies the
 * tables and writes one trace file. With niodev the ranks are separate JVMs, so messages are the only way; in
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
            // Paths before sites: every site a path names was interned before the path was registered.
            List<CallPath> paths = ctx.tracer.paths.snapshot();
            mine = PayloadCodec.encode(new RankPayload(ctx.toTrace(), ctx.tracer.sites.snapshot(), paths));
        } catch (Throwable t) {
            ctx.disable(t);
            mine = emptyPayload(ctx);
        }
        if (ctx.rank != 0) {
            try {
                ctx.mpj.sendBytes(ctx.privateComm, mine, 0, TAG);
            } catch (Throwable t) {
                TracerLog.line("rank " + ctx.rank + ": could not send its trace to rank 0 (" + TracerLog.describe(t) + ")");
            }
        } else {
            gatherAndWrite(ctx, mine);
        }
    }

    /**
     * Rank 0: receives every rank's trace and writes the file. It receives all of them even when the
     * file cannot be written (a missing directory, a full disk): the other ranks are blocked sending,
     * and the program must finish whatever happens to its trace.
     */
    private static void gatherAndWrite(RankContext ctx, byte[] mine) {
        TracerConfig config = ctx.tracer.config;
        CallSite init = ctx.tracer.sites.site(ctx.initSite);
        JobMeta meta = new JobMeta(config.mode, ctx.mpj.device(), ctx.size, ctx.initMillis, System.currentTimeMillis(),
                init == null ? "" : init.className(), config.given, Tracer.VERSION);
        boolean context = config.stackDepth > 0;
        SiteTableMerger merger = new SiteTableMerger(context);
        TraceWriter writer = null;
        Throwable failure = null;
        try {
            writer = TraceWriter.create(config.output, meta);
        } catch (Throwable t) {
            failure = t;
        }
        for (int r = 0; r < ctx.size; r++) {
            byte[] bytes;
            try {
                bytes = r == 0 ? mine : ctx.mpj.recvBytes(ctx.privateComm, r, TAG);
            } catch (Throwable t) {
                failure = failure == null ? t : failure;
                break; // MPJ itself failed: nothing more can be received
            }
            if (failure != null) continue;
            try {
                writer.writeRank(readable(r, bytes, merger));
            } catch (Throwable t) {
                failure = t;
            }
        }
        try {
            if (failure == null) {
                writer.writeSites(merger.sites());
                if (context) writer.writeCallPaths(merger.callPaths());
                writer.commit();
            }
        } catch (Throwable t) {
            failure = t;
        } finally {
            closeQuietly(writer);
        }
        if (failure != null)
            TracerLog.line("rank 0: could not write the trace " + config.output + " (" + TracerLog.describe(failure) + ")");
    }

    private static void closeQuietly(TraceWriter writer) {
        if (writer == null) return;
        try {
            writer.close();
        } catch (Throwable ignored) {
            // Closing only removes the temporary file; the failure that matters was reported.
        }
    }

    /**
     * Rank r's trace with its sites renumbered into the merged table; if its payload cannot be read
     * (a bug of ours), an empty trace saying why, so the other ranks' traces are still written.
     */
    private static RankTrace readable(int r, byte[] bytes, SiteTableMerger merger) {
        try {
            RankPayload payload = PayloadCodec.decode(bytes);
            if (payload.trace().rank() != r) throw new IllegalArgumentException("rank " + r + " sent the trace of rank " + payload.trace().rank());
            return merger.remap(payload.trace(), payload.sites(), payload.callPaths());
        } catch (TraceFormatException | RuntimeException e) {
            String reason = "its trace could not be read at rank 0: " + TracerLog.describe(e);
            TracerLog.line("rank " + r + ": " + reason);
            return empty(r, "unknown", 0, reason);
        }
    }

    private static byte[] emptyPayload(RankContext ctx) {
        return PayloadCodec.encode(new RankPayload(empty(ctx.rank, ctx.host, ctx.initNanos, "internal error while collecting the trace"), List.of()));
    }

    private static RankTrace empty(int rank, String host, long initNanos, String reason) {
        return new RankTrace(rank, host, initNanos, 0, new long[0], List.of(), List.of(), List.of(), new RankStats(0, 0, 1, reason));
    }
}
