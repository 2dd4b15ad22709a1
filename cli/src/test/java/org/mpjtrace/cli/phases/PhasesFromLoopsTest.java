package org.mpjtrace.cli.phases;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.mpjtrace.cli.CorpusFiles;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.io.TraceReader;

/**
 * Phase detection on a compressed trace reads a time loop as one iteration and its count (issue 26:
 * patterns from the loop structure, the cost following the compressed trace), and finds what it finds
 * when every call is rebuilt one by one: the same patterns, occurrences, tree and phases.
 */
class PhasesFromLoopsTest {

    private static Path stencil() throws Exception {
        return Path.of(PhasesFromLoopsTest.class.getClassLoader().getResource("phases/stencil2d-full.mpjt").toURI());
    }

    @Test
    void stencil2dsHundredStepsAreOneRunOfTenIterations() throws Exception {
        // steps=100 with a residual Allreduce every 10 steps: the trace's loop is 10 x (10 x exchange, Allreduce),
        // an exchange being 2 Irecv, 2 Isend and a Waitall. Init before, Reduce and Finalize after.
        TraceFile trace = TraceReader.read(stencil());
        RankCalls calls = RankCalls.read(trace, trace.rank(0));
        assertEquals(List.of(1L, 10L, 1L), calls.runs().stream().map(RankCalls.Run::count).toList());
        assertEquals(List.of(1, 51, 2), calls.runs().stream().map(RankCalls.Run::length).toList());
        assertEquals(RankCalls.read(trace, trace.rank(0), new CallIds(), false, null).size(), calls.size());
    }

    @Test
    void everyCompressedTraceOfTheCorpusGivesThePhasesOfItsCallsRebuiltOneByOne() throws Exception {
        int compared = 0;
        for (Path file : traces()) {
            TraceFile trace = TraceReader.read(file);
            if (trace.global() == null) continue;
            for (RankTrace section : trace.ranks()) {
                String where = file.getFileName() + " rank " + section.rank();
                RankCalls byLoops = RankCalls.read(trace, section, new CallIds(), true, null);
                RankCalls oneByOne = RankCalls.read(trace, section, new CallIds(), false, null);
                if (oneByOne.size() == 0) continue;
                PhaseDetection a = PhaseDetection.of(byLoops, null, 0), b = PhaseDetection.of(oneByOne, null, 0);
                assertEquals(b.patterns().occurrences(), a.patterns().occurrences(), where);
                assertEquals(Arrays.toString(b.patterns().symbols()), Arrays.toString(a.patterns().symbols()), where);
                assertEquals(Arrays.toString(b.patterns().firstCall()), Arrays.toString(a.patterns().firstCall()), where);
                assertEquals(b.tree().nodes().size(), a.tree().nodes().size(), where);
                assertEquals(b.phases().size(), a.phases().size(), where);
                for (int i = 0; i < b.phases().size(); i++) {
                    Phase p = b.phases().get(i), q = a.phases().get(i);
                    assertEquals(List.of(p.firstCall(), p.lastCall(), p.patterns(), p.functions()),
                            List.of(q.firstCall(), q.lastCall(), q.patterns(), q.functions()), where + " phase " + i);
                    assertEquals(p.durationNs(), q.durationNs(), where + " phase " + i);
                    assertEquals(p.computeNs(), q.computeNs(), where + " phase " + i);
                }
                compared++;
            }
        }
        assertTrue(compared >= 20, "ranks compared: " + compared);
    }

    /** The corpus's traces and the phases tests' full trace. */
    private static List<Path> traces() throws Exception {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> corpus = Files.list(CorpusFiles.path("ring-dump").getParent())) {
            corpus.filter(f -> f.toString().endsWith(".mpjt")).sorted().forEach(files::add);
        }
        files.add(stencil());
        return files;
    }
}
