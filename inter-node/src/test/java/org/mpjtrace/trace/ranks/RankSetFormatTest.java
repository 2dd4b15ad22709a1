package org.mpjtrace.trace.ranks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The binary form: its bytes, its round trip, and one-line refusals of every kind of damage. */
class RankSetFormatTest {

    @Test
    void bytesAreTheNotationAsVarints() throws IOException {
        RankSet interior = RankSet.of(new Section(9, new int[] {6, 6}, new int[] {8, 1}));
        assertArrayEquals(new byte[] {1, 2, 9, 6, 1, 6, 8}, bytes(interior));
        assertArrayEquals(new byte[] {0}, bytes(RankSet.empty()));
        // 300 = 0b10_0101100: low seven bits first, continuation bit on the first byte.
        assertArrayEquals(new byte[] {1, 1, (byte) 0xAC, 0x02, 1, 1}, bytes(RankSet.single(300)));
    }

    @Test
    void roundTripKeepsSetAndSpelling() throws IOException {
        for (RankSet set : new RankSet[] {RankSet.empty(), RankSet.single(0), RankSet.range(0, 65536, 1),
                RankSet.of(0, 1, 2, 9, 10, 17, 18, 40), RankSet.single(Integer.MAX_VALUE - 1)}) {
            int world = set.isEmpty() ? 1 : set.max() + 1;
            RankSet back = RankSetExactnessTest.roundTrip(set, world);
            assertEquals(set, back);
            assertEquals(set.toString(), back.toString());
        }
    }

    @Test
    void setsFollowEachOtherInOneStream() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        DataOutputStream data = new DataOutputStream(out);
        RankSet a = RankSet.of(1, 5, 6, 7);
        RankSet b = RankSet.range(0, 64, 1);
        a.write(data);
        b.write(data);
        data.writeInt(0xCAFE);
        DataInputStream in = input(out.toByteArray());
        assertEquals(a, RankSet.read(in, 64));
        assertEquals(b, RankSet.read(in, 64));
        assertEquals(0xCAFE, in.readInt());
    }

    @Test
    void validButUncompressedInputIsNormalised() throws IOException {
        // {0..3} and {4..7}, written as two sections by some other writer: one section after reading.
        RankSet set = RankSet.read(input(new byte[] {2, 1, 0, 4, 1, 1, 4, 4, 1}), 8);
        assertEquals("<1 0 8 1>", set.toString());
        // A single count-1 dimension with any stride reads as the canonical singleton.
        assertEquals("<1 3 1 1>", RankSet.read(input(new byte[] {1, 1, 3, 1, 9}), 8).toString());
    }

    @Test
    void truncationAtEveryByteIsReported() throws IOException {
        byte[] whole = bytes(RankSet.of(0, 1, 2, 9, 10, 17, 18, 40, 300));
        for (int len = 0; len < whole.length; len++) {
            String message = failure(Arrays.copyOf(whole, len), 512);
            assertTrue(message.startsWith("rank set truncated: data ends inside "), message);
        }
        assertEquals("rank set truncated: data ends inside section count", failure(new byte[0], 8));
        assertEquals("rank set truncated: data ends inside section 2 of 3: count 2",
                failure(Arrays.copyOf(whole, 9), 512));
    }

    @Test
    void absurdCountsAreRefusedBeforeAnythingIsAllocated() {
        byte[] max = {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x07}; // 2^31 - 1
        assertEquals("rank set: 2147483647 sections cannot fit in a world of 64 ranks", failure(max, 64));
        // A world that large lets the count pass; the data then runs out, still without a big allocation.
        assertEquals("rank set truncated: data ends inside section 1 of 2147483647: dimension",
                failure(max, Integer.MAX_VALUE));
        byte[] hugeCount = concat(new byte[] {1, 1, 0}, max, new byte[] {1});
        assertEquals("rank set section 1 of 1 <1 0 2147483647 1>: last rank 2147483646 is not below 64",
                failure(hugeCount, 64));
        // Four dimensions of 2^16 each: 2^64 ranks.
        byte[] c = {(byte) 0x80, (byte) 0x80, 0x04}; // 65536
        byte[] s = {1};
        byte[] huge = concat(new byte[] {1, 4, 0}, c, s, c, s, c, s, c, s);
        assertEquals("rank set section 1 of 1 <4 0 65536 1 65536 1 65536 1 65536 1>: size passes 2^31 - 1 ranks",
                failure(huge, Integer.MAX_VALUE));
    }

    @Test
    void badVarintsAreReported() {
        assertEquals("rank set: section count is longer than five bytes",
                failure(new byte[] {(byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, 0}, 8));
        assertEquals("rank set: section count 4294967295 passes 2^31 - 1",
                failure(new byte[] {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x0F}, 8));
    }

    @Test
    void brokenSectionsAreNamed() {
        assertEquals("rank set section 1 of 1: dimension 0 is outside [1, 4]", failure(new byte[] {1, 0}, 64));
        assertEquals("rank set section 1 of 1: dimension 5 is outside [1, 4]", failure(new byte[] {1, 5}, 64));
        assertEquals("rank set section 1 of 1 <1 64 1 1>: start 64 is not below 64",
                failure(new byte[] {1, 1, 64, 1, 1}, 64));
        assertEquals("rank set section 1 of 1 <1 60 5 1>: last rank 64 is not below 64",
                failure(new byte[] {1, 1, 60, 5, 1}, 64));
        assertEquals("rank set section 1 of 1 <1 0 0 1>: count 0 is below 1", failure(new byte[] {1, 1, 0, 0, 1}, 64));
        assertEquals("rank set section 1 of 1 <1 0 2 0>: stride 0 is below 1", failure(new byte[] {1, 1, 0, 2, 0}, 64));
        assertEquals("rank set section 1 of 1 <2 0 4 4 2 1>: stride 1 does not exceed the extent 12 of the dimensions inside it",
                failure(new byte[] {1, 2, 0, 4, 4, 2, 1}, 64));
    }

    @Test
    void overlappingOrUnorderedSectionsAreRefused() {
        // <1 0 4 1> then <1 2 4 1>: ranks 2 and 3 twice.
        assertEquals("rank set section 2 of 2 <1 2 4 1>: starts at rank 2, not after rank 3 where section 1 ends"
                + " (sections overlap or are out of order)", failure(new byte[] {2, 1, 0, 4, 1, 1, 2, 4, 1}, 64));
        // Disjoint but in the wrong order.
        assertTrue(failure(new byte[] {2, 1, 10, 1, 1, 1, 0, 1, 1}, 64).contains("not after rank 10"));
        // Interleaved: evens then odds. Disjoint as sets, but a section must end before the next starts.
        assertTrue(failure(new byte[] {2, 1, 0, 4, 2, 1, 1, 4, 2}, 64).contains("sections overlap or are out of order"));
        // The same rank twice.
        assertTrue(failure(new byte[] {2, 1, 5, 1, 1, 1, 5, 1, 1}, 64).contains("not after rank 5"));
    }

    @Test
    void everyMessageIsOneLine() {
        byte[][] bad = {{}, {1, 0}, {1, 1, 64, 1, 1}, {2, 1, 0, 4, 1, 1, 2, 4, 1}, {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x0F}};
        for (byte[] b : bad) {
            String m = failure(b, 64);
            assertFalse(m.isBlank());
            assertFalse(m.contains("\n") || m.contains("\r"), m);
        }
    }

    @Test
    void aNegativeWorldIsAProgrammingError() {
        assertThrows(IllegalArgumentException.class, () -> RankSet.read(input(new byte[] {0}), -1));
    }

    private static String failure(byte[] data, int world) {
        RankSetFormatException e = assertThrows(RankSetFormatException.class, () -> RankSet.read(input(data), world));
        return e.getMessage();
    }

    private static byte[] bytes(RankSet set) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        set.write(new DataOutputStream(out));
        return out.toByteArray();
    }

    private static DataInputStream input(byte[] data) {
        return new DataInputStream(new ByteArrayInputStream(data));
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) out.writeBytes(p);
        return out.toByteArray();
    }
}
