package org.mpjtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code mpjtrace phases} on real traces of the examples: the phase boundaries (call indices) and the
 * functions expected are worked out from each example's source, not from what the command printed.
 */
class PhasesCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** {@code phases/NAME.mpjt} on the test class path. */
    static Path resource(String name) throws URISyntaxException {
        return Path.of(PhasesCommandTest.class.getClassLoader().getResource("phases/" + name + ".mpjt").toURI());
    }

    /** One rank's JSON: rank 0 unless the options name another with --rank (without --rank the command summarises every rank). */
    static JsonNode json(Path file, String... options) throws Exception {
        List<String> args = new ArrayList<>(List.of("phases", file.toString(), "--format", "json"));
        if (!List.of(options).contains("--rank")) args.addAll(List.of("--rank", "0"));
        args.addAll(List.of(options));
        return JSON.readTree(Cli.output(args.toArray(String[]::new)));
    }

    /** Each phase as [start, end] call indices. */
    static List<List<Integer>> bounds(JsonNode result) {
        List<List<Integer>> out = new ArrayList<>();
        for (JsonNode p : result.get("phases")) out.add(List.of(p.get("start").asInt(), p.get("end").asInt()));
        return out;
    }

    /** Each phase's functions as "Class.method=calls", most calls first. */
    static List<List<String>> functions(JsonNode result) {
        List<List<String>> out = new ArrayList<>();
        for (JsonNode p : result.get("phases")) {
            List<String> fs = new ArrayList<>();
            for (JsonNode f : p.get("functions")) fs.add(f.get("name").asText() + "=" + f.get("calls").asInt());
            out.add(fs);
        }
        return out;
    }

    /**
     * PhaseChange's calls on any rank: Init, then per step one Sendrecv in the local phases (steps with
     * (step / phase) even) or an Allreduce and a Bcast in the global ones, then Reduce and Finalize. The
     * phases: Init alone, each run of {@code phase} steps, and the finish: Reduce and Finalize together
     * (two calls made once each are not cut apart, see Segmenter).
     */
    static List<List<Integer>> phaseChangeBounds(int steps, int phase) {
        List<List<Integer>> out = new ArrayList<>();
        out.add(List.of(0, 0));
        int call = 1;
        for (int first = 0; first < steps; first += phase) {
            int perStep = (first / phase) % 2 == 0 ? 1 : 2;
            out.add(List.of(call, call + perStep * phase - 1));
            call += perStep * phase;
        }
        out.add(List.of(call, call + 1));
        return out;
    }

    @Test
    void phaseChangeSplitsIntoItsFourPhasesAtTheStepsWhereItsCommunicationChanges() throws Exception {
        // steps=40 phase=10 (phases/README.md): Sendrecv x10, (Allreduce, Bcast) x10, Sendrecv x10, (Allreduce, Bcast) x10.
        List<List<Integer>> expected = phaseChangeBounds(40, 10);
        assertEquals(List.of(List.of(0, 0), List.of(1, 10), List.of(11, 30), List.of(31, 40), List.of(41, 60), List.of(61, 62)),
                expected, "the expectation itself");
        for (String rank : List.of("0", "1")) {
            JsonNode r = json(resource("phasechange-dump"), "--rank", rank);
            assertEquals(Integer.parseInt(rank), r.get("rank").asInt());
            assertEquals(63, r.get("calls").asInt());
            assertEquals(expected, bounds(r), "rank " + rank);
            for (List<String> fs : functions(r)) assertEquals(1, fs.size(), "every call is PhaseChange.main's: " + fs);
            assertEquals(List.of("PhaseChange.main=20"), functions(r).get(2));
            JsonNode phases = r.get("phases");
            // The two local phases hold the same one pattern (the Sendrecv), and so do the two global ones (Allreduce.Bcast).
            assertEquals(phases.get(1).get("patterns"), phases.get(3).get("patterns"));
            assertEquals(phases.get(2).get("patterns"), phases.get(4).get("patterns"));
            assertEquals(1, phases.get(1).get("patterns").size());
            assertTrue(!phases.get(1).get("patterns").equals(phases.get(2).get("patterns")));
            assertEquals(r.get("height").asInt(), r.get("threshold").asInt(), "with the default strength every leaf is a phase");
        }
    }

    @Test
    void theShortChameleonRunShowsItsSecondChangeAtTheDefaultStrengthAndEveryChangeBelowIt() throws Exception {
        // steps=20 phase=5 (fuzz corpus README): five steps per phase are too few for BIC to cut at calls 6 and
        // 16 (s = -0.034 there), but the change at 21 shows; a slightly negative --min-strength lets all in.
        Path file = CorpusFiles.path("phasechange-chameleon");
        List<List<Integer>> all = phaseChangeBounds(20, 5);
        assertEquals(List.of(List.of(0, 0), List.of(1, 20), List.of(21, 30), List.of(31, 32)), bounds(json(file)));
        assertEquals(all.get(4), bounds(json(file)).get(2));
        assertEquals(all, bounds(json(file, "--min-strength", "-0.1")));
    }

    @Test
    void shiftingLoopsSplitsAtTheChangeOfItsTimeLoopAndNamesTheFunctionsOfEachLoop() throws Exception {
        // Rank 0 with first=12 second=12 early=2: Init; 12 x (ring's Sendrecv, sumAndScale's Allreduce) = calls 1-24;
        // 12 x (main's Bcast, ring's Sendrecv, sumAndScale's Allreduce) = calls 25-60; then main's Split, Reduce and
        // Finalize, made once each: one phase, the finish.
        JsonNode r = json(CorpusFiles.path("shiftingloops-chameleon-auto"));
        assertEquals(64, r.get("calls").asInt());
        assertEquals(List.of(List.of(0, 0), List.of(1, 24), List.of(25, 60), List.of(61, 63)), bounds(r));
        List<List<String>> fs = functions(r);
        assertEquals(List.of("ShiftingLoops.ring=12", "ShiftingLoops.sumAndScale=12"), fs.get(1));
        assertEquals(List.of("ShiftingLoops.main=12", "ShiftingLoops.ring=12", "ShiftingLoops.sumAndScale=12"), fs.get(2),
                "equal counts in the order the phase first calls them");
        assertEquals(List.of("ShiftingLoops.main=3"), fs.get(3));
    }

    @Test
    void stencil2dSplitsIntoSetUpSolveAndFinish() throws Exception {
        // A 2x2 grid, steps=100 (phases/README.md): every rank has two neighbours, so per step two Irecvs, two
        // Isends and a Waitall (5 calls), and an Allreduce after every 10th step. Set-up: Init (call 0). Solve:
        // 100 x 5 + 10 = 510 calls, 1-510. Finish: Reduce and Finalize (511, 512).
        Path file = resource("stencil2d-full");
        for (String rank : List.of("0", "1", "2", "3")) {
            JsonNode r = json(file, "--rank", rank);
            assertEquals(513, r.get("calls").asInt());
            assertEquals(List.of(List.of(0, 0), List.of(1, 510), List.of(511, 512)), bounds(r), "rank " + rank);
            assertEquals(List.of(List.of("Stencil2D.main=1"), List.of("Stencil2D.main=510"), List.of("Stencil2D.main=2")),
                    functions(r));
            assertEquals(r.get("height").asInt(), r.get("threshold").asInt());
        }
        // The 20-step run of the fuzz corpus: its inner loop of 10 steps repeats more often in a row (10) than the
        // outer one (2), so its patterns are the step and the Allreduce, and the step-20 Allreduce, which no step
        // follows, ends up beside Reduce and Finalize: Init, calls 1-101, then 102-104, made once each.
        assertEquals(List.of(List.of(0, 0), List.of(1, 101), List.of(102, 104)), bounds(json(CorpusFiles.path("stencil2d-full-ctx"))));
        // t=1 is the root's cut alone: two phases, covering every call, split at one of the boundaries above.
        List<List<Integer>> coarse = bounds(json(file, "--threshold", "1"));
        assertEquals(2, coarse.size());
        assertEquals(List.of(0, 512), List.of(coarse.get(0).get(0), coarse.get(1).get(1)));
        assertEquals(coarse.get(0).get(1) + 1, coarse.get(1).get(0));
        assertTrue(List.of(0, 510).contains(coarse.get(0).get(1)), coarse.toString());
    }

    @Test
    void theJsonTreeHasEveryNodeWithItsParentAndTheCutsOfItsChildren() throws Exception {
        JsonNode r = json(resource("phasechange-dump"));
        JsonNode tree = r.get("tree");
        assertEquals(List.of("id", "parent", "depth", "start", "end", "length", "djs", "cut", "strength"), names(tree.get(0)));
        assertTrue(tree.get(0).get("parent").isNull());
        assertEquals(0, tree.get(0).get("start").asInt());
        assertEquals(r.get("calls").asInt() - 20, tree.get(0).get("length").asInt(), "63 calls, 20 of them in the 2-call pattern");
        for (JsonNode n : tree) {
            if (n.get("parent").isNull()) continue;
            JsonNode p = tree.get(n.get("parent").asInt());
            int cut = p.get("cut").asInt();
            assertTrue(n.get("end").asInt() == cut || n.get("start").asInt() == cut + 1, n + " under " + p);
            assertTrue(p.get("strength").asDouble() > 0, "only cuts stronger than BIC: " + p);
        }
        assertEquals(5, r.get("patterns").asInt(), "Init, Sendrecv, Allreduce.Bcast, Reduce, Finalize");
        assertEquals(List.of("index", "start", "end", "calls", "patterns", "functions", "duration_ns", "compute_ns"),
                names(r.get("phases").get(0)));
    }

    @Test
    void theTextShowsTheThresholdItChoseTheIndentedTreeAndThePhaseTable() throws Exception {
        String out = Cli.output("phases", resource("phasechange-dump").toString(), "--rank", "0");
        assertTrue(out.contains("rank 0, 63 calls as 43 occurrences of 5 patterns"), out);
        assertTrue(out.contains("threshold t=3 (chosen"), out);
        assertTrue(out.contains("node            Ps      Pe       l      D_JS      pc         s parent"), out);
        assertTrue(out.lines().anyMatch(l -> l.startsWith("      S3*          0      10      11")), "S3 at depth 2, indented:\n" + out);
        List<List<Integer>> rows = new ArrayList<>();
        boolean table = false;
        for (String line : out.lines().toList()) {
            if (line.startsWith("  phase ")) {
                table = true;
                continue;
            }
            if (!table) continue;
            String[] f = line.trim().split("\\s+");
            rows.add(List.of(Integer.parseInt(f[1]), Integer.parseInt(f[2])));
        }
        assertEquals(phaseChangeBounds(40, 10), rows);
        assertTrue(out.contains("PhaseChange.main (20)"), out);
        assertTrue(Cli.output("phases", resource("phasechange-dump").toString(), "--rank", "0", "--threshold", "1").contains("threshold t=1 (as given"));
    }

    private static List<String> names(JsonNode o) {
        List<String> out = new ArrayList<>();
        o.fieldNames().forEachRemaining(out::add);
        return out;
    }
}
