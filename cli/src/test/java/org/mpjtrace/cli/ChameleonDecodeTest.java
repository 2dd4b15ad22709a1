package org.mpjtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.StackSummary;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.global.GlobalEvent;
import org.mpjtrace.trace.global.GlobalLoop;
import org.mpjtrace.trace.global.GlobalNode;
import org.mpjtrace.trace.global.GlobalTrace;

/** decode on a chameleon-mode trace: the settings in the header, then the global trace as for mode full. */
class ChameleonDecodeTest {
    @TempDir
    Path dir;

    private Cli decode(TraceFile trace, String... options) throws Exception {
        Path file = ChameleonTraces.write(dir.resolve("c.mpjt"), trace);
        String[] args = new String[options.length + 2];
        args[0] = "decode";
        args[1] = file.toString();
        System.arraycopy(options, 0, args, 2, options.length);
        Cli c = Cli.run(args);
        assertEquals(0, c.code, c.toString());
        assertEquals("", c.err);
        return c;
    }

    @Test
    void theHeaderGivesModeMarkerRuleCallFrequencyAndK() throws Exception {
        List<String> lines = decode(ChameleonTraces.finished()).out.lines().toList();
        assertTrue(lines.get(0).startsWith("trace:          "), lines.get(0));
        assertEquals(List.of("mode:           chameleon", "marker:         site:Solver.step", "call frequency: 2", "K (leads):      2"),
                lines.subList(1, 5));
    }

    @Test
    void theGlobalTracePrintsAsItsLoopStructure() throws Exception {
        String out = decode(ChameleonTraces.finished()).out;
        assertTrue(out.contains("global trace: 4 ranks <1 0 4 1>, 7 nodes\n"), out);
        assertTrue(out.lines().anyMatch(l -> l.matches("\\s*1\\s+loop 5x")), out);
    }

    @Test
    void rankAndExpandWorkAsInModeFull() throws Exception {
        String own = decode(ChameleonTraces.finished(), "--rank", "2").out;
        assertTrue(own.contains("; what rank 2 runs"), own);
        assertTrue(own.contains("peer=r+1"), own);
        String calls = decode(ChameleonTraces.finished(), "--rank", "2", "--expand").out;
        assertTrue(calls.contains("rank 2 on node2: 18 events"), calls);
        // Rebuilt calls have no times of their own: they get their call sites' mean times, one after another, and say so.
        assertTrue(calls.contains("times: each call's call-site mean compute before it and mean time inside it"), calls);
        List<String> isends = calls.lines().filter(l -> l.matches("\\s*\\d+  Isend\\s+Solver\\.exchange:42\\s+peer=3 .*")).toList();
        assertTrue(isends.size() > 1, calls);
        assertTrue(isends.stream().noneMatch(l -> l.endsWith("t=0.000us dur=0.000us")), "times are the means, not zeros: " + isends);
    }

    @Test
    void anInterimTraceSaysSoFirst() throws Exception {
        List<String> lines = decode(ChameleonTraces.interim()).out.lines().toList();
        assertEquals("interim trace: written at marker 3; the job did not reach MPI.Finalize", lines.get(0));
        assertTrue(lines.contains("ranks:          4 (0 in this file)"), lines.toString());
    }

    /**
     * Rank 2's section keeps that its Isends all went to rank 0, where its lead's calls give it r+1 (rank 3):
     * decode --expand, text and JSON Lines, shows rank 2 its own peer, as replay and compare do.
     */
    @Test
    void aNonLeadsExpandedCallsCarryThePeerItsSectionKeepsNotItsLeads() throws Exception {
        TraceFile t = ChameleonTraces.finished();
        long isendStack = isend(t.global().nodes()).stack();
        List<RankTrace> ranks = new ArrayList<>(t.ranks());
        RankTrace two = ranks.get(2);
        ranks.set(2, new RankTrace(2, two.host(), two.initNanos(), two.eventCount(), two.words(), two.comms(), two.datatypes(), two.redops(),
                two.stats(), two.arrays(), List.of(), List.of(new StackSummary(isendStack, ChameleonTraces.STEPS, 0, 0, StackSummary.VARIES))));
        TraceFile withOwnPeer = new TraceFile(t.meta(), t.sites(), ranks, t.callPaths(), t.global(), t.markers());

        String lead = decode(t, "--rank", "2", "--expand").out;
        assertEquals(ChameleonTraces.STEPS, lead.lines().filter(l -> l.matches("\\s*\\d+  Isend .* peer=3 .*")).count(), lead);
        String own = decode(withOwnPeer, "--rank", "2", "--expand").out;
        assertEquals(ChameleonTraces.STEPS, own.lines().filter(l -> l.matches("\\s*\\d+  Isend .* peer=0 .*")).count(), own);
        // The loop listing of a rank whose section keeps values of its own is its own calls, folded again.
        String listing = decode(withOwnPeer, "--rank", "2").out;
        assertTrue(listing.contains("\nrank 2's own calls, 7 nodes: it is in a cluster led by rank 0 and its section keeps calls or values of its own"), listing);
        assertTrue(listing.lines().anyMatch(l -> l.matches("\\s*\\d+\\s+Isend\\s+Solver\\.exchange:42 peer=r[+-]2 .*")), listing);
        assertTrue(listing.lines().noneMatch(l -> l.contains("Isend") && l.contains("peer=r+1")), listing);
        String leads = decode(withOwnPeer, "--rank", "0").out;
        assertTrue(leads.contains("global trace: 4 ranks") && !leads.contains("own calls"), "a lead's listing is the global trace's: " + leads);
        String json = decode(withOwnPeer, "--rank", "2", "--expand", "--format", "jsonl").out;
        assertEquals(ChameleonTraces.STEPS, json.lines().filter(l -> l.contains("\"op\":\"Isend\"") && l.contains("\"peer\":0,")).count(), json);
    }

    /**
     * A rank whose threads called MPJ at once is not folded again (its calls interleave by thread): its listing
     * stays the lead's, and a line under the header says what its section keeps and where it is applied.
     */
    @Test
    void aThreadedNonLeadsListingStaysItsLeadsAndSaysWhatItsSectionKeeps() throws Exception {
        TraceFile t = ChameleonTraces.finished();
        GlobalEvent isend = isend(t.global().nodes());
        List<GlobalNode> nodes = new ArrayList<>(t.global().nodes());
        // The same Isend once more, made by each rank's second thread at the end.
        nodes.add(new GlobalEvent(isend.op(), 1, isend.site(), isend.stack(), isend.ranks(), isend.fields(), isend.compute(), isend.inside()));
        List<RankTrace> ranks = new ArrayList<>(t.ranks());
        RankTrace two = ranks.get(2);
        ranks.set(2, new RankTrace(2, two.host(), two.initNanos(), two.eventCount(), two.words(), two.comms(), two.datatypes(), two.redops(),
                two.stats(), two.arrays(), List.of(), List.of(new StackSummary(isend.stack(), ChameleonTraces.STEPS + 1, 0, 0, StackSummary.VARIES))));
        TraceFile threaded = new TraceFile(t.meta(), t.sites(), ranks, t.callPaths(), new GlobalTrace(nodes, t.global().ranks()), t.markers());

        String listing = decode(threaded, "--rank", "2").out;
        assertTrue(listing.contains("global trace: 4 ranks <1 0 4 1>, 8 nodes; what rank 2 runs\n  rank 2 is in a cluster led by rank 0: the loops and "
                + "values below are its lead's; its section keeps its own calls or values at 1 call path and its own arguments of 0 calls, "
                + "which decode --expand --rank 2 applies\n"), listing);
        assertTrue(!listing.contains("own calls,"), listing);
    }

    /** The trace's one Isend event. */
    private static GlobalEvent isend(List<GlobalNode> nodes) {
        for (GlobalNode n : nodes) {
            if (n instanceof GlobalEvent e && e.op() == Op.ISEND.code) return e;
            if (n instanceof GlobalLoop l) {
                GlobalEvent e = isend(l.body());
                if (e != null) return e;
            }
        }
        return null;
    }
}
