package org.mpjtrace.runtime.collective;

import org.mpjtrace.runtime.config.TracerLog;
import org.mpjtrace.runtime.rank.RankContext;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.mpjtrace.trace.CallPath;
import org.mpjtrace.trace.CallSite;
import org.mpjtrace.trace.JobMeta;
import org.mpjtrace.trace.SiteTableMerger;
import org.mpjtrace.trace.cluster.Clustering;
import org.mpjtrace.trace.cluster.MarkerChoice;
import org.mpjtrace.trace.cluster.MarkerLog;
import org.mpjtrace.trace.cluster.MarkerRecord;
import org.mpjtrace.trace.global.GlobalEvent;
import org.mpjtrace.trace.global.GlobalLoop;
import org.mpjtrace.trace.global.GlobalNode;
import org.mpjtrace.trace.global.GlobalTrace;
import org.mpjtrace.trace.global.OnlineTrace;
import org.mpjtrace.trace.io.TraceWriter;

/**
 * Rank 0's side of mode chameleon: the online global trace the leads' merged blocks are appended to,
 * the unified call-site table their site ids refer to, and the marker log; after every merge the whole
 * trace file is rewritten (temporary file, then an atomic rename), so a job killed at any moment leaves
 * a readable trace holding everything up to its last merge (or the one before, if it is killed while the
 * writer thread is still writing the last one).
 *
 * <p>Rank 0 does at a marker only what the other ranks wait for (the vote, clustering, taking the leads'
 * messages in); decoding and merging those messages, appending, recording the marker and rewriting the
 * file run on the writer thread, one marker after the other, while rank 0 is back in the application.
 * State the two threads share is guarded by this object.
 */
final class OnlineTraceFile {
    /** What a marker's record says, once the writer knows how many calls it merged and how long it took. */
    interface RecordOf {
        MarkerRecord of(long mergedCalls, long nanos);
    }

    private final RankContext ctx;
    private final SiteTableMerger sites;
    private final OnlineTrace online = new OnlineTrace();
    private final List<Clustering> clusterings = new ArrayList<>();
    private final List<MarkerRecord> records = new ArrayList<>();
    /** Marker auto's choices, and the candidate collectives rank 0 made by the last one it told; -1 for other rules. */
    private final List<MarkerChoice> choices = new ArrayList<>();
    private long candidates;
    /** Stack signatures the online trace carries: only their call paths go into the file. */
    private final Set<Long> stacks = new HashSet<>();
    /** Touched by the writer thread only. */
    private boolean writeFailed;
    /** Markers handed to the writer thread and not done yet, and how many of them rewrite the file. Guarded by this. */
    private int queued;
    private int queuedRewrites;
    private ExecutorService writerThread;

    OnlineTraceFile(RankContext ctx) {
        this.ctx = ctx;
        this.sites = new SiteTableMerger(false);
        this.candidates = ctx.tracer.config().marker.isAuto() ? 0 : -1;
    }

    /** The merged table's id of each site of a JVM's table, adding that JVM's sites and call paths. */
    synchronized int[] siteMap(String who, List<CallSite> jvmSites, List<CallPath> jvmPaths) {
        return sites.add(who, jvmSites, jvmPaths);
    }

    /** {@link #siteMap} of rank 0's own JVM, as its tables are now. */
    int[] ownSiteMap() {
        List<CallPath> paths = ctx.tracer.paths().snapshot(); // paths before sites: every site a path names is interned
        return siteMap("rank 0", ctx.tracer.sites().snapshot(), paths);
    }

    /** The unified site table; read it only after {@link #finishRewrites}. */
    SiteTableMerger sites() {
        return sites;
    }

    /** Marker auto chose {@code c}, having seen {@code seen} candidate collectives. */
    synchronized void addChoice(MarkerChoice c, long seen) {
        choices.add(c);
        candidates = seen;
    }

    /** Marker auto saw {@code seen} candidate collectives so far. */
    synchronized void noteCandidates(long seen) {
        candidates = seen;
    }

    synchronized int addClustering(Clustering c) {
        clusterings.add(c);
        return clusterings.size() - 1;
    }

    /**
     * Rank 0 after its part of a marker, {@code rank0Nanos} of work ({@code rank0MergeNanos} of it taking
     * the leads' messages in): on the writer thread, in marker order, merges what arrived (if this marker
     * merged) into the online trace, records the marker, and rewrites the file with {@code meta} when it
     * is given and no later marker that rewrites it is waiting. A failure there is an internal
     * error of rank 0's tracer: one line, tracing off, the program runs on.
     */
    void afterMarker(LeadMerge.Arrivals arrivals, long rank0Nanos, long rank0MergeNanos, RecordOf record, JobMeta meta) {
        synchronized (this) {
            queued++;
            if (meta != null) queuedRewrites++;
        }
        writer().execute(() -> {
            try {
                long start = System.nanoTime();
                GlobalTrace block = arrivals == null ? null : LeadMerge.merged(ctx, arrivals, this);
                long mergeNanos = System.nanoTime() - start;
                if (block != null) append(block.withMergeNanos(rank0MergeNanos + mergeNanos));
                record(record.of(block == null ? 0 : block.calls(), rank0Nanos + mergeNanos));
                if (meta != null && !laterRewriteQueued()) write(snapshot(meta), "at a marker");
            } catch (Throwable t) {
                ctx.disable(t);
            } finally {
                synchronized (this) {
                    queued--;
                    if (meta != null) queuedRewrites--;
                    notifyAll();
                }
            }
        });
    }

    private synchronized void append(GlobalTrace block) {
        collectStacks(block.nodes());
        online.append(block);
    }

    private synchronized void record(MarkerRecord r) {
        records.add(r);
    }

    private synchronized boolean laterRewriteQueued() {
        return queuedRewrites > 1;
    }

    /** The online trace; read it only after {@link #finishRewrites}. */
    synchronized GlobalTrace trace() {
        return online.trace();
    }

    synchronized MarkerLog log(boolean finished) {
        return new MarkerLog(ctx.size, clusterings, records, finished, choices, candidates);
    }

    /** Waits until the writer thread has done every marker handed to it, then stops it: the final write takes the file. */
    void finishRewrites() {
        synchronized (this) {
            while (queued > 0) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
            if (writerThread != null) writerThread.shutdown();
        }
    }

    /**
     * The job ends before MPI.Finalize: lets the writer thread finish what it was given (so the last
     * marker's merge is in, and no temp file is left half written), then rewrites the file once more with
     * {@code meta}, which says how the job ended.
     */
    void writeAtExit(JobMeta meta) {
        finishRewrites();
        write(snapshot(meta), "as the job ended");
    }

    private record Snapshot(JobMeta meta, GlobalTrace trace, MarkerLog log, List<CallSite> sites, List<CallPath> paths) {}

    private synchronized Snapshot snapshot(JobMeta meta) {
        return new Snapshot(meta, online.trace(), log(false), sites.sites(), ctx.tracer.config().stackDepth > 0 ? usedPaths() : null);
    }

    private Executor writer() {
        if (writerThread == null) {
            writerThread = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(null, r, "mpjtrace-writer", 0, false); // takes no thread number of the rank
                t.setDaemon(true); // a job that never reaches Finalize must still be able to exit
                return t;
            });
        }
        return writerThread;
    }

    /** A failure is reported once and the job runs on; the next merge tries again. {@code when}: for the message. */
    private void write(Snapshot s, String when) {
        try (TraceWriter writer = TraceWriter.create(ctx.output(), s.meta())) {
            writer.writeGlobal(s.trace());
            writer.writeMarkers(s.log());
            writer.writeSites(s.sites());
            if (s.paths() != null) writer.writeCallPaths(s.paths());
            writer.commit();
            writeFailed = false;
        } catch (Throwable t) {
            if (!writeFailed)
                TracerLog.line("rank 0: could not write the trace " + ctx.output() + " " + when + " (" + TracerLog.describe(t) + ")");
            writeFailed = true;
        }
    }

    /** The call paths of the online trace's stack signatures. */
    synchronized List<CallPath> usedPaths() {
        List<CallPath> used = new ArrayList<>();
        for (CallPath p : sites.allCallPaths()) if (stacks.contains(p.signature())) used.add(p);
        return used;
    }

    private void collectStacks(List<GlobalNode> nodes) {
        for (GlobalNode n : nodes) {
            if (n instanceof GlobalEvent e) stacks.add(e.stack());
            else collectStacks(((GlobalLoop) n).body());
        }
    }
}
