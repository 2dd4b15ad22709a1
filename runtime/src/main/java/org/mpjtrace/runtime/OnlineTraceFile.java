package org.mpjtrace.runtime;

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
 */
final class OnlineTraceFile {
    private final RankContext ctx;
    private final SiteTableMerger sites;
    private final OnlineTrace online = new OnlineTrace();
    private final List<Clustering> clusterings = new ArrayList<>();
    private final List<MarkerRecord> records = new ArrayList<>();
    /** Stack signatures the online trace carries: only their call paths go into the file. */
    private final Set<Long> stacks = new HashSet<>();
    /** Touched by the writer thread only. */
    private boolean writeFailed;
    /** Guarded by this: the next rewrite to make, and whether one is being made. */
    private Snapshot pending;
    private boolean writing;
    private ExecutorService writerThread;

    OnlineTraceFile(RankContext ctx) {
        this.ctx = ctx;
        this.sites = new SiteTableMerger(false);
    }

    /** The merged table's id of each site of a JVM's table, adding that JVM's sites and call paths. */
    int[] siteMap(String who, List<CallSite> jvmSites, List<CallPath> jvmPaths) {
        return sites.add(who, jvmSites, jvmPaths);
    }

    /** {@link #siteMap} of rank 0's own JVM, as its tables are now. */
    int[] ownSiteMap() {
        List<CallPath> paths = ctx.tracer.paths.snapshot(); // paths before sites: every site a path names is interned
        return siteMap("rank 0", ctx.tracer.sites.snapshot(), paths);
    }

    SiteTableMerger sites() {
        return sites;
    }

    int addClustering(Clustering c) {
        clusterings.add(c);
        return clusterings.size() - 1;
    }

    void append(GlobalTrace block) {
        collectStacks(block.nodes());
        online.append(block);
    }

    void record(MarkerRecord r) {
        records.add(r);
    }

    GlobalTrace trace() {
        return online.trace();
    }

    MarkerLog log(boolean finished) {
        return new MarkerLog(ctx.size, clusterings, records, finished);
    }

    /**
     * Has the file rewritten with what is merged so far (no rank sections: those come at Finalize). The
     * contents are taken now, on rank 0's thread; encoding and writing happen on the writer thread, so
     * rank 0 is back in the application at once. A rewrite still waiting when the next one comes is
     * dropped: the newer one holds all it held.
     */
    void rewrite(JobMeta meta) {
        Snapshot s = new Snapshot(meta, trace(), log(false), sites.sites(), ctx.tracer.config.stackDepth > 0 ? usedPaths() : null);
        synchronized (this) {
            boolean idle = pending == null && !writing;
            pending = s;
            if (idle) writer().execute(this::writePending);
        }
    }

    /** Waits until no rewrite is pending or running and stops the writer thread: the final write takes the file. */
    void finishRewrites() {
        synchronized (this) {
            while (pending != null || writing) {
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

    private record Snapshot(JobMeta meta, GlobalTrace trace, MarkerLog log, List<CallSite> sites, List<CallPath> paths) {}

    private Executor writer() {
        if (writerThread == null) {
            writerThread = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "mpjtrace-writer");
                t.setDaemon(true); // a job that never reaches Finalize must still be able to exit
                return t;
            });
        }
        return writerThread;
    }

    private void writePending() {
        while (true) {
            Snapshot s;
            synchronized (this) {
                s = pending;
                pending = null;
                writing = s != null;
                if (s == null) {
                    notifyAll();
                    return;
                }
            }
            write(s);
            synchronized (this) {
                writing = false;
                notifyAll();
            }
        }
    }

    /** A failure is reported once and the job runs on; the next merge tries again. */
    private void write(Snapshot s) {
        try (TraceWriter writer = TraceWriter.create(ctx.tracer.config.output, s.meta())) {
            writer.writeGlobal(s.trace());
            writer.writeMarkers(s.log());
            writer.writeSites(s.sites());
            if (s.paths() != null) writer.writeCallPaths(s.paths());
            writer.commit();
            writeFailed = false;
        } catch (Throwable t) {
            if (!writeFailed)
                TracerLog.line("rank 0: could not write the trace " + ctx.tracer.config.output + " at a marker (" + TracerLog.describe(t) + "); will retry at the next merge");
            writeFailed = true;
        }
    }

    /** The call paths of the online trace's stack signatures. */
    List<CallPath> usedPaths() {
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
