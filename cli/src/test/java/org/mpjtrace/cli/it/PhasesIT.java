package org.mpjtrace.cli.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpjtrace.cli.Cli;

/**
 * {@code mpjtrace phases} on traces of live jobs in mode full, whose time loops phase detection reads
 * from the loop structure (one iteration and a count): the phases are those worked out from each
 * example's source, and a dump of the same job, read call by call, gives the same.
 */
class PhasesIT {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    /** Every rank's phases as [start, end, the functions with their calls], from {@code phases --format json}. */
    private static List<List<Object>> phases(Path trace, int rank) throws Exception {
        JsonNode r = JSON.readTree(Cli.output("phases", trace.toString(), "--rank", Integer.toString(rank), "--format", "json"));
        List<List<Object>> out = new ArrayList<>();
        for (JsonNode p : r.get("phases")) {
            List<String> fs = new ArrayList<>();
            for (JsonNode f : p.get("functions")) fs.add(f.get("name").asText() + "=" + f.get("calls").asInt());
            out.add(List.of(p.get("start").asInt(), p.get("end").asInt(), fs));
        }
        return out;
    }

    private Path traced(String example, int ranks, String mode, List<String> args) {
        Path trace = dir.resolve(example + "-" + mode + ".mpjt");
        MpjJobs.assertSucceeded(MpjJobs.run(example, ranks, "multicore", null, trace, mode, "", args));
        return trace;
    }

    @Test
    void threePhasesSplitsIntoItsSetUpSolveAndFinishInTheirThreeFunctions() throws Exception {
        List<String> args = List.of("setup=8", "steps=24", "finish=8", "n=4");
        Path full = traced("ThreePhases", 4, "full", args), dump = traced("ThreePhases", 4, "dump", args);
        // Init; setUp: 8 x (Bcast, Scatter); solve: 24 x (two Sendrecv, Allreduce); finish: 8 x (Gather, Reduce); Finalize.
        List<List<Object>> expected = List.of(List.of(0, 0, List.of("ThreePhases.main=1")), List.of(1, 16, List.of("ThreePhases.setUp=16")),
                List.of(17, 88, List.of("ThreePhases.solve=72")), List.of(89, 104, List.of("ThreePhases.finish=16")),
                List.of(105, 105, List.of("ThreePhases.main=1")));
        for (int rank = 0; rank < 4; rank++) {
            assertEquals(expected, phases(full, rank), "rank " + rank + ", mode full");
            assertEquals(expected, phases(dump, rank), "rank " + rank + ", dump");
        }
    }

    @Test
    void stencil2dSplitsIntoSetUpSolveAndFinishAndPhaseChangeAtEachChangeOfItsCommunication() throws Exception {
        Path stencil = traced("Stencil2D", 4, "full", List.of("steps=100", "n=8"));
        // Init; 100 steps of two Irecv, two Isend and a Waitall, an Allreduce after every tenth; Reduce and Finalize.
        List<List<Object>> solve = List.of(List.of(0, 0, List.of("Stencil2D.main=1")), List.of(1, 510, List.of("Stencil2D.main=510")),
                List.of(511, 512, List.of("Stencil2D.main=2")));
        for (int rank = 0; rank < 4; rank++) assertEquals(solve, phases(stencil, rank), "rank " + rank);

        Path phaseChange = traced("PhaseChange", 2, "full", List.of("steps=40", "phase=10", "n=4"));
        // Sendrecv x10, (Allreduce, Bcast) x10, Sendrecv x10, (Allreduce, Bcast) x10, between Init and the finish.
        List<List<Integer>> bounds = List.of(List.of(0, 0), List.of(1, 10), List.of(11, 30), List.of(31, 40), List.of(41, 60), List.of(61, 62));
        for (int rank = 0; rank < 2; rank++)
            assertEquals(bounds, phases(phaseChange, rank).stream().map(p -> List.of((Integer) p.get(0), (Integer) p.get(1))).toList(),
                    "rank " + rank);
    }
}
