package org.mpjtrace.signatures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

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
}
