package org.mpjtrace.signatures.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpjtrace.signatures.cluster.AcurdionChecks.buildFormats;
import static org.mpjtrace.signatures.cluster.AcurdionChecks.differingSignatures;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

// In runtime, not signatures: these tests use src-test-fixtures, which depends on signatures (a cycle there).
/** ACURDION's Algorithm 1 (Adaptive Signature Building) run over the binomial tree, against brute force. */
class AdaptiveSignatureBuildingTest {

    /** Many sizes: every P up to 70, powers of two and their neighbours, and a few odd large ones. */
    private static List<Integer> sizes() {
        List<Integer> sizes = new ArrayList<>();
        for (int p = 1; p <= 70; p++) sizes.add(p);
        for (int p : new int[] {96, 100, 127, 128, 129, 255, 256, 257, 333, 511, 512, 513, 1000, 1023, 1024}) sizes.add(p);
        return sizes;
    }

    @Test
    void theRootFindsExactlyTheSignaturesThatDifferBetweenSomeTwoRanks() {
        Random random = new Random(11);
        int checked = 0;
        for (int p : sizes()) {
            for (int round = 0; round < 3; round++) {
                int spread = 1 + random.nextInt(3);
                SignatureVector[] set = SignatureSets.random(p, 1 + random.nextInt(3), spread, random.nextLong());
                assertEquals(differingSignatures(set), buildFormats(set)[0], "random set, P " + p + ", spread " + spread);
                checked++;
            }
        }
        assertTrue(checked > 200);
    }

    @Test
    void whenExactlyGivenSignaturesDifferExactlyTheirBitsAreSet() {
        Random random = new Random(12);
        for (int p : sizes()) {
            if (p < 2) continue;
            for (int round = 0; round < 4; round++) {
                int format = random.nextInt(Signature.ALL + 1);
                SignatureVector[] set = SignatureSets.differingIn(p, format, random.nextLong());
                assertEquals(format, differingSignatures(set), "the fixture differs in exactly its format");
                assertEquals(format, buildFormats(set)[0], "P " + p + ", format " + SignatureFormat.labels(format));
            }
        }
    }

    @Test
    void aDifferenceOnlyBetweenTheRootsSubtreesIsFoundAtTheRoot() {
        for (int p = 2; p <= 300; p++) {
            for (Signature s : Signature.values()) {
                int[] formats = buildFormats(SignatureSets.splitAtRootsLargestChild(p, s));
                assertEquals(s.bit(), formats[0], "P " + p + ", " + s.label + " differs across the root only");
                for (int r = 1; r < p; r++) assertEquals(0, formats[r], "P " + p + ": nothing differs below rank " + r);
            }
        }
    }

    @Test
    void everySubtreeFindsWhatDiffersInsideIt() {
        Random random = new Random(13);
        for (int p : new int[] {5, 12, 31, 64, 100, 257}) {
            SignatureVector[] set = SignatureSets.random(p, 2, 2, random.nextLong());
            int[] formats = buildFormats(set);
            for (int r = 1; r < p; r++) {
                int size = BinomialTree.subtreeSize(r, p);
                SignatureVector[] subtree = java.util.Arrays.copyOfRange(set, r, r + size);
                assertEquals(differingSignatures(subtree), formats[r], "P " + p + ", subtree of " + r);
            }
        }
    }

    @Test
    void theKnownGridsSelectTheirDocumentedSignatures() {
        int srcDest = Signature.SRC.bit() | Signature.DEST.bit();
        int times = Signature.COMP.bit() | Signature.COMM.bit();
        assertEquals(srcDest, buildFormats(SignatureSets.gridStencil4x4())[0]);
        assertEquals(srcDest | times, buildFormats(SignatureSets.gridStencil(7, 0.05, 3))[0]);
        assertEquals(Signature.KEY.bit() | Signature.COLOR.bit(), buildFormats(SignatureSets.processGrid(3, 5))[0]);
        int cg = Signature.CALL_PATH.bit() | Signature.COUNT.bit() | srcDest | Signature.KEY.bit() | Signature.COLOR.bit();
        for (int s = 2; s <= 8; s++) assertEquals(cg, buildFormats(SignatureSets.cgTranspose(s))[0], "CG transpose " + s + " x " + s);
        for (int p : new int[] {1, 2, 17, 64}) assertEquals(0, buildFormats(SignatureSets.allEqual(p))[0], "identical ranks");
    }

    @Test
    void oneNodesStepSetsTheBitsWhereItDiffersFromTheChildAndKeepsTheChildsBits() {
        SignatureVector mine = SignatureSets.typical(SignatureSets.CP_STEP);
        SignatureVector child = SignatureSets.with(mine, Signature.TAG, 8);
        assertEquals(Signature.TAG.bit(), SignatureFormat.withChild(0, mine, child, 0));
        assertEquals(Signature.TAG.bit() | Signature.LOOP.bit() | Signature.KEY.bit(),
                SignatureFormat.withChild(Signature.KEY.bit(), mine, child, Signature.LOOP.bit()));
        assertEquals(Signature.KEY.bit(), SignatureFormat.withChild(Signature.KEY.bit(), mine, mine, 0), "equal vectors add nothing");
    }

    @Test
    void formatWordsNameTheirSignatures() {
        assertEquals(List.of("Call-Path", "COUNT", "SRC", "DEST", "KEY", "COLOR", "TAG", "COMP", "COMM", "LOOP", "TYPE"),
                SignatureFormat.labels(Signature.ALL));
        assertEquals(List.of("SRC", "TYPE"), SignatureFormat.labels(Signature.TYPE.bit() | Signature.SRC.bit()));
        assertEquals(List.of(), SignatureFormat.labels(0));
        assertTrue(SignatureFormat.valid(Signature.ALL));
        assertFalse(SignatureFormat.valid(1 << 11));
        assertFalse(SignatureFormat.valid(-1));
        assertEquals(1 << 9, Signature.LOOP.bit(), "a signature's bit is 1 << ordinal");
    }

    @Test
    void theBinomialTreeIsATreeOverEveryRank() {
        for (int p : sizes()) {
            int[] seen = new int[p];
            for (int r = 0; r < p; r++) {
                int[] children = BinomialTree.children(r, p);
                int below = 1;
                for (int i = 0; i < children.length; i++) {
                    int c = children[i];
                    assertEquals(r, BinomialTree.parent(c), "P " + p + ": parent of " + c);
                    assertTrue(i == 0 || c > children[i - 1], "children nearest first");
                    seen[c]++;
                    below += BinomialTree.subtreeSize(c, p);
                }
                // a subtree is the ranks from its root up to the next sibling: [r, r + size)
                if (r > 0) assertEquals(BinomialTree.subtreeSize(r, p), below, "P " + p + ": subtree of " + r);
                else assertEquals(p, below, "P " + p + ": the root's subtree is everything");
            }
            seen[0]++;
            int[] once = new int[p];
            java.util.Arrays.fill(once, 1);
            assertArrayEquals(once, seen, "P " + p + ": every rank has exactly one parent, the root none");
        }
        assertEquals(-1, BinomialTree.parent(0));
        assertArrayEquals(new int[] {1, 2, 4}, BinomialTree.children(0, 8));
        assertArrayEquals(new int[] {5, 6}, BinomialTree.children(4, 7));
        assertArrayEquals(new int[] {}, BinomialTree.children(5, 7));
    }
}
