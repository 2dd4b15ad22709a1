package org.mpjtrace.trace.ranks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Unions worked on sections ({@link SectionUnion}): exact for any two sets, and compact where a
 * clustering tree needs it: a class of a grid joined from the pieces that the subtrees of a binomial tree
 * hold travels as one section, however the subtrees cut its rows.
 */
class SectionUnionTest {

    @Test
    void gridClassesJoinedOverABinomialTreeTravelAsOneSection() throws IOException {
        int[][] grids = {{16, 16}, {13, 7}, {64, 64}, {10, 33}, {100, 37}, {255, 17}, {256, 256}, {8, 8, 8}, {5, 7, 9}, {33, 20, 11}, {4, 4, 4, 4}};
        int checked = 0;
        for (int[] extents : grids) {
            for (Grids.Part[] choice : Grids.allChoices(extents.length, Grids.Part.BASIC)) {
                int[] ranks = Grids.product(extents, choice);
                if (ranks.length == 0) continue;
                int p = 1;
                for (int e : extents) p *= e;
                RankSet joined = overBinomialTree(ranks, p);
                String what = java.util.Arrays.toString(extents) + " " + java.util.Arrays.toString(choice);
                assertEquals(RankSet.of(ranks), joined, what);
                assertEquals(1, sectionsAsBuilt(joined), what + ": " + joined);
                checked++;
            }
        }
        assertTrue(checked > 100, checked + " classes");
    }

    @Test
    void unionsOfAnySetsAreExactAndTheirMessagesReadBack() throws IOException {
        Random random = new Random(61);
        for (int t = 0; t < 3000; t++) {
            int n = 1 + random.nextInt(t < 2000 ? 200 : 5000);
            BitSet a = RandomSets.any(random, n), b = RandomSets.any(random, n);
            if (random.nextBoolean()) a = shiftedAbove(a, b, random); // ordered pieces, as in the tree
            BitSet both = (BitSet) a.clone();
            both.or(b);
            RankSet union = RankSet.of(a).union(RankSet.of(b));
            String what = "set " + t;
            assertArrayEquals(both.stream().toArray(), union.toArray(), what);
            assertEquals(RankSet.of(both), union, what);
            assertEquals(RankSet.of(both).hashCode(), union.hashCode(), what);
            RankSet read = readAsBuilt(union, union.isEmpty() ? 0 : union.max() + 1);
            assertEquals(union, read, what + " read back");
            assertArrayEquals(union.toArray(), read.toArray(), what + " read back");
        }
    }

    @Test
    void twoSectionsJoinIntoOneExactlyWhenTheyDo() {
        Random random = new Random(62);
        int joins = 0;
        for (int t = 0; t < 200_000; t++) {
            Section a = randomSection(random, 0), b = randomSection(random, a.last() + 1 + random.nextInt(40));
            Section joined = SectionUnion.joined(a, b);
            if (joined == null) continue;
            joins++;
            BitSet expected = new BitSet();
            a.forEach(expected::set);
            b.forEach(expected::set);
            assertArrayEquals(expected.stream().toArray(), joined.toArray(), a + " + " + b + " = " + joined);
            assertEquals(joined.normalized(), joined, "fused form");
        }
        assertTrue(joins > 1000, joins + " joins");
    }

    @Test
    void markingFindsEveryRankHeldTwice() {
        Random random = new Random(63);
        int clashes = 0;
        for (int t = 0; t < 3000; t++) {
            int n = 1 + random.nextInt(300);
            List<RankSet> sets = new ArrayList<>();
            BitSet all = new BitSet();
            long total = 0;
            for (int i = 1 + random.nextInt(4); i > 0; i--) {
                BitSet s = random.nextInt(3) == 0 ? RandomSets.any(random, n) : disjointFrom(all, RandomSets.any(random, n));
                sets.add(RankSet.of(s));
                all.or(s);
                total += s.cardinality();
            }
            boolean disjoint = total == all.cardinality();
            BitSet marks = new BitSet();
            boolean marked = true;
            for (RankSet s : sets) marked &= s.markInto(marks);
            assertEquals(disjoint, marked, "family " + t + ": " + sets);
            if (disjoint) assertEquals(all, marks, "family " + t);
            else clashes++;
        }
        assertTrue(clashes > 100, clashes + " families with a clash");
    }

    /** The set as the root of a binomial tree over p ranks holds it: each node joins its children's, nearest first. */
    private static RankSet overBinomialTree(int[] ranks, int p) {
        BitSet in = new BitSet();
        for (int r : ranks) in.set(r);
        RankSet[] node = new RankSet[p];
        for (int r = p - 1; r >= 0; r--) {
            node[r] = in.get(r) ? RankSet.single(r) : RankSet.empty();
            for (int bit = 1; bit < p && (r & bit) == 0 && r + bit < p; bit <<= 1) node[r] = node[r].union(node[r + bit]);
        }
        return node[0];
    }

    /** b's ranks moved above a's (the two sets then join in rank order). */
    private static BitSet shiftedAbove(BitSet a, BitSet b, Random random) {
        int base = a.length() + random.nextInt(3);
        BitSet out = (BitSet) a.clone();
        b.stream().forEach(r -> out.set(base + r));
        return out;
    }

    private static BitSet disjointFrom(BitSet taken, BitSet s) {
        BitSet out = (BitSet) s.clone();
        out.andNot(taken);
        return out;
    }

    private static Section randomSection(Random random, int start) {
        int d = 1 + random.nextInt(3);
        int[] counts = new int[d], strides = new int[d];
        long extent = 0;
        for (int k = d - 1; k >= 0; k--) {
            counts[k] = 1 + random.nextInt(4);
            strides[k] = (int) extent + 1 + random.nextInt(4);
            extent += (long) (counts[k] - 1) * strides[k];
        }
        return new Section(start, counts, strides).normalized();
    }

    private static int sectionsAsBuilt(RankSet set) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        set.writeAsBuilt(new DataOutputStream(bytes));
        return Varint.read(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())), () -> "section count");
    }

    private static RankSet readAsBuilt(RankSet set, int world) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        set.writeAsBuilt(new DataOutputStream(bytes));
        return RankSet.read(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())), world);
    }
}
