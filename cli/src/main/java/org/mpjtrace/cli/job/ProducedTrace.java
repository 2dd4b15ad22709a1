package org.mpjtrace.cli.job;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.mpjtrace.cli.format.GlobalSummary;
import org.mpjtrace.cli.format.MarkerLogText;
import org.mpjtrace.cli.format.Units;
import org.mpjtrace.trace.JobMeta;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.global.OwnCallCounts;
import org.mpjtrace.trace.io.TraceFormatException;
import org.mpjtrace.trace.io.TraceReader;

/**
 * Checks the trace a job should have written: it exists, this job wrote it (not an older run), and it
 * reads back. The starter exits 0 even when a rank throws, so the file is the real evidence of success.
 */
final class ProducedTrace {
    private final Path file;
    private final String label;
    private TraceFile trace;
    private String problem;
    private boolean written;

    /**
     * @param file         absolute path of the trace
     * @param label        the path as the user named it, for messages
     * @param jobStartMillis wall clock just before the starter was launched
     */
    ProducedTrace(Path file, String label, long jobStartMillis) {
        this.file = file;
        this.label = label;
        check(jobStartMillis);
    }

    private void check(long jobStartMillis) {
        if (!Files.isRegularFile(file)) {
            problem = "no trace file was written to " + label;
            return;
        }
        long modified;
        try {
            modified = Files.getLastModifiedTime(file).toMillis();
        } catch (IOException e) {
            problem = "cannot read " + label + ": " + e.getMessage();
            return;
        }
        if (!writtenSince(modified, jobStartMillis)) {
            problem = "the job did not write a trace: " + label + " is from an earlier run";
            return;
        }
        written = true;
        try {
            trace = TraceReader.read(file);
        } catch (TraceFormatException e) {
            problem = "the trace it wrote is unreadable: " + e.getMessage();
            return;
        } catch (IOException | RuntimeException e) {
            problem = "cannot read " + label + ": " + e.getMessage();
            return;
        }
        // A job that ends before MPI.Finalize (System.exit, a rank that throws, a signal) may end with the
        // starter's exit code 0 all the same; the file then says how it ended, and holds the calls up to
        // then (in the clustering modes, what was merged up to the last marker).
        String interim = trace.markers() == null ? null : MarkerLogText.interimNote(trace.markers());
        String ending = trace.meta().ending();
        if (interim != null) {
            problem = interim + (JobMeta.RUNNING.equals(ending) ? "" : ", ended by " + ending) + " (" + label + " keeps what was merged until then)";
            trace = null;
        } else if (!JobMeta.AT_FINALIZE.equals(ending)) {
            int held = trace.ranks().size(), world = trace.meta().worldSize();
            problem = "the job ended by " + ending + "; " + label + " keeps the calls of "
                    + (held == world ? "every rank" : held + " of " + world + " ranks") + " until then";
            trace = null;
        }
    }

    /**
     * Whether a file modified at {@code modified} was written after {@code start}. File systems that keep
     * whole seconds round modification times down, so on those the start is rounded down as well.
     */
    static boolean writtenSince(long modified, long start) {
        if (modified >= start) return true;
        return modified % 1000 == 0 && modified >= start - start % 1000;
    }

    /** Whether this job wrote the file, readable or not. */
    boolean written() {
        return written;
    }

    /** Null when the trace is fine, else one line saying what is wrong. */
    String problem() {
        return problem;
    }

    TraceFile trace() {
        return trace;
    }

    /**
     * {@code 16 ranks, 123456 events, 2.1 MB}; for a full-mode trace the calls its global trace stands for;
     * for a trace of a clustering mode also the clusters in force at the end and the markers acted on.
     */
    String summary() {
        long events = 0;
        for (RankTrace r : trace.ranks()) events += r.eventCount();
        int world = trace.meta().worldSize();
        int present = trace.ranks().size();
        String ranks = present == world ? world + " ranks" : present + " of " + world + " ranks";
        long size;
        try {
            size = Files.size(file);
        } catch (IOException e) {
            size = -1;
        }
        String calls = trace.global() == null ? events + " events"
                : OwnCallCounts.total(trace) + " calls in a compressed trace of " + trace.global().nodeCount() + " nodes";
        String clustering = trace.markers() == null ? "" : ", " + MarkerLogText.clustersAndMarkers(trace.markers());
        return ranks + ", " + calls + clustering + (size >= 0 ? ", " + Units.fileSize(size) + compression(size) : "");
    }

    /**
     * {@code , at least 36.2 : 1 against a dump}: a compressed trace's file against the dump of the same
     * run (kept with keepDump, else its calls rebuilt and written without times, whose size is a lower
     * bound, as is the ratio then), for jobs of up to 2 million calls, whose
     * dump is written in a second or so; {@code stats} gives it for any trace.
     */
    private String compression(long size) {
        if (trace.global() == null || trace.global().calls() > 2_000_000 || size <= 0) return "";
        try {
            boolean kept = trace.ranks().stream().anyMatch(r -> r.eventCount() > 0);
            return ", " + (kept ? "" : "at least ") + String.format("%.1f", (double) GlobalSummary.dumpBytes(trace) / size) + " : 1 against a dump";
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }
}
