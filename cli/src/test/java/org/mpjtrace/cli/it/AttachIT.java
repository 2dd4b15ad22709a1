package org.mpjtrace.cli.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpjtrace.cli.Cli;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.io.TraceReader;

/**
 * {@code mpjtrace attach} on a real multicore job (issue 34 item 4): WaitingSteps, started untraced, runs
 * five steps, posts a receive and waits; the tracer is attached (a second attach is refused, pause and
 * resume reach the tracer now there), then the job completes the receive, runs ten more steps and
 * finalizes. The trace holds, rank by rank, the calls from the attach on: the tail of the same job traced
 * from its start, with the receive's request named when its Wait first sees it.
 */
class AttachIT {
    private static final int RANKS = 3, BEFORE = 5, AFTER = 10;
    private static final String MAIN = MpjJobs.PACKAGE + "attach.WaitingSteps";

    @TempDir
    static Path dir;

    /** Each rank's calls as op, peer, tag and count. */
    private static Map<Integer, List<String>> calls(TraceFile trace) {
        return CallLists.perRank(trace, (rank, w, b) -> Op.ofCode(Event.opCode(w, b)).mpjName + " " + Event.projectedPeer(w, b)
                + " " + Event.tag(w, b) + " " + Event.projectedCount(w, b));
    }

    /**
     * WaitingSteps run untraced until it finishes: {@code whileWaiting} runs as it waits, then the file it
     * waits for is made.
     */
    private static MpjJobs.Run untracedJobAttachedTo(int ranks, String device, Path go, Runnable whileWaiting) {
        MpjJobs.Run run = MpjJobs.runWatching(MAIN, ranks, device, null, "dump", "",
                List.of("before=" + BEFORE, "after=" + AFTER, "go=" + go), "waiting for " + go, () -> {
                    whileWaiting.run();
                    try {
                        Files.createFile(go);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
        MpjJobs.assertSucceeded(run);
        return run;
    }

    @Test
    void aJobAttachedToWhileItWaitsHoldsTheTailOfTheSameJobTracedFromItsStart() throws Exception {
        Path go = dir.resolve("go");
        Path file = dir.resolve("attached.mpjt");
        List<Cli> answers = new ArrayList<>();
        MpjJobs.Run untraced = untracedJobAttachedTo(RANKS, "multicore", go, () -> {
            answers.add(Cli.run("attach", "--main-class", MAIN, "--mode", "dump", "-o", file.toString()));
            answers.add(Cli.run("attach", "--main-class", MAIN, "-o", dir.resolve("again.mpjt").toString()));
            answers.add(Cli.run("attach", "--pause", "--main-class", MAIN));
            answers.add(Cli.run("attach", "--resume", "--main-class", MAIN));
        });
        assertEquals(4, answers.size(), untraced.out());
        assertEquals(0, answers.get(0).code, answers.get(0).toString());
        assertTrue(answers.get(0).out.contains(": ok: tracing in mode dump from each rank's next call"), answers.get(0).out);
        assertEquals(1, answers.get(1).code, "a JVM already traced is not attached to twice: " + answers.get(1));
        assertTrue(answers.get(1).err.contains("error: mpjtrace already traces this JVM, into " + file), answers.get(1).err);
        assertTrue(answers.get(2).out.contains("ok: tracing paused"), answers.get(2).toString());
        assertTrue(answers.get(3).out.contains("ok: tracing resumed"), answers.get(3).toString());

        MpjJobs.Run traced = MpjJobs.run(MAIN, RANKS, "multicore", null, dir.resolve("traced.mpjt"), "dump", "",
                List.of("before=" + BEFORE, "after=" + AFTER));
        MpjJobs.assertSucceeded(traced);
        TraceFile attached = TraceReader.read(file);
        assertTrue(attached.meta().attached(), "the trace says it was attached to");
        assertEquals(RANKS, attached.ranks().size());
        Map<Integer, List<String>> fromAttach = calls(attached);
        Map<Integer, List<String>> whole = calls(traced.result().trace());
        for (int r = 0; r < RANKS; r++) {
            // Send and Wait of the receive posted before the wait, the steps after it, Finalize.
            List<String> tail = whole.get(r).subList(whole.get(r).size() - (2 + 2 * AFTER + 1), whole.get(r).size());
            assertEquals(tail, fromAttach.get(r), "rank " + r + ": the calls from the attach on");
            assertTrue(tail.get(0).startsWith("Send ") && tail.get(1).startsWith("Wait") && tail.get(2).startsWith("Sendrecv")
                    && tail.get(tail.size() - 1).startsWith("Finalize"), tail.toString());
            // The Irecv was made before the attach: its request is named when its Wait first sees it.
            RankTrace section = attached.rank(r);
            assertTrue(Event.request(section.words(), RankTrace.base(1)) >= 0, "rank " + r + ": the Wait names its request");
        }
        String header = Cli.output("decode", file.toString(), "--limit", "0");
        assertTrue(header.contains("attached:       "), header);
    }

    /** niodev: --main-class finds each rank's JVM; the ranks meet at MPI.Finalize and merge one loop-compressed trace. */
    @Test
    void eachRankJvmOfANiodevJobIsFoundByTheMainClassAndTheirTraceIsOne() throws Exception {
        Path go = dir.resolve("go-niodev");
        Path file = dir.resolve("niodev.mpjt");
        List<Cli> answers = new ArrayList<>();
        MpjJobs.Run untraced = untracedJobAttachedTo(2, "niodev", go, () ->
                answers.add(Cli.run("attach", "--main-class", MAIN, "--mode", "full", "-o", file.toString())));
        assertEquals(1, answers.size(), untraced.out());
        assertEquals(0, answers.get(0).code, answers.get(0).toString());
        assertEquals(2, answers.get(0).out.lines().filter(l -> l.contains(": ok: tracing in mode full")).count(), "one JVM per rank: " + answers.get(0).out);
        TraceFile trace = TraceReader.read(file);
        assertTrue(trace.meta().attached());
        assertEquals("niodev", trace.meta().device());
        assertEquals(2L * (2 + 2 * AFTER + 1), trace.global().calls(), "each rank's Send and Wait, its steps after the attach and its Finalize");
    }
}
