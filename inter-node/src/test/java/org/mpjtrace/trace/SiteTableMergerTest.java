package org.mpjtrace.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Unifying the site and call-path tables of JVMs that numbered their sites independently (niodev). */
class SiteTableMergerTest {
    private static final CallSite INIT = site(0, "main", 10, "mpi.MPI.Init", 100);
    private static final CallSite SEND = site(0, "exchange", 40, "mpi.Comm.Send", 200);
    private static final CallSite FROM_MAIN = site(0, "main", 20, "a.App.exchange", 300);
    private static final CallSite FROM_STEP = site(0, "step", 30, "a.App.exchange", 400);

    private static CallSite site(int id, String method, int line, String api, long signature) {
        return new CallSite(id, "a.App", method, line, 0, api, signature);
    }

    private static List<CallSite> numbered(CallSite... sites) {
        CallSite[] out = new CallSite[sites.length];
        for (int i = 0; i < sites.length; i++) {
            CallSite s = sites[i];
            out[i] = new CallSite(i, s.className(), s.methodName(), s.line(), s.ordinal(), s.api(), s.stackSignature());
        }
        return List.of(out);
    }

    /** A rank whose events are (site, signature) pairs. */
    private static RankTrace rank(int rank, long... siteAndSignature) {
        int n = siteAndSignature.length / 2;
        long[] w = new long[n * Event.WORDS];
        for (int i = 0; i < n; i++) {
            w[RankTrace.base(i) + Event.W_OP_SITE] = Event.pack(Op.SEND.code, (int) siteAndSignature[2 * i]);
            w[RankTrace.base(i) + Event.W_STACK] = siteAndSignature[2 * i + 1];
        }
        return new RankTrace(rank, "h", 0, n, w, List.of(), List.of(), List.of(), RankStats.EMPTY);
    }

    @Test
    void callPathsAreRenumberedLikeEventsAndSignaturesKept() {
        // JVM A: Init 0, Send 1, fromMain 2, fromStep 3. JVM B met them in another order.
        List<CallSite> a = numbered(INIT, SEND, FROM_MAIN, FROM_STEP);
        List<CallSite> b = numbered(FROM_STEP, SEND, INIT, FROM_MAIN);
        SiteTableMerger merger = new SiteTableMerger(true);
        RankTrace r0 = merger.remap(rank(0, 0, 100, 1, 11, 1, 22), a,
                List.of(new CallPath(100, 0, new int[0]), new CallPath(11, 1, new int[] {2}), new CallPath(22, 1, new int[] {3, 2})));
        RankTrace r1 = merger.remap(rank(1, 2, 100, 1, 22), b,
                List.of(new CallPath(100, 2, new int[0]), new CallPath(22, 1, new int[] {0, 3}), new CallPath(33, 1, new int[] {CallPath.UNRECORDED})));

        assertEquals(List.of(INIT.key(), SEND.key(), FROM_MAIN.key(), FROM_STEP.key()), merger.sites().stream().map(CallSite::key).toList());
        assertEquals(0, Event.site(r1.words(), RankTrace.base(0)), "JVM B's Init, its site 2, is merged site 0");
        assertEquals(List.of(new CallPath(100, 0, new int[0]), new CallPath(11, 1, new int[] {2}), new CallPath(22, 1, new int[] {3, 2})),
                merger.callPaths(), "one path per signature, sites renumbered; the unused signature 33 is left out");
        assertEquals(100, Event.stack(r1.words(), 0));
        assertEquals(22, Event.stack(r1.words(), RankTrace.base(1)), "signatures are not renumbered");
        assertEquals(0, Event.site(r0.words(), 0));
    }

    @Test
    void aSignatureStandingForOtherFramesIsRefusedAndTheTraceLeftAlone() {
        SiteTableMerger merger = new SiteTableMerger(true);
        merger.remap(rank(0, 1, 11), numbered(INIT, SEND, FROM_MAIN), List.of(new CallPath(11, 1, new int[] {2})));
        RankTrace other = rank(1, 1, 11);
        long[] before = other.words().clone();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> merger.remap(other,
                numbered(INIT, SEND, FROM_STEP), List.of(new CallPath(11, 1, new int[] {2}))));
        assertTrue(e.getMessage().contains("stack signature b stands for other frames"), e.getMessage());
        assertArrayEquals(before, other.words());
    }

    @Test
    void withRequiredPathsEveryEventMustBeExplained() {
        SiteTableMerger merger = new SiteTableMerger(true);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> merger.remap(rank(3, 0, 100, 1, 11), numbered(INIT, SEND), List.of(new CallPath(100, 0, new int[0]))));
        assertEquals("rank 3 event 1: its stack signature b is not explained by the rank's call paths", e.getMessage());
        IllegalArgumentException wrongSite = assertThrows(IllegalArgumentException.class,
                () -> merger.remap(rank(3, 0, 100), numbered(INIT, SEND), List.of(new CallPath(100, 1, new int[0]))));
        assertTrue(wrongSite.getMessage().startsWith("rank 3 event 0"), wrongSite.getMessage());
        // Without calling context nothing is required, and traces without paths merge as before.
        SiteTableMerger plain = new SiteTableMerger();
        plain.remap(rank(0, 1, 200), numbered(INIT, SEND));
        assertEquals(List.of(), plain.callPaths());
    }

    @Test
    void aPathNamingASiteMissingFromItsTableIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new SiteTableMerger(true)
                .remap(rank(0, 1, 11), numbered(INIT, SEND), List.of(new CallPath(11, 1, new int[] {7}))));
        assertEquals("rank 0: a call path names call site 7 missing from its table", e.getMessage());
    }
}
