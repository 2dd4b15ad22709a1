package org.mpjtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankStats;
import org.mpjtrace.trace.TraceFile;

/**
 * {@code mpjtrace phases} without {@code --rank} (rank classes) and with {@code --plot}, on ThreePhases, whose
 * boundaries are worked out from its source, and on Ring, whose rank 0 passes the token differently.
 */
class PhasesAcrossRanksTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    /**
     * ThreePhases' calls on every rank (its class comment): Init; setUp's Bcast and Scatter per round; solve's two
     * Sendrecvs and Allreduce per step; finish's Gather and Reduce per round; Finalize.
     */
    static List<List<Integer>> threePhasesBounds(int setup, int steps, int finish) {
        int solveFirst = 1 + 2 * setup, finishFirst = solveFirst + 3 * steps, last = finishFirst + 2 * finish;
        return List.of(List.of(0, 0), List.of(1, solveFirst - 1), List.of(solveFirst, finishFirst - 1), List.of(finishFirst, last - 1),
                List.of(last, last));
    }

    private static JsonNode classes(Path file, String... options) throws Exception {
        List<String> args = new ArrayList<>(List.of("phases", file.toString(), "--format", "json"));
        args.addAll(List.of(options));
        return JSON.readTree(Cli.output(args.toArray(String[]::new))).get("classes");
    }

    private static List<Integer> ints(JsonNode array) {
        List<Integer> out = new ArrayList<>();
        for (JsonNode n : array) out.add(n.asInt());
        return out;
    }

    @Test
    void threePhasesFindsSetUpSolveAndFinishOnEveryRankAsOneClassNamingTheirMethods() throws Exception {
        // setup=8 steps=24 finish=8 (phases/README.md).
        List<List<Integer>> expected = threePhasesBounds(8, 24, 8);
        assertEquals(List.of(List.of(0, 0), List.of(1, 16), List.of(17, 88), List.of(89, 104), List.of(105, 105)), expected,
                "the expectation itself");
        JsonNode classes = classes(PhasesCommandTest.resource("threephases-dump"));
        assertEquals(1, classes.size(), classes.toString());
        JsonNode c = classes.get(0);
        assertEquals(List.of(0, 1, 2, 3), ints(c.get("ranks")));
        assertEquals(expected, PhasesCommandTest.bounds(c));
        List<List<String>> fs = PhasesCommandTest.functions(c);
        assertEquals(List.of("ThreePhases.setUp=16"), fs.get(1));
        assertEquals(List.of("ThreePhases.solve=72"), fs.get(2));
        assertEquals(List.of("ThreePhases.finish=16"), fs.get(3));
        assertEquals(List.of("ThreePhases.main=1"), fs.get(0));
        assertEquals(c.get("threshold").asInt(), PhasesCommandTest.json(PhasesCommandTest.resource("threephases-dump")).get("threshold").asInt());
        for (String rank : List.of("0", "3"))
            assertEquals(expected, PhasesCommandTest.bounds(PhasesCommandTest.json(PhasesCommandTest.resource("threephases-dump"), "--rank", rank)),
                    "rank " + rank + " alone");
    }

    @Test
    void ringsRankZeroIsAClassOfItsOwnAndThePatternsTheRanksShareHaveOneId() throws Exception {
        // Ring steps=3: rank 0 Sends then Recvs each lap, the others Recv then Send; Init and Finalize are the same
        // calls everywhere. With each rank numbering its own patterns both would read P0, P1, P2 and make one class.
        JsonNode classes = classes(CorpusFiles.path("ring-dump"));
        assertEquals(2, classes.size(), classes.toString());
        assertEquals(List.of(0), ints(classes.get(0).get("ranks")));
        assertEquals(List.of(1, 2, 3), ints(classes.get(1).get("ranks")));
        for (JsonNode c : classes) assertEquals(List.of(List.of(0, 0), List.of(1, 6), List.of(7, 7)), PhasesCommandTest.bounds(c));
        JsonNode zero = classes.get(0).get("phases"), others = classes.get(1).get("phases");
        assertEquals(zero.get(0).get("patterns"), others.get(0).get("patterns"), "Init: one id");
        assertEquals(zero.get(2).get("patterns"), others.get(2).get("patterns"), "Finalize: one id");
        assertTrue(!zero.get(1).get("patterns").equals(others.get(1).get("patterns")), "Send.Recv is not Recv.Send");
    }

    @Test
    void theClassesJsonHasRanksThresholdAndThePerRankPhaseKeys() throws Exception {
        JsonNode c = classes(PhasesCommandTest.resource("phasechange-dump"), "--threshold", "1").get(0);
        List<String> keys = new ArrayList<>();
        c.fieldNames().forEachRemaining(keys::add);
        assertEquals(List.of("ranks", "threshold", "phases"), keys);
        assertEquals(1, c.get("threshold").asInt(), "as given");
        List<String> phaseKeys = new ArrayList<>();
        c.get("phases").get(0).fieldNames().forEachRemaining(phaseKeys::add);
        assertEquals(List.of("index", "start", "end", "calls", "patterns", "functions", "duration_ns", "compute_ns"), phaseKeys);
        assertEquals(2, c.get("phases").size(), "t=1: the root's two halves");
    }

    @Test
    void theTextNamesEachClassesRanksCompactlyWithItsThresholdAndPhaseTable() throws Exception {
        String out = Cli.output("phases", CorpusFiles.path("ring-dump").toString());
        assertTrue(out.contains("4 ranks with calls in 2 rank classes"), out);
        assertTrue(out.contains("ranks 0 (1): t="), out);
        assertTrue(out.contains("ranks 1-3 (3): t="), out);
        assertTrue(out.lines().anyMatch(l -> l.matches("\\s+1\\s+1\\s+6\\s+6\\s.*Ring\\.main \\(6\\)")), out);
        assertTrue(out.contains("Send Ring.main:35 r+1 ; Recv Ring.main:37 r-1"), out);
    }

    @Test
    void thePlotIsAPngOfTheRootsCurveWithACutMarkedBetweenEveryTwoPhases() throws Exception {
        Path png = dir.resolve("djs.png");
        Cli c = Cli.run("phases", PhasesCommandTest.resource("threephases-dump").toString(), "--plot", png.toString(), "--rank", "2");
        assertEquals(0, c.code, c.toString());
        // 42 occurrences: Init (0), 8 set-up rounds (1-8), 24 steps (9-32), 8 finish rounds (33-40), Finalize (41): 41 cut
        // positions, and the phases end at occurrences 0, 8, 32 and 40.
        assertTrue(c.err.contains("wrote " + png + " (D_JS at 41 cut positions; the phases' cuts marked at pc = 0, 8, 32, 40)"), c.err);
        assertTrue(c.out.contains("rank 2, 106 calls as 42 occurrences"), "the rank's own output as well: " + c.out);
        BufferedImage image = ImageIO.read(png.toFile());
        assertEquals(900, image.getWidth());
        assertEquals(500, image.getHeight());
        try (var files = Files.list(dir)) {
            assertEquals(List.of(png), files.toList(), "no temporary file left");
        }
    }

    @Test
    void aRankWithoutCallsIsListedApartWhileTheOthersGetTheirPhases() throws Exception {
        TraceFile t = new TraceFile(TestTraces.meta(2), TestTraces.SITES, List.of(
                TestTraces.rank(0, 2, RankStats.EMPTY, TestTraces.ev(Op.INIT, 0).comm(0).at(-5_000, -1_000),
                        TestTraces.ev(Op.ALLREDUCE, 3).count(1).type(TestTraces.DOUBLE).redop(0).comm(0).at(1_000, 2_000),
                        TestTraces.ev(Op.ALLREDUCE, 3).count(1).type(TestTraces.DOUBLE).redop(0).comm(0).at(3_000, 4_000),
                        TestTraces.ev(Op.FINALIZE, 4).at(5_000, 6_000)),
                TestTraces.rank(1, 2, RankStats.EMPTY)));
        Path file = TestTraces.write(dir.resolve("half.mpjt"), t);
        JsonNode all = JSON.readTree(Cli.output("phases", file.toString(), "--format", "json"));
        assertEquals(List.of(1), ints(all.get("without_calls")));
        assertEquals(1, all.get("classes").size());
        assertEquals(List.of(0), ints(all.get("classes").get(0).get("ranks")));
        String text = Cli.output("phases", file.toString());
        assertTrue(text.contains("1 rank with calls in 1 rank class") && text.contains("ranks without MPJ calls: 1"), text);
    }
}
