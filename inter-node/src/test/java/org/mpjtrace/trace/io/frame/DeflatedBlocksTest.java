package org.mpjtrace.trace.io.frame;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import java.util.zip.Deflater;
import org.junit.jupiter.api.Test;
import org.mpjtrace.trace.io.value.CorruptDataException;

/**
 * A trace file's small blocks are deflated where that is smaller than LZ4 (format 21), messages' never:
 * what the writer chooses for text, random bytes and large blocks, that each reads back, and the
 * corruptions a deflated block can carry.
 */
class DeflatedBlocksTest {

    /** Text as a small section holds it: class and method names, some repeated, and short numbers. */
    private static byte[] text() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 12; i++) sb.append("org/example/solver/Stencil").append(i % 3).append(".main:").append(30 + 7 * i).append(" mpi/Comm.Isend;");
        return sb.toString().getBytes(StandardCharsets.US_ASCII);
    }

    private static byte[] body(BlockOutputStream out, byte[] data) {
        out.write(data, 0, data.length);
        out.finish();
        return Arrays.copyOf(out.array(), out.size());
    }

    private static int packedWord(byte[] body) {
        return ByteBuffer.wrap(body).getInt(4);
    }

    private static byte[] readBack(byte[] body) throws IOException {
        try (BlockInputStream in = new BlockInputStream(ByteBuffer.wrap(body))) {
            return in.readAllBytes();
        }
    }

    private static byte[] deflate(byte[] data) {
        Deflater d = new Deflater(Deflater.BEST_COMPRESSION, true);
        d.setInput(data);
        d.finish();
        byte[] out = new byte[data.length + 64];
        int n = d.deflate(out);
        d.end();
        return Arrays.copyOf(out, n);
    }

    /** One block: raw length, packed word, packed bytes. */
    private static byte[] block(int rawLength, int packedWord, byte[] packed) {
        return ByteBuffer.allocate(Layout.BLOCK_HEADER_BYTES + packed.length).putInt(rawLength).putInt(packedWord).put(packed).array();
    }

    @Test
    void aFilesSmallTextBlockIsDeflatedSmallerThanLz4AndReadsBack() throws Exception {
        byte[] data = text();
        byte[] file = body(BlockOutputStream.forFile(0), data);
        byte[] message = body(new BlockOutputStream(0), data);
        assertTrue((packedWord(file) & Layout.DEFLATED_BLOCK) != 0, "not deflated");
        assertEquals(0, packedWord(message) & (Layout.DEFLATED_BLOCK | Layout.STORED_BLOCK), "a message's block is LZ4");
        assertTrue(file.length < message.length, file.length + " bytes deflated against " + message.length + " with LZ4");
        assertArrayEquals(data, readBack(file));
        assertArrayEquals(data, readBack(message));
    }

    @Test
    void randomBytesStayStoredInAFile() throws Exception {
        byte[] data = new byte[500];
        new Random(5).nextBytes(data);
        byte[] file = body(BlockOutputStream.forFile(0), data);
        assertEquals(500 | Layout.STORED_BLOCK, packedWord(file));
        assertArrayEquals(data, readBack(file));
    }

    @Test
    void aBlockLargerThanTheDeflateLimitIsLz4EvenInAFile() throws Exception {
        byte[] data = new byte[Layout.MAX_DEFLATED_RAW + 1];
        for (int i = 0; i < data.length; i++) data[i] = (byte) (i % 251 * 7);
        byte[] file = body(BlockOutputStream.forFile(0), data);
        assertEquals(0, packedWord(file) & (Layout.DEFLATED_BLOCK | Layout.STORED_BLOCK));
        assertArrayEquals(data, readBack(file));
    }

    @Test
    void aDeflatedBlockCutShortIsCorrupt() {
        byte[] packed = deflate(text());
        byte[] cut = Arrays.copyOf(packed, packed.length / 2);
        byte[] body = block(text().length, cut.length | Layout.DEFLATED_BLOCK, cut);
        CorruptDataException e = assertThrows(CorruptDataException.class, () -> readBack(body));
        assertTrue(e.getMessage().startsWith("block at body offset 0 "), e.getMessage());
    }

    @Test
    void aDeflatedBlockThatGivesMoreThanItsRawLengthIsCorrupt() {
        byte[] packed = deflate(text());
        byte[] body = block(text().length - 1, packed.length | Layout.DEFLATED_BLOCK, packed);
        CorruptDataException e = assertThrows(CorruptDataException.class, () -> readBack(body));
        assertEquals("block at body offset 0 holds a DEFLATE stream that inflates to more than its header's " + (text().length - 1) + " bytes", e.getMessage());
    }

    @Test
    void aDeflatedBlockThatGivesLessThanItsRawLengthIsCorrupt() {
        byte[] packed = deflate(text());
        byte[] body = block(text().length + 1, packed.length | Layout.DEFLATED_BLOCK, packed);
        CorruptDataException e = assertThrows(CorruptDataException.class, () -> readBack(body));
        assertEquals("block at body offset 0 decompresses to " + text().length + " bytes, its header says " + (text().length + 1), e.getMessage());
    }

    @Test
    void bytesAfterTheDeflateStreamAreCorrupt() {
        byte[] packed = Arrays.copyOf(deflate(text()), deflate(text()).length + 3);
        byte[] body = block(text().length, packed.length | Layout.DEFLATED_BLOCK, packed);
        CorruptDataException e = assertThrows(CorruptDataException.class, () -> readBack(body));
        assertEquals("block at body offset 0 has 3 bytes after its DEFLATE stream", e.getMessage());
    }

    @Test
    void garbageIsCorruptNotACrash() {
        byte[] garbage = new byte[40];
        new Random(9).nextBytes(garbage);
        byte[] body = block(100, garbage.length | Layout.DEFLATED_BLOCK, garbage);
        CorruptDataException e = assertThrows(CorruptDataException.class, () -> readBack(body));
        assertTrue(e.getMessage().startsWith("block at body offset 0 "), e.getMessage());
    }

    @Test
    void aDeflatedBlockDeclaringMoreThanTheRatioIsRefusedInItsOwnWords() {
        byte[] body = block(256, 1 | Layout.DEFLATED_BLOCK, new byte[1]);
        CorruptDataException e = assertThrows(CorruptDataException.class, () -> new BlockInputStream(ByteBuffer.wrap(body)));
        assertEquals("block at body offset 0 declares 256 raw bytes from 1 packed bytes (a deflated block is written only within LZ4's ratio, "
                + "at most 255 per packed byte)", e.getMessage());
    }

    @Test
    void aBlockMarkedBothStoredAndDeflatedIsCorrupt() {
        byte[] body = block(4, 4 | Layout.STORED_BLOCK | Layout.DEFLATED_BLOCK, new byte[4]);
        CorruptDataException e = assertThrows(CorruptDataException.class, () -> new BlockInputStream(ByteBuffer.wrap(body)));
        assertEquals("block at body offset 0 is marked both stored and deflated", e.getMessage());
    }
}
