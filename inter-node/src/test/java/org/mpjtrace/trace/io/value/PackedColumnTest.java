package org.mpjtrace.trace.io.value;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.io.ByteArrayInputStream;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** A column packed to the bits its spread needs reads back exactly, whatever the spread, and a short one is refused. */
class PackedColumnTest {
    private static byte[] write(long[] values) {
        Output out = new Output(64, -1);
        PackedColumn.write(out, values);
        return out.toBytes();
    }

    private static long[] read(byte[] bytes, int n) {
        return PackedColumn.read(new BoundedInput(new ByteArrayInputStream(bytes), bytes.length), n, "test column");
    }

    @Test
    void columnsOfEverySpreadReadBackExactly() {
        SplittableRandom random = new SplittableRandom(7);
        for (int width = 0; width <= 64; width++) {
            for (int n : new int[] {0, 1, 7, 8, 9, 64, 1000}) {
                long[] values = new long[n];
                long base = random.nextLong(), mask = width == 64 ? -1L : (1L << width) - 1;
                for (int i = 0; i < n; i++) values[i] = base + (random.nextLong() & mask);
                byte[] bytes = write(values);
                assertArrayEquals(values, read(bytes, n), "width " + width + ", " + n + " values");
            }
        }
    }

    @Test
    void sixtyFourSetUpCodesSpreadOverFiftyBinsTakeSixBitsEach() {
        long[] codes = new long[64];
        SplittableRandom random = new SplittableRandom(64);
        for (int i = 0; i < codes.length; i++) codes[i] = 2790 + random.nextInt(50);
        byte[] bytes = write(codes);
        // The least code (2 bytes as a zigzag varlong), the width, 64 x 6 bits.
        assertEquals(2 + 1 + 48, bytes.length);
        long[] equal = new long[64];
        java.util.Arrays.fill(equal, 2800);
        assertEquals(3, write(equal).length, "equal values take no bits");
    }

    @Test
    void aColumnShorterThanItsValuesOrWiderThan64BitsIsRefused() {
        byte[] bytes = write(new long[] {1, 2, 3, 1000});
        CorruptDataException shortOne = assertThrows(CorruptDataException.class, () -> read(bytes, 40));
        assertTrue(shortOne.getMessage().startsWith("test column packed byte count"), shortOne.getMessage());
        Output out = new Output(8, -1);
        out.writeVarLong(0, false);
        out.writeByte(65);
        CorruptDataException wide = assertThrows(CorruptDataException.class, () -> read(out.toBytes(), 1));
        assertEquals("test column: 65 bits a value", wide.getMessage());
    }
}
