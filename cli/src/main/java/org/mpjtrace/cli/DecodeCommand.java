package org.mpjtrace.cli;

import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.mpjtrace.cli.export.JsonLinesWriter;
import org.mpjtrace.cli.format.TimedCalls;
import org.mpjtrace.cli.export.output.WriteBehindStream;
import org.mpjtrace.cli.export.output.WriterStream;
import org.mpjtrace.cli.format.EventListing;
import org.mpjtrace.cli.format.GlobalListing;
import org.mpjtrace.cli.format.MarkerLogText;
import org.mpjtrace.cli.format.RefoldedRank;
import org.mpjtrace.cli.format.TraceHeader;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.global.GlobalTrace;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code mpjtrace decode}: the job's metadata, then every rank's events as text, one per line. */
@Command(name = "decode",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = {"Prints a trace file as text, one event per line.", "",
                "First the job's metadata (main class, and the class that called MPI.Init when it differs; how the job "
                        + "ended: at MPI.Finalize, not yet, or what ended it first), then per rank its events: index, op, call "
                        + "site, parameters, enter time (from the moment the rank entered MPI.Init) and duration, in microseconds. "
                        + "A rank whose threads called MPJ at once shows thread=N on every event (0: the thread that "
                        + "called MPI.Init); each thread's events are in its own order.",
                "A full-mode trace prints as its loop structure: loops with their iteration counts, events with "
                        + "their parameters (peers relative to the rank, counted round COMM_WORLD: r-4, and on 16 ranks r+1 of rank 15 is rank 0), each with the ranks that run it where "
                        + "they are not all of the enclosing loop's; --rank R shows what rank R runs, with its own "
                        + "values (a non-lead of a clustered trace whose section keeps values of its own: its own calls rebuilt and folded "
                        + "into loops again; past 2 million calls or with threads, its lead's, with a line saying what its section "
                        + "keeps); --expand --rank R prints rank R's calls one by one, with the times --format jsonl gives them.",
                "A trace of a clustering mode (chameleon, acurdion, reference) prints the same way; its header adds the "
                        + "marker rule, call frequency and K (and acurdion's choices), "
                        + "and says so when the job died before MPI.Finalize (the trace then holds what was merged up to "
                        + "its last marker).",
                "--format jsonl writes one JSON object per call instead, one per line, with no header: rank, thread, seq "
                        + "(index in its rank and thread), op, site, stack (the call site, then its callers, innermost first), "
                        + "the op's parameters (peer, tag, count, type, comm, root, ...; ANY_SOURCE, PROC_NULL and ANY_TAG as "
                        + "strings), bytes, start_ns (from the rank's MPI.Init) and dur_ns. For a trace of mode full or a "
                        + "clustering mode add --expand: every rank's calls (or rank R's), rebuilt one by one as replay makes them, a "
                        + "non-lead's from its lead's with the peers, counts, arguments and loop counts its section keeps of its "
                        + "own, each starting its mean compute time after its thread's previous call and lasting its mean "
                        + "time inside."})
final class DecodeCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "trace file")
    Path file;

    @Option(names = "--rank", paramLabel = "R", description = "only this rank")
    Integer rank;

    @Option(names = "--limit", paramLabel = "N", description = "at most N events per rank (default: all)")
    Long limit;

    @Option(names = "--expand", description = "trace of mode full or a clustering mode: print the calls of the rank given with --rank, one by one "
            + "(with their own times when the trace kept them, timing=lossless or lossy; else their call sites' mean times, one "
            + "call after another, which a times: line says); with --format jsonl every rank's, or rank R's, the same way")
    boolean expand;

    @Option(names = "--dump", description = "a compressed trace kept with keepDump=true: print the dump kept beside it, "
            + "every call with its own parameters and times, as a dump-mode trace prints (text or jsonl), instead of the loops")
    boolean dump;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "text (default): as described above; jsonl: one JSON object per call, one per line")
    String format;

    @Override
    public Integer call() throws Exception {
        return CommandBody.run(spec.commandLine().getErr(), () -> {
            if (limit != null && limit < 0) throw new BadInputException("--limit must be 0 or more, got " + limit);
            if (!format.equals("text") && !format.equals("jsonl"))
                throw new BadInputException("unknown --format " + format + " (decode writes text or jsonl)");
            // JSON Lines streams the ranks one at a time: the file is opened so that only one is decoded at once.
            TraceFile trace = format.equals("jsonl") ? TraceFiles.open(file) : TraceFiles.load(file);
            RankTrace only = null;
            if (rank != null) {
                only = trace.rank(rank);
                if (only == null) throw new BadInputException(file + ": no rank " + rank + " in this trace (" + RankSets.describe(trace) + ")");
            }
            if (dump && expand) throw new BadInputException("--dump and --expand: give one (the kept dump, or the calls rebuilt from the loops)");
            if (dump && trace.keptDump() == null)
                throw new BadInputException(file + ": keeps no dump (" + (trace.global() == null ? "a dump-mode trace is one: drop --dump"
                        : "trace with keepDump=true to keep one") + ")");
            PrintWriter out = spec.commandLine().getOut();
            if (format.equals("jsonl")) return jsonLines(trace, only, out);
            // Before anything is printed: a refusal is one line.
            if (trace.global() != null && !dump && expand && only == null) throw new BadInputException("--expand needs --rank R");
            TraceHeader.print(out, file.toString(), trace);
            if (trace.global() != null && !dump) {
                out.println();
                try {
                    if (expand) {
                        // The calls' times as JSON Lines gives them: each call's own where kept, else its call site's means.
                        if (TimedCalls.meanTimes(trace, only, true))
                            out.println("times: each call's call-site mean compute before it and mean time inside it, one call after another"
                                    + " from 0 (the trace keeps histograms, not each call's times)");
                        EventListing.print(out, trace, TimedCalls.expanded(trace, only), limit == null ? -1 : limit);
                    } else {
                        GlobalListing listing = new GlobalListing(trace, out, only == null ? -1 : only.rank());
                        // A non-lead whose section keeps values of its own lists its own calls, folded again.
                        GlobalTrace own = only == null ? null : RefoldedRank.of(trace, only);
                        if (own != null) listing.printOwn(own);
                        else listing.print(trace.global());
                    }
                } catch (IllegalStateException e) {
                    out.flush();
                    throw new BadInputException(file + ": cannot rebuild " + (only == null ? "the ranks'" : "rank " + only.rank() + "'s") + " calls: " + e.getMessage());
                }
                out.flush();
                return ExitCodes.OK;
            }
            for (RankTrace r : trace.ranks()) {
                if (only != null && r != only) continue;
                out.println();
                if (!EventListing.print(out, trace, r, limit == null ? -1 : limit)) break;
            }
            out.flush();
            return ExitCodes.OK;
        });
    }

    /** System.out as a plain stream: written in blocks, flushed but never closed. */
    private static final class StandardOutputBytes extends OutputStream {
        @Override
        public void write(int b) {
            System.out.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            System.out.write(b, off, len);
        }

        @Override
        public void flush() {
            System.out.flush();
        }

        @Override
        public void close() {
            System.out.flush();
        }
    }

    /** {@code --format jsonl}: every call of every rank (or of {@code only}), one JSON object per line. */
    private int jsonLines(TraceFile trace, RankTrace only, PrintWriter out) throws Exception {
        if (trace.global() != null && !dump) {
            if (!expand)
                throw new BadInputException(file + ": a trace of mode " + trace.meta().mode() + " keeps loops, not calls: "
                        + "add --expand to write every rank's calls one by one");
            String interim = trace.markers() == null ? null : MarkerLogText.interimNote(trace.markers());
            if (interim != null) throw new BadInputException(file + ": " + interim + "; its ranks' calls cannot be rebuilt one by one");
        }
        // To the process's standard output as bytes, written by a thread of their own (gigabytes for a large
        // dump); to any other writer as text.
        boolean console = Main.isStandardOut(out);
        out.flush();
        try (OutputStream bytes = console ? new WriteBehindStream(new StandardOutputBytes(), "stdout") : new WriterStream(out)) {
            JsonLinesWriter writer = new JsonLinesWriter(trace, bytes);
            for (RankTrace r : only != null ? List.of(only) : trace.ranks()) {
                try {
                    writer.write(r, expand, limit == null ? -1 : limit);
                } catch (IllegalStateException e) {
                    throw new BadInputException(file + ": cannot rebuild rank " + r.rank() + "'s calls: " + e.getMessage());
                }
                if (console ? System.out.checkError() : out.checkError()) break; // the reader went away (a pipe into head)
            }
        }
        out.flush();
        return ExitCodes.OK;
    }
}
