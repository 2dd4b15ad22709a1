package org.mpjtrace.runtime.collective;

import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.mpjtrace.runtime.config.TracerConfig;
import org.mpjtrace.runtime.config.TracerLog;
import org.mpjtrace.runtime.rank.RankContext;
import org.mpjtrace.trace.CallPath;
import org.mpjtrace.trace.JobMeta;
import org.mpjtrace.trace.RankStats;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.SiteTableMerger;
import org.mpjtrace.trace.global.ComputeCalibration;
import org.mpjtrace.trace.global.GlobalTrace;
import org.mpjtrace.trace.global.LoopFit;
import org.mpjtrace.trace.global.StackSummaryPruning;
import org.mpjtrace.trace.io.PayloadCodec;
import org.mpjtrace.trace.io.RankPayload;
import org.mpjtrace.trace.io.TraceFormatException;
import org.mpjtrace.trace.io.TraceWriter;

/**
 * The end of a job, run by every rank at MPI.Finalize while MPJ still works, over the tracer's private
 * communicator (with niodev the ranks are separate JVMs, so messages are the only way; in multicore
 * mode the same path is used so both devices are exercised alike).
 * <ol>
 *   <li>The clustering modes first take their state F (MarkerStateMachine.onFinalize): the last
 *       clustering and merge into rank 0's online trace.</li>
 *   <li>Every rank sends rank 0 its section: its events in dump mode (or with keepDump), its tables,
 *       statistics and its JVM's call-site and call-path tables. Rank 0 unifies the tables and writes
 *       each section as it arrives, so it never holds more than one other rank's dump.</li>
 *   <li>Mode full: rank 0 sends each rank the unified id of each of its JVM's call sites, and the ranks
 *       merge their loop-compressed traces up a binomial tree to rank 0 ({@link FinalMerge}), which
 *       writes the merged trace.</li>
 *   <li>The clustering modes: rank 0 writes its online trace and marker log, in the site numbering it
 *       has kept since the first merge.</li>
 * </ol>
 * Point-to-point byte messages are used rather than a Reduce with a user-defined Op: a user Op would
 * need an mpi.User_function subclass defined in each rank's class loader, while byte messages need
 * nothing but reflection on the rank's Comm.
 *
 * <p>Every rank takes part in every step whatever fails (a rank whose tracing failed sends what it has
 * and why it stopped; rank 0 receives everything even when it cannot write the file), so no rank ever
 * waits for a message that will not come.
 */
final class TraceCollector {
    /** Rank 0's files being written at MPI.Finalize: a collection that will never end leaves its temp file to the exit. */
    private static final Set<TraceWriter> OPEN = new HashSet<>();
    /** The exit writes the trace: a collection still going on opens no file any more. Guarded by OPEN. */
    private static boolean abandoned;

    private TraceCollector() {}

    /**
     * The job ends while rank 0 still collects (it waits for a rank that is gone): its temp file goes, and
     * one it would open later is not made, so that the exit's trace is the only file left ({@link ExitTrace}).
     */
    static void abandonOpenFiles() {
        List<TraceWriter> open;
        synchronized (OPEN) {
            abandoned = true;
            open = List.copyOf(OPEN);
        }
        for (TraceWriter w : open) closeQuietly(w);
    }

    /** The file rank 0 writes at MPI.Finalize, or null when the exit has taken over. */
    private static TraceWriter open(RankContext ctx, JobMeta meta) throws IOException {
        synchronized (OPEN) {
            if (abandoned) return null;
            TraceWriter w = TraceWriter.create(ctx.output(), meta);
            OPEN.add(w);
            return w;
        }
    }

    /** @param markers the rank's marker state machine in the clustering modes, else null */
    static void collect(RankContext ctx, MarkerStateMachine markers) {
        ProgressFile.say(ctx, "MPI.Finalize: collecting" + (ctx.loops != null || markers != null ? " and merging" : "") + " the ranks' traces");
        if (markers != null) {
            try {
                markers.onFinalize();
            } catch (Throwable t) {
                ctx.disable(t);
            }
        }
        byte[] mine;
        try {
            ctx.drainRings();
            // Paths before sites: every site a path names was interned before the path was registered.
            List<CallPath> paths = ctx.tracer.paths().snapshot();
            mine = PayloadCodec.encode(new RankPayload(ctx.toTrace(markers == null ? null : markers.memory()), ctx.tracer.sites().snapshot(), paths));
        } catch (Throwable t) {
            ctx.disable(t);
            mine = emptyPayload(ctx);
        }
        if (ctx.rank != 0) {
            try {
                ctx.mpj.sendBytes(ctx.privateComm(), mine, 0, MessageTags.RANK_SECTION);
                if (ctx.loops != null) FinalMerge.mergeUp(ctx, ctx.mpj.recvInts(ctx.privateComm(), 0, MessageTags.SITE_MAP));
            } catch (Throwable t) {
                TracerLog.line("rank " + ctx.rank + ": could not send its trace to rank 0 (" + TracerLog.describe(t) + ")");
            }
        } else {
            gatherAndWrite(ctx, markers, mine);
        }
    }

    /**
     * Rank 0: receives every rank's trace and writes the file. It receives all of them even when the
     * file cannot be written (a missing directory, a full disk): the other ranks are blocked sending,
     * and the program must finish whatever happens to its trace.
     */
    private static void gatherAndWrite(RankContext ctx, MarkerStateMachine markers, byte[] mine) {
        TracerConfig config = ctx.tracer.config();
        JobMeta meta = ctx.meta(System.currentTimeMillis(), JobMeta.AT_FINALIZE);
        boolean context = config.stackDepth > 0;
        OnlineTraceFile online = markers == null ? null : markers.file();
        // Clustering modes: the online trace's site ids are the merger's that rank 0 has kept since the first merge.
        SiteTableMerger merger = online != null ? online.sites() : new SiteTableMerger(context);
        TraceWriter writer = null;
        Throwable failure = null;
        if (online != null) online.finishRewrites();
        try {
            writer = open(ctx, meta);
            if (writer == null) return; // the job is ending: the exit writes the trace
        } catch (Throwable t) {
            failure = t;
        }
        int[][] maps = new int[ctx.size][];
        // Clustering modes: the global trace is complete (the Finalize merge is done), so each rank's stack
        // summaries can calibrate its compute times and then be cut to what the trace gets wrong for the rank.
        GlobalTrace clustered = online != null ? online.trace() : null;
        ComputeCalibration calibration = clustered != null ? new ComputeCalibration(clustered) : null;
        for (int r = 0; r < ctx.size; r++) {
            byte[] bytes;
            try {
                bytes = r == 0 ? mine : ctx.mpj.recvBytes(ctx.privateComm(), r, MessageTags.RANK_SECTION);
            } catch (Throwable t) {
                failure = failure == null ? t : failure;
                break; // MPJ itself failed: nothing more can be received
            }
            RankTrace section = readable(r, bytes, merger, maps);
            if (failure != null) continue;
            if (clustered != null) section = calibrateAndPrune(calibration, clustered, ctx.size, section);
            try {
                writer.writeRank(section);
            } catch (Throwable t) {
                failure = t;
            }
        }
        GlobalTrace global = null;
        if (ctx.loops != null) {
            try {
                long start = System.nanoTime();
                for (int r = 1; r < ctx.size; r++) ctx.mpj.sendInts(ctx.privateComm(), maps[r] == null ? new int[0] : maps[r], r, MessageTags.SITE_MAP);
                global = FinalMerge.mergeUp(ctx, maps[0] == null ? new int[0] : maps[0]);
                global = global.withMergeNanos(System.nanoTime() - start);
            } catch (Throwable t) {
                failure = failure == null ? t : failure;
            }
        }
        if (online != null) global = calibrated(calibration, clustered);
        try {
            if (failure == null) {
                if (global != null) writer.writeGlobal(global);
                if (online != null) writer.writeMarkers(online.log(true));
                writer.writeSites(merger.sites());
                // Mode full's sections hold no events, so their stacks are the global trace's: every rank's paths
                // go in, and the writer cuts them to what the global trace names (SitePruning).
                if (context) writer.writeCallPaths(online != null ? online.usedPaths() : ctx.loops != null ? merger.allCallPaths() : merger.callPaths());
                writer.commit();
            }
        } catch (Throwable t) {
            failure = t;
        } finally {
            closeQuietly(writer);
        }
        boolean exitTookOver;
        synchronized (OPEN) {
            exitTookOver = abandoned;
        }
        if (failure != null && !exitTookOver)
            TracerLog.line("rank 0: could not write the trace " + ctx.output() + " (" + TracerLog.describe(failure) + ")");
        ProgressFile.remove(ctx);
    }

    private static void closeQuietly(TraceWriter writer) {
        if (writer == null) return;
        synchronized (OPEN) {
            OPEN.remove(writer);
        }
        try {
            writer.close();
        } catch (Throwable ignored) {
            // Closing only removes the temporary file; the failure that matters was reported.
        }
    }

    /** The global trace with its compute times calibrated; as recorded if that fails (a bug of ours). */
    private static GlobalTrace calibrated(ComputeCalibration calibration, GlobalTrace recorded) {
        try {
            return calibration.calibrated();
        } catch (RuntimeException e) {
            TracerLog.line("rank 0: the trace keeps its leads' compute times (" + TracerLog.describe(e) + ")");
            return recorded;
        }
    }

    /**
     * Takes in the rank's compute per stack and returns its section with only the stack summaries the trace
     * gets wrong for it, both from one walk of the rank's expansion; if that fails (a bug of ours), the
     * section as it was, its compute times left out of the calibration.
     */
    private static RankTrace calibrateAndPrune(ComputeCalibration calibration, GlobalTrace global, int worldSize, RankTrace section) {
        if (section.stackSummaries().isEmpty()) return section;
        try {
            LoopFit.Expanded expanded = LoopFit.expanded(global, section.rank());
            RankTrace pruned = StackSummaryPruning.prune(global, worldSize, section, expanded.calls());
            calibration.add(section, expanded);
            return pruned;
        } catch (RuntimeException e) {
            TracerLog.line("rank 0: the stack summaries of rank " + section.rank() + " were kept whole and its compute times left out of the calibration ("
                    + TracerLog.describe(e) + ")");
            return section;
        }
    }

    /**
     * Rank r's trace with its sites renumbered into the merged table; if its payload cannot be read
     * (a bug of ours), an empty trace saying why, so the other ranks' traces are still written.
     */
    private static RankTrace readable(int r, byte[] bytes, SiteTableMerger merger, int[][] maps) {
        try {
            RankPayload payload = PayloadCodec.decode(bytes);
            if (payload.trace().rank() != r) throw new IllegalArgumentException("rank " + r + " sent the trace of rank " + payload.trace().rank());
            RankTrace section = merger.remap(payload.trace(), payload.sites(), payload.callPaths());
            maps[r] = merger.mapOf(payload.sites());
            return section;
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
