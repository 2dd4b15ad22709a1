package org.mpjtrace.signatures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class StackSignatureTest {

    @Test
    void sameSiteGivesSameSignature() {
        assertEquals(StackSignature.ofSite("a.B", "run", 10, 0, "mpi.Comm.Send"),
                StackSignature.ofSite("a.B", "run", 10, 0, "mpi.Comm.Send"));
    }

    @Test
    void everyPartOfTheSiteCounts() {
        long base = StackSignature.ofSite("a.B", "run", 10, 0, "mpi.Comm.Send");
        assertNotEquals(base, StackSignature.ofSite("a.C", "run", 10, 0, "mpi.Comm.Send"));
        assertNotEquals(base, StackSignature.ofSite("a.B", "go", 10, 0, "mpi.Comm.Send"));
        assertNotEquals(base, StackSignature.ofSite("a.B", "run", 11, 0, "mpi.Comm.Send"));
        assertNotEquals(base, StackSignature.ofSite("a.B", "run", 10, 1, "mpi.Comm.Send"));
        assertNotEquals(base, StackSignature.ofSite("a.B", "run", 10, 0, "mpi.Comm.Recv"));
    }

    @Test
    void noCollisionsAmongManyNearbySites() {
        Set<Long> seen = new HashSet<>();
        for (int line = 0; line < 2000; line++)
            for (int ord = 0; ord < 5; ord++)
                seen.add(StackSignature.ofSite("x.Y", "m", line, ord, "mpi.Comm.Send"));
        assertEquals(10_000, seen.size());
    }

    @Test
    void arrayDigestDependsOnContentAndOrder() {
        assertEquals(Mix64.of(new int[] {1, 2, 3}), Mix64.of(new int[] {1, 2, 3}));
        assertNotEquals(Mix64.of(new int[] {1, 2, 3}), Mix64.of(new int[] {3, 2, 1}));
        assertNotEquals(Mix64.of(new int[] {0}), Mix64.of(new int[] {0, 0}));
        assertEquals(0, Mix64.of((int[]) null));
    }

    @Test
    void callersExtendTheSignatureInOrder() {
        long site = StackSignature.ofSite("a.B", "exchange", 40, 0, "mpi.Comm.Sendrecv");
        long viaMain = StackSignature.ofSite("a.B", "main", 20, 0, "a.B.exchange");
        long viaStep = StackSignature.ofSite("a.B", "step", 30, 0, "a.B.exchange");
        long one = StackSignature.withCaller(site, viaMain);
        assertNotEquals(site, one, "a caller changes the signature");
        assertNotEquals(one, StackSignature.withCaller(site, viaStep), "two callers, two signatures");
        assertEquals(one, StackSignature.withCaller(site, viaMain), "the same context, the same signature");
        long ab = StackSignature.withCaller(StackSignature.withCaller(site, viaMain), viaStep);
        long ba = StackSignature.withCaller(StackSignature.withCaller(site, viaStep), viaMain);
        assertNotEquals(ab, ba, "the order of callers counts");
        assertNotEquals(one, ab, "a longer context differs from its prefix");
    }

    @Test
    void recursionAndUnrecordedCallersDoNotCancel() {
        long site = StackSignature.ofSite("a.B", "f", 5, 0, "mpi.Comm.Send");
        long self = StackSignature.ofSite("a.B", "f", 7, 0, "a.B.f");
        Set<Long> seen = new HashSet<>();
        long s = site;
        for (int depth = 0; depth < 1000; depth++) {
            assertTrue(seen.add(s), "depth " + depth + " repeats an earlier signature");
            s = StackSignature.withCaller(s, self);
        }
        assertNotEquals(StackSignature.withCaller(site, self), StackSignature.withCaller(site, StackSignature.UNRECORDED_CALLER));
    }

    @Test
    void manyDistinctContextsOfOneSiteDoNotCollide() {
        long site = StackSignature.ofSite("x.Y", "m", 1, 0, "mpi.Intracomm.Allreduce");
        Set<Long> seen = new HashSet<>();
        for (int a = 0; a < 100; a++)
            for (int b = 0; b < 100; b++) {
                long ca = StackSignature.ofSite("x.Y", "a", a, 0, "x.Y.m");
                long cb = StackSignature.ofSite("x.Y", "b", b, 0, "x.Y.a");
                seen.add(StackSignature.withCaller(StackSignature.withCaller(site, ca), cb));
            }
        assertEquals(10_000, seen.size());
    }
}
