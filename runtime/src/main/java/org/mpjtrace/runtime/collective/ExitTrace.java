package org.mpjtrace.runtime.collective;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.mpjtrace.runtime.config.TracerConfig;
import org.mpjtrace.runtime.config.TracerLog;
import org.mpjtrace.runtime.rank.RankContext;
import org.mpjtrace.runtime.rank.Tracer;
import org.mpjtrace.trace.CallPath;
import org.mpjtrace.trace.CallSite;
import org.mpjtrace.trace.JobMeta;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.SiteTableMerger;
import org.mpjtrace.trace.global.GlobalTrace;
import org.mpjtrace.trace.global.SiteRenumbering;
import org.mpjtrace.trace.global.TraceMerge;
import org.mpjtrace.trace.io.TraceWriter;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * The trace of a job that ends before MPI.Finalize: System.exit, an uncaught exception that ends the
 * JVM, main returning without Finalize, or SIGTERM/SIGINT. A JVM shutdown hook, armed by the JVM's
 * first rank, writes what this JVM holds, with MPJ out of use (the other ranks may be gone or blocked):
 * <ul>
 *   <li>dump and full: the JVM that runs rank 0 writes the sections of the ranks it runs (in multicore
 *       mode every rank, so the whole job up to the exit), full mode merged as at Finalize but in
 *       process; a JVM without rank 0 (niodev) writes nothing, and the file says which ranks it holds;</li>
 *   <li>the clustering modes: rank 0 lets its writer thread finish the last marker's merge and rewrites
 *       the file, which holds everything merged up to the last marker and leaves no temp file behind.</li>
 * </ul>
 * The file's metadata says how the job ended ({@link JobMeta#ending}); {@code mpjtrace run} reports
 * such a job as failed, with its trace. SIGKILL runs no hook: the clustering modes' file from the last
 * marker is what remains. The hook does nothing when none of the JVM's ranks reached MPI.Init, or when
 * rank 0's collection at MPI.Finalize wrote the trace. That collection waits for every rank, so when a
 * rank ends without MPI.Finalize while the others wait there (it threw), it never ends: then the hook
 * writes the trace as above. It waits for a collection that can still end: up to {@link
 * #COLLECTION_WAIT_MILLIS} where every rank is in this JVM and reached MPI.Finalize, {@link
 * #REMOTE_WAIT_MILLIS} where the other ranks run in JVMs of their own (niodev), whose state it cannot see.
 * Last, a JVM whose ranks ended before MPI.Finalize tells {@code mpjtrace run} so ({@link EndedEarlyNote}), which
 * then stops the niodev job's other ranks rather than wait for them for good.
 */
final class ExitTrace {
    private static final AtomicBoolean INSTALLED = new AtomicBoolean();
    /** Longest wait for rank 0's collection at MPI.Finalize when every rank of the job is in it, in this JVM. */
    static final long COLLECTION_WAIT_MILLIS = 30_000;
    /** Longest wait for rank 0's collection when the other ranks run elsewhere and may be gone. */
    static final long REMOTE_WAIT_MILLIS = 5_000;
    /** The signal that started the shutdown ("SIGTERM"), or null for an exit from within the program. */
    private static volatile String signal;

    private ExitTrace() {}

    static void installOnce(Tracer tracer) {
        if (!INSTALLED.compareAndSet(false, true)) return;
        try {
            Runtime.getRuntime().addShutdownHook(new Thread(null, () -> write(tracer), "mpjtrace-exit", 0, false));
        } catch (Throwable t) {
            TracerLog.line("cannot write a trace should the job end before MPI.Finalize (" + TracerLog.describe(t) + ")");
            return;
        }
        noteSignal("TERM");
        noteSignal("INT");
    }

    /**
     * Chains a handler before the JVM's own for {@code name}, only to know which signal ended the job;
     * the JVM's handler (or the program's, installed later, which then replaces ours) acts as before.
     */
    private static void noteSignal(String name) {
        try {
            Signal sig = new Signal(name);
            SignalHandler[] previous = new SignalHandler[1];
            previous[0] = Signal.handle(sig, s -> {
                signal = "SIG" + name;
                SignalHandler next = previous[0];
                if (next == SignalHandler.SIG_DFL) Runtime.getRuntime().exit(128 + s.getNumber());
                else if (next != SignalHandler.SIG_IGN && next != null) next.handle(s);
            });
            if (previous[0] == SignalHandler.SIG_IGN) Signal.handle(sig, SignalHandler.SIG_IGN); // ignored stays ignored
        } catch (Throwable t) {
            // -Xrs, or a platform without the signal: the ending is then reported as an exit.
        }
    }

    private static void write(Tracer tracer) {
        try {
            List<RankContext> ranks = new ArrayList<>(tracer.ranks());
            if (ranks.isEmpty()) return;
            // The session the job was in when it ended; earlier sessions' traces were written at their Finalize.
            int session = ranks.stream().mapToInt(c -> c.session).max().getAsInt();
            ranks.removeIf(c -> c.session != session);
            ranks.sort(Comparator.comparingInt(c -> c.rank));
            String how = signal != null ? signal : "exit";
            // niodev: run stops the other ranks, which would wait for these for good; rank 0's JVM says so once its trace is written.
            List<Integer> unfinished = ranks.stream().filter(c -> !c.finalizeSeen()).map(c -> c.rank).toList();
            RankContext zero = ranks.get(0).rank == 0 ? ranks.get(0) : null;
            if (zero == null) {
                EndedEarlyNote.write(unfinished, how);
                return;
            }
            try {
                if (zero.collectives() instanceof Collectives col && col.finalizeReached() && col.collectedWithin(collectionWait(ranks, zero))) return;
                TraceCollector.abandonOpenFiles();
                for (RankContext c : ranks) c.stopTracing();
                JobMeta meta = zero.meta(System.currentTimeMillis(), JobMeta.before(how));
                MarkerStateMachine markers = zero.collectives() instanceof Collectives col ? col.markers() : null;
                if (markers != null) markers.file().writeAtExit(meta);
                else writeHeld(tracer, ranks, zero.output(), meta);
                ProgressFile.remove(zero);
            } finally {
                EndedEarlyNote.write(unfinished, how);
            }
        } catch (Throwable t) {
            TracerLog.line("could not write the trace as the job ended before MPI.Finalize (" + TracerLog.describe(t) + ")");
        }
    }

    /**
     * How long rank 0's collection may still take to write the trace: none when a rank of this JVM never
     * reached MPI.Finalize (the collection waits for it in vain), and when every rank is here and did, as
     * long as a collection takes.
     */
    static long collectionWait(List<RankContext> ranks, RankContext zero) {
        if (ranks.size() < zero.size) return REMOTE_WAIT_MILLIS;
        for (RankContext c : ranks)
            if (!(c.collectives() instanceof Collectives col && col.finalizeReached())) return 0;
        return COLLECTION_WAIT_MILLIS;
    }

    /** Modes dump and full: the sections (and in mode full the merged trace) of the ranks this JVM runs. */
    private static void writeHeld(Tracer tracer, List<RankContext> ranks, Path output, JobMeta meta) throws Exception {
        TracerConfig config = tracer.config();
        boolean context = config.stackDepth > 0;
        List<CallPath> paths = tracer.paths().snapshot(); // paths before sites, as at Finalize
        List<CallSite> sites = tracer.sites().snapshot();
        SiteTableMerger merger = new SiteTableMerger(context);
        GlobalTrace global = null;
        try (TraceWriter writer = TraceWriter.create(output, meta)) {
            for (RankContext c : ranks) {
                c.drainRings();
                RankTrace section = merger.remap(c.toTrace(null), sites, paths);
                writer.writeRank(section);
                if (c.loops != null) {
                    GlobalTrace mine = SiteRenumbering.renumber(GlobalTrace.ofRank(c.rank, c.loops.nodes()), merger.mapOf(sites));
                    global = global == null ? mine : TraceMerge.merge(global, mine);
                }
            }
            if (global != null) writer.writeGlobal(global);
            writer.writeSites(merger.sites());
            // A compressed trace's stacks are the global trace's, not its sections' events: every path goes in,
            // cut at commit to what the trace names (SitePruning).
            if (context) writer.writeCallPaths(global != null ? merger.allCallPaths() : merger.callPaths());
            writer.commit();
        }
    }
}
