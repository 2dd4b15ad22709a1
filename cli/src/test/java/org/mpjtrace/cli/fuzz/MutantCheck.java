package org.mpjtrace.cli.fuzz;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.mpjtrace.cli.Main;
import org.mpjtrace.replay.Replayability;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.global.GlobalExpansion;
import org.mpjtrace.trace.io.TraceFormatException;
import org.mpjtrace.trace.io.TraceReader;
import picocli.CommandLine;

/**
 * Puts one trace file through the reader and, when the reader takes it, through what the commands do
 * with a trace: writing it back with TraceWriter (and reading that again), decode (whole, per rank, and
 * a rank's calls one by one), stats, clusters, compare with itself, and replay's check. The file must be
 * refused with a one-line TraceFormatException, or be usable by all of them: an exit code of 0 or 2 with
 * no stack trace. Anything else is a {@link Failure}. Reading must also allocate no more than
 * {@link #MAX_READ_ALLOCATION} bytes, measured on the reading thread, so an allocation driven by a
 * length in the file shows however much heap the test has.
 */
final class MutantCheck {
    /** What reading a corpus-sized file may allocate; reading one of the corpus allocates about 1 MB. */
    static final long MAX_READ_ALLOCATION = 64L << 20;
    /**
     * Calls per rank past which the commands that rebuild ranks from a compressed trace are not run: a
     * mutant whose loop counts grew into the millions is a valid trace of a longer run, whose rebuilding
     * costs time in proportion, not a fault to find.
     */
    static final long EXPANSION_BUDGET = 100_000;
    static final String ACCEPTED = "read fine, every command ran";
    static final String ACCEPTED_LARGE = "read fine, stands for over " + EXPANSION_BUDGET + " calls of a rank: only decode and the rewrite ran";

    /** A way the reader or a command broke its promise, with what happened. */
    static final class Failure extends Exception {
        private static final long serialVersionUID = 1L;

        Failure(String message, Throwable cause) {
            super(message, cause);
        }
    }

    private static final com.sun.management.ThreadMXBean THREADS = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private MutantCheck() {}

    /** @return the outcome, for the tally: the kind of refusal, or one of the accepted outcomes */
    static String check(Path file, Path scratch) throws Failure {
        TraceFile trace;
        long before = THREADS.getCurrentThreadAllocatedBytes();
        try {
            trace = TraceReader.read(file);
        } catch (TraceFormatException e) {
            if (e.getMessage().lines().count() != 1) throw new Failure("refusal of more than one line: " + e.getMessage(), e);
            checkAllocation(before, file);
            refusedWhenOpened(e, file);
            return Rejections.kind(e.getMessage());
        } catch (Throwable e) { // anything else, OutOfMemoryError included, is what the test is for
            throw new Failure("reader threw " + e, e);
        }
        checkAllocation(before, file);
        try {
            sameWhenOpened(trace, file);
            return use(trace, file, scratch);
        } catch (Failure e) {
            throw e;
        } catch (Throwable e) {
            throw new Failure("accepted file, then " + e, e);
        }
    }

    /** Opening the file for streaming ({@link TraceReader#open}) refuses it as reading it did. */
    private static void refusedWhenOpened(TraceFormatException read, Path file) throws Failure {
        try {
            TraceReader.open(file);
        } catch (TraceFormatException e) {
            if (!e.getMessage().equals(read.getMessage())) throw new Failure("open refused with \"" + e.getMessage() + "\", read with \"" + read.getMessage() + "\"", e);
            return;
        } catch (Throwable e) {
            throw new Failure("open threw " + e, e);
        }
        throw new Failure("open took a file read refused: " + read.getMessage(), null);
    }

    /** Opening the file for streaming gives every rank as reading it did. */
    private static void sameWhenOpened(TraceFile read, Path file) throws Exception {
        TraceFile opened = TraceReader.open(file);
        if (opened.ranks().size() != read.ranks().size()) throw new Failure("open gave " + opened.ranks().size() + " ranks", null);
        for (RankTrace r : read.ranks()) {
            RankTrace o = opened.rank(r.rank());
            if (o == null || o.eventCount() != r.eventCount() || !java.util.Arrays.equals(o.words(), r.words()))
                throw new Failure("open gave rank " + r.rank() + " otherwise", null);
        }
    }

    /** What the commands do with a trace the reader took. */
    private static String use(TraceFile trace, Path file, Path scratch) throws Exception {
        Path again = scratch.resolve("rewritten.mpjt");
        Rewrite.write(trace, again);
        TraceReader.read(again);
        Replayability.problem(trace);
        Replayability.buffersSends(trace);
        boolean small = trace.global() == null || trace.ranks().stream()
                .allMatch(r -> GlobalExpansion.callsUpTo(trace.global(), r.rank(), EXPANSION_BUDGET) <= EXPANSION_BUDGET);
        String f = file.toString();
        List<String[]> commands = new ArrayList<>();
        commands.add(new String[] {"decode", f});
        for (RankTrace r : trace.ranks()) commands.add(new String[] {"decode", "--rank", "" + r.rank(), f});
        if (small) {
            commands.add(new String[] {"stats", f});
            commands.add(new String[] {"clusters", f});
            commands.add(new String[] {"compare", f, f});
            commands.add(trace.global() == null ? new String[] {"decode", "--format", "jsonl", f} : new String[] {"decode", "--format", "jsonl", "--expand", f});
            commands.add(new String[] {"export", f, "--format", "chrome", "-o", scratch.resolve("mutant.json").toString()});
            commands.add(new String[] {"proxy", f, "-o", scratch.resolve("proxy").toString(), "--class", "P", "--quiet"});
            if (trace.global() != null)
                for (RankTrace r : trace.ranks()) commands.add(new String[] {"decode", "--expand", "--rank", "" + r.rank(), f});
        }
        for (String[] args : commands) run(args);
        return small ? ACCEPTED : ACCEPTED_LARGE;
    }

    private static void checkAllocation(long before, Path file) throws Failure {
        long allocated = THREADS.getCurrentThreadAllocatedBytes() - before;
        if (allocated > MAX_READ_ALLOCATION)
            throw new Failure("reading a file of " + size(file) + " bytes allocated " + allocated + " bytes", null);
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (java.io.IOException e) {
            return -1;
        }
    }

    private static void run(String... args) throws Failure {
        StringWriter out = new StringWriter(), err = new StringWriter();
        CommandLine cl = Main.newCommandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int code;
        try {
            code = cl.execute(args);
        } catch (Throwable e) {
            throw new Failure("mpjtrace " + String.join(" ", args) + " threw " + e, e);
        }
        String e = err.toString();
        boolean clean = code == 0 || (code == 2 && e.lines().count() == 1);
        if (!clean || e.contains("\tat ")) throw new Failure("mpjtrace " + String.join(" ", args) + ": exit " + code + ", stderr: " + e, null);
    }
}
