package org.mpjtrace.cli.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpjtrace.trace.CallPath;
import org.mpjtrace.trace.CallSite;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;

/**
 * Every way Java code can call MPJ is recorded (CallForms: plain call, bound and unbound method
 * references, lambda, static initialiser, constructor, anonymous and inner class, Finalize through a
 * static method reference), a call through reflection is reported on one line instead of lost
 * silently, and a catch block after a wrapped call threw sees no leftover frames of it. Method
 * references were not recorded at all, and the catch block's context grew by a frame a retry.
 */
class CallFormsIT {
    private static final int RANKS = 2;
    private static final int RETRIES = 3;
    private static final List<String> ARGS = List.of("retries=" + RETRIES);

    @TempDir
    Path dir;

    /** Each event of a rank as {@code Op} or {@code Op/count} for Allreduce (the count names the form). */
    private static List<String> calls(RankTrace r) {
        List<String> calls = new ArrayList<>();
        for (int i = 0; i < r.eventCount(); i++) {
            Op op = Op.ofCode(Event.opCode(r.words(), RankTrace.base(i)));
            calls.add(op == Op.ALLREDUCE ? op.mpjName + "/" + Event.count(r.words(), RankTrace.base(i)) : op.mpjName);
        }
        return calls;
    }

    /** The frames (method:line, MPJ call site first) of every event of rank {@code r} at call site {@code site}. */
    private static List<List<String>> contextsAt(TraceFile trace, RankTrace r, CallSite site) {
        List<List<String>> contexts = new ArrayList<>();
        for (int i = 0; i < r.eventCount(); i++) {
            if (Event.site(r.words(), RankTrace.base(i)) != site.id()) continue;
            long signature = Event.stack(r.words(), RankTrace.base(i));
            List<String> frames = new ArrayList<>(List.of(site.methodName() + ":" + site.line()));
            for (CallPath p : trace.callPaths())
                if (p.signature() == signature) for (int caller : p.callers()) frames.add(trace.site(caller).methodName() + ":" + trace.site(caller).line());
            contexts.add(frames);
        }
        return contexts;
    }

    @Test
    void everyCallFormIsRecordedAndReflectionIsReported() throws IOException {
        MpjJobs.Run traced = MpjJobs.run("CallForms", RANKS, "multicore", null, dir.resolve("forms.mpjt"), "dump", "stackDepth=3", ARGS);
        MpjJobs.assertSucceeded(traced);
        MpjJobs.Run plain = MpjJobs.run("CallForms", RANKS, "multicore", null, null, null, ARGS);
        assertEquals(CallLists.allLinesSorted(plain.out()),
                CallLists.allLinesSorted(traced.out()).stream().filter(l -> !l.startsWith("mpjtrace:")).toList(),
                "the program's output is unchanged (MPJ's multicore starter prints the ranks' stderr, the report's line, with it)");
        assertEquals(List.of("mpjtrace: org.mpjtrace.examples.CallForms.main:" + ExampleSource.lineStarting("CallForms", "reflective.invoke(")
                        + " calls mpi.Intracomm.Allreduce through reflection; calls made that way are not traced"),
                traced.tracerLines().stream().filter(l -> !l.startsWith("mpjtrace: running") && !l.startsWith("mpjtrace: trace written")).toList(),
                "one line for the one reflective call site, whatever the rank count");

        List<String> expected = new ArrayList<>(List.of("Init", "Allreduce/1", "Allreduce/2", "Barrier", "Allreduce/4",
                "Allreduce/5", "Allreduce/6", "Allreduce/7", "Allreduce/8"));
        for (int i = 0; i < RETRIES; i++) expected.addAll(List.of("Allreduce/10", "Barrier"));
        expected.add("Finalize");
        TraceFile trace = traced.result().trace();
        for (RankTrace r : trace.ranks()) {
            assertEquals(expected, calls(r), "rank " + r.rank() + ": forms 1-8 and 10 in order, Finalize by method reference; 9 is reflection");
            int catchLine = ExampleSource.lineOf("CallForms", "MPI.COMM_WORLD.Barrier();");
            CallSite catchBarrier = trace.sites().stream().filter(s -> s.methodName().equals("main") && s.line() == catchLine)
                    .findFirst().orElseThrow();
            List<String> own = List.of("main:" + catchLine);
            assertEquals(List.of(own, own, own), contextsAt(trace, r, catchBarrier), "the catch block's Barrier is in main alone, every retry");
        }
    }


    @Test
    void anApplicationInAPackageNamedMpiIsTracedLikeAnyOther() {
        // mpi.apps.ShiftLeft: the agent told MPJ Express's classes by the name prefix mpi/ and skipped it,
        // so the job ran untraced and run ended "no trace file was written".
        MpjJobs.Run run = MpjJobs.run("mpi.apps.ShiftLeft", 4, "multicore", null, dir.resolve("shift.mpjt"), "dump", "",
                List.of("steps=3", "--calls"));
        MpjJobs.assertSucceeded(run);
        assertEquals(CallLists.printed(run.out()), CallLists.traced(run.result().trace()), "decoded calls differ from the program's own");
        // The trace names the job's main class, and apart from it the helper that called MPI.Init.
        assertEquals("mpi.apps.ShiftLeft", run.result().trace().meta().mainClass());
        assertEquals("mpi.apps.ShiftLeft$Session", run.result().trace().meta().initClass());
    }
}
