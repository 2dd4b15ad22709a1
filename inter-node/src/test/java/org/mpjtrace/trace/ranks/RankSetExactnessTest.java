package org.mpjtrace.trace.ranks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Property tests over seeded random sets: whatever the set, the ranklist holds exactly it, survives
 * the binary form, unions like sets, and is spelled the same however it was built.
 */
class RankSetExactnessTest {

    private static final int SETS = 600;

    @Test
    void randomSetsAreHeldExactly() throws IOException {
        Random random = new Random(20240611L);
        for (int t = 0; t < SETS; t++) {
            int n = 1 + random.nextInt(5000);
            BitSet bits = RandomSets.any(random, n);
            String what = "set " + t + " (n=" + n + ")";
            RankSet set = RankSet.of(bits);
            int[] expected = bits.stream().toArray();

            assertArrayEquals(expected, set.toArray(), what);
            assertEquals(expected.length, set.size(), what);
            assertEquals(expected.length == 0, set.isEmpty(), what);
            for (int r = -1; r <= n + 10; r++) assertEquals(bits.get(Math.max(r, 0)) && r >= 0, set.contains(r), what + " rank " + r);
            assertFalse(set.contains(Integer.MAX_VALUE), what);
            assertFalse(set.contains(Integer.MIN_VALUE), what);
            if (expected.length > 0) {
                assertEquals(expected[0], set.min(), what);
                assertEquals(expected[expected.length - 1], set.max(), what);
            }
            List<Integer> seen = new ArrayList<>();
            set.forEach(seen::add);
            assertEquals(boxed(expected), seen, what);

            checkSectionsPartitionInOrder(set, what);
            checkNoWorseThanRuns(set, expected, what);

            RankSet back = roundTrip(set, n + 1);
            assertEquals(set, back, what);
            assertEquals(set.sections(), back.sections(), what);
            assertEquals(set.toString(), back.toString(), what);

            BitSet otherBits = RandomSets.any(random, 1 + random.nextInt(5000));
            RankSet other = RankSet.of(otherBits);
            BitSet both = (BitSet) bits.clone();
            both.or(otherBits);
            RankSet union = set.union(other);
            assertArrayEquals(both.stream().toArray(), union.toArray(), what + " union");
            assertEquals(RankSet.of(both), union, what + " union");
            assertEquals(union, other.union(set), what + " union commutes");
            assertEquals(union.hashCode(), other.union(set).hashCode(), what);
        }
    }

    @Test
    void everySubsetOfSixteenRanks() throws IOException {
        int[] ranks = new int[16];
        for (int mask = 0; mask < 1 << 16; mask++) {
            int n = 0;
            for (int r = 0; r < 16; r++) {
                if ((mask >> r & 1) != 0) ranks[n++] = r;
            }
            int[] expected = java.util.Arrays.copyOf(ranks, n);
            RankSet set = RankSet.of(expected);
            String what = "subset " + Integer.toBinaryString(mask);
            assertArrayEquals(expected, set.toArray(), what);
            for (int r = 0; r < 18; r++) assertEquals(r < 16 && (mask >> r & 1) != 0, set.contains(r), what);
            checkSectionsPartitionInOrder(set, what);
            checkNoWorseThanRuns(set, expected, what);
            if ((mask & 0xFF) == 0x5A) assertEquals(set, roundTrip(set, 16), what); // a sample is enough here
        }
    }

    @Test
    void theSameSetIsSpelledTheSameWhicheverWayItIsBuilt() {
        Random random = new Random(99);
        for (int t = 0; t < 300; t++) {
            BitSet bits = RandomSets.any(random, 1 + random.nextInt(3000));
            RankSet fromBits = RankSet.of(bits);

            // Shuffled, with duplicates.
            int[] ranks = bits.stream().toArray();
            List<Integer> list = new ArrayList<>(boxed(ranks));
            if (!list.isEmpty()) list.addAll(list.subList(0, Math.min(5, list.size())));
            Collections.shuffle(list, random);
            RankSet fromArray = RankSet.of(list.stream().mapToInt(Integer::intValue).toArray());

            // Section by section, in random order.
            List<Section> parts = new ArrayList<>(fromBits.sections());
            Collections.shuffle(parts, random);
            RankSet fromSections = RankSet.empty();
            for (Section s : parts) fromSections = fromSections.union(RankSet.of(s));

            // Rank by rank, in random order.
            RankSet fromSingles = RankSet.empty();
            if (ranks.length < 300) {
                for (int r : list) fromSingles = fromSingles.union(RankSet.single(r));
            } else {
                fromSingles = fromBits;
            }

            for (RankSet other : List.of(fromArray, fromSections, fromSingles)) {
                assertEquals(fromBits, other, "set " + t);
                assertEquals(fromBits.sections(), other.sections(), "set " + t);
                assertEquals(fromBits.hashCode(), other.hashCode(), "set " + t);
            }
        }
    }

    @Test
    void anyNestedBoxIsOneSectionInFusedForm() {
        Random random = new Random(5);
        for (int t = 0; t < 3000; t++) {
            Section box = randomNestedBox(random);
            RankSet set = RankSet.of(box.toArray());
            assertEquals(List.of(box.normalized()), set.sections(), box.toString());
            assertEquals(RankSet.of(box), set, box.toString());
            assertArrayEquals(box.toArray(), set.toArray(), box.toString());
        }
    }

    /** 1 to 4 dimensions, counts 1 to 6, each stride just above or well above the inside extent. */
    private static Section randomNestedBox(Random random) {
        int d = 1 + random.nextInt(Section.MAX_DIMENSIONS);
        int[] counts = new int[d];
        int[] strides = new int[d];
        long extent = 0;
        for (int k = d - 1; k >= 0; k--) {
            counts[k] = 1 + random.nextInt(6);
            int slack = random.nextInt(3) == 0 ? 0 : random.nextInt(1 + random.nextInt(20));
            // Sometimes exactly count * stride of the dimension inside, so the box must be fused.
            if (k < d - 1 && random.nextInt(4) == 0) strides[k] = counts[k + 1] * strides[k + 1];
            else strides[k] = (int) extent + 1 + slack;
            if (strides[k] <= extent) strides[k] = (int) extent + 1;
            extent += (long) (counts[k] - 1) * strides[k];
        }
        return new Section(random.nextInt(100), counts, strides);
    }

    private static void checkSectionsPartitionInOrder(RankSet set, String what) {
        int previousLast = -1;
        int total = 0;
        for (Section s : set.sections()) {
            assertTrue(s.first() > previousLast, what + " sections in order and apart");
            assertEquals(s.normalized(), s, what + " sections fused");
            previousLast = s.last();
            total += s.size();
        }
        assertEquals(set.size(), total, what);
    }

    /** The promised bound: no more sections than greedy maximal runs, so at most ceil(n / 2). */
    private static void checkNoWorseThanRuns(RankSet set, int[] ranks, String what) {
        int runs = 0;
        for (int i = 0; i < ranks.length; runs++) {
            if (i + 1 == ranks.length) {
                i++;
                continue;
            }
            int stride = ranks[i + 1] - ranks[i];
            int j = i + 2;
            while (j < ranks.length && ranks[j] - ranks[j - 1] == stride) j++;
            i = j;
        }
        assertTrue(set.sections().size() <= runs, what + ": " + set.sections().size() + " sections > " + runs + " runs");
        assertTrue(set.sections().size() <= (ranks.length + 1) / 2, what);
        int blocks = ranks.length == 0 ? 0 : 1;
        for (int i = 1; i < ranks.length; i++) {
            if (ranks[i] != ranks[i - 1] + 1) blocks++;
        }
        assertTrue(set.sections().size() <= blocks, what + ": more sections than blocks of consecutive ranks");
    }

    static RankSet roundTrip(RankSet set, int worldSize) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        set.write(new DataOutputStream(bytes));
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes.toByteArray()));
        RankSet back = RankSet.read(in, worldSize);
        assertEquals(-1, in.read(), "read consumed exactly the set");
        return back;
    }

    private static List<Integer> boxed(int[] ranks) {
        List<Integer> out = new ArrayList<>(ranks.length);
        for (int r : ranks) out.add(r);
        return out;
    }
}
