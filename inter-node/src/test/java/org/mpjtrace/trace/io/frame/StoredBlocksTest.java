package org.mpjtrace.trace.io.frame;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.mpjtrace.trace.io.value.CorruptDataException;

/**
 * Blocks that LZ4 would not shrink are stored as they are (format 19): what the writer chooses for
 * random bytes, repetitive bytes and a mix, that every choice reads back to the same bytes, and the
 * stored flag's own corruptions.
 */
class StoredBlocksTest {

    /** The packed-length words of a body's blocks, in order. */
    private static List<Integer> packedWords(byte[] array, int size) {
        List<Integer> words = new ArrayList<>();
        ByteBuffer b = ByteBuffer.wrap(array, 0, size);
        for (int at = 0; at < size; at += Layout.BLOCK_HEADER_BYTES + (b.getInt(at + 4) & ~Layout.STORED_BLOCK))
            words.add(b.getInt(at + 4));
        return words;
    }

    private static byte[] body(byte[] data) {
        BlockOutputStream out = new BlockOutputStream(0);
        out.write(data, 0, data.length);
        out.finish();
        return Arrays.copyOf(out.array(), out.size());
    }

    private static byte[] readBack(byte[] body) throws IOException {
        try (BlockInputStream in = new BlockInputStream(ByteBuffer.wrap(body))) {
            return in.readAllBytes();
        }
    }

    private static byte[] random(int n, long seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }

    @Test
    void randomBytesAreStoredBlockByBlockAndReadBackUnchanged() throws Exception {
        byte[] data = random(2 * Layout.MAX_BLOCK_RAW + 12345, 1);
        byte[] body = body(data);
        List<Integer> words = packedWords(body, body.length);
        assertEquals(3, words.size());
        for (int w : words) assertTrue((w & Layout.STORED_BLOCK) != 0, "block not stored: " + w);
        assertEquals(data.length + 3 * Layout.BLOCK_HEADER_BYTES, body.length);
        assertArrayEquals(data, readBack(body));
    }

    @Test
    void aSmallBlockThatDoesNotShrinkIsStoredToo() throws Exception {
        byte[] data = random(100, 2);
        byte[] body = body(data);
        assertEquals(List.of(100 | Layout.STORED_BLOCK), packedWords(body, body.length));
        assertArrayEquals(data, readBack(body));
    }

    @Test
    void repetitiveBytesAreCompressed() throws Exception {
        byte[] data = new byte[Layout.MAX_BLOCK_RAW + 1000];
        for (int i = 0; i < data.length; i++) data[i] = (byte) (i % 7);
        byte[] body = body(data);
        for (int w : packedWords(body, body.length)) assertEquals(0, w & Layout.STORED_BLOCK);
        assertTrue(body.length < data.length / 50, body.length + " bytes");
        assertArrayEquals(data, readBack(body));
    }

    @Test
    void aBlockOfRandomBytesWithRepetitiveSlicesIsCompressedAndStillReadsBack() throws Exception {
        // Zeros wherever a slice is tried, random bytes between: the slices say compress, and LZ4 does.
        byte[] data = random(Layout.MAX_BLOCK_RAW, 3);
        int slice = 8 * 1024;
        for (int i = 0; i < 4; i++) {
            int from = (Layout.MAX_BLOCK_RAW - slice) * i / 3;
            Arrays.fill(data, from, from + slice, (byte) 0);
        }
        byte[] body = body(data);
        assertEquals(0, packedWords(body, body.length).get(0) & Layout.STORED_BLOCK);
        assertArrayEquals(data, readBack(body));
    }

    @Test
    void aStoredBlockWhoseLengthsDifferIsCorrupt() {
        byte[] body = ByteBuffer.allocate(Layout.BLOCK_HEADER_BYTES + 10).putInt(10).putInt(9 | Layout.STORED_BLOCK).array();
        CorruptDataException e = assertThrows(CorruptDataException.class, () -> new BlockInputStream(ByteBuffer.wrap(body)));
        assertEquals("block at body offset 0 is stored as it is but declares 9 stored bytes for 10 raw bytes", e.getMessage());
    }

    @Test
    void aStoredBlockLongerThanTheBodyIsCorrupt() {
        byte[] body = ByteBuffer.allocate(Layout.BLOCK_HEADER_BYTES + 10).putInt(20).putInt(20 | Layout.STORED_BLOCK).array();
        CorruptDataException e = assertThrows(CorruptDataException.class, () -> new BlockInputStream(ByteBuffer.wrap(body)));
        assertEquals("block at body offset 0 declares 20 packed bytes, 10 left in the section", e.getMessage());
    }

    @Test
    void aStoredBlockReadsAsItsBytes() throws Exception {
        byte[] data = {1, 2, 3, 4};
        byte[] body = ByteBuffer.allocate(Layout.BLOCK_HEADER_BYTES + 4).putInt(4).putInt(4 | Layout.STORED_BLOCK).put(data).array();
        assertArrayEquals(data, readBack(body));
    }
}
