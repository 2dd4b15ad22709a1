package org.mpjtrace.cli.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.mpjtrace.cli.format.ExpandedRank;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankStats;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.cluster.MarkerLog;
import org.mpjtrace.trace.cluster.MarkerRecord;
import org.mpjtrace.trace.io.TraceReader;

/**
 * A chameleon job killed with SIGKILL after its fifth merge: the file rank 0 rewrote at that merge must
 * decode and hold every call up to it, and the commands that need a whole job's trace say why they
 * refuse it (compare printed 0% matches, replay failed rank by rank).
 */
final class KilledJob {
    private static final int MERGES = 5;

    private KilledJob() {}

    static void assertKeepsEverythingUpToTheLastMerge(Path dir) throws Exception {
        Path file = dir.resolve("killed.mpjt");
        // Far more steps than it will get to run: it is killed once five merges are in the file.
        CompletableFuture<MpjJobs.Run> job = CompletableFuture.supplyAsync(() -> MpjJobs.run("Stencil2D", 16, "multicore", null,
                file, "chameleon", "marker=site:Stencil2D.main,callFrequency=10", List.of("steps=10000000", "n=16")));
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (merges(file) < MERGES) {
            assertFalse(job.isDone(), () -> "the job ended before its fifth merge: " + job.join().out());
            assertTrue(System.nanoTime() < deadline, "five merges within two minutes");
            Thread.sleep(20);
        }
        List<ProcessHandle> jvms = ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().orElse("").contains(file.toString())).toList();
        assertFalse(jvms.isEmpty(), "the job's JVMs are found by their command lines");
        for (ProcessHandle p : jvms) p.destroyForcibly(); // SIGKILL: no shutdown hook, no Finalize
        job.get(1, TimeUnit.MINUTES);

        TraceFile trace = TraceReader.read(file);
        MarkerLog log = trace.markers();
        assertFalse(log.finished(), "the file says the job did not reach Finalize");
        List<MarkerRecord> merged = log.records().stream().filter(r -> r.mergedCalls() > 0).toList();
        assertTrue(merged.size() >= MERGES, "at least five merges: " + merged.size());
        assertEquals(merged.stream().mapToLong(MarkerRecord::mergedCalls).sum(), trace.global().calls(),
                "the trace holds every call merged");
        // Rank 0 is a corner, a lead of its own: its calls are all there up to the last merged marker.
        RankTrace zero = ExpandedRank.of(trace, new RankTrace(0, "", 0, 0, new long[0], List.of(), List.of(), List.of(), RankStats.EMPTY));
        long lastMarker = merged.get(merged.size() - 1).markerCall();
        assertEquals(1, count(zero, Op.INIT));
        assertEquals(lastMarker, count(zero, Op.ALLREDUCE), "one Allreduce per marker call");
        assertEquals(lastMarker * 10, count(zero, Op.WAITALL), "ten steps per marker call");
        assertEquals(0, count(zero, Op.FINALIZE));

        // compare and replay need every call of every rank: they refuse the file in one line.
        for (String[] command : List.of(new String[] {"compare", file.toString(), file.toString()}, new String[] {"replay", file.toString()})) {
            StringWriter out = new StringWriter(), err = new StringWriter();
            picocli.CommandLine cli = org.mpjtrace.cli.Main.newCommandLine();
            cli.setOut(new PrintWriter(out, true));
            cli.setErr(new PrintWriter(err, true));
            assertEquals(2, cli.execute(command), command[0] + ": " + out + err);
            assertEquals("", out.toString(), command[0]);
            assertTrue(err.toString().matches("mpjtrace: " + java.util.regex.Pattern.quote(file.toString())
                    + ": interim trace: written at marker \\d+; the job did not reach MPI.Finalize; " + command[0] + " needs the trace of a whole job\\R"),
                    err.toString());
        }
    }

    private static long count(RankTrace r, Op op) {
        long n = 0;
        for (int i = 0; i < r.eventCount(); i++) if (Event.opCode(r.words(), RankTrace.base(i)) == op.code) n++;
        return n;
    }

    private static int merges(Path file) {
        if (!Files.exists(file)) return 0;
        try {
            MarkerLog log = TraceReader.read(file).markers();
            return (int) log.records().stream().filter(r -> r.mergedCalls() > 0).count();
        } catch (Exception e) {
            return 0; // not there yet
        }
    }
}
