package org.mpjtrace.trace.io.frame;

import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import net.jpountz.lz4.LZ4Exception;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;
import org.mpjtrace.trace.io.value.Bytes;
import org.mpjtrace.trace.io.value.CorruptDataException;

/**
 * The raw bytes of a section body's LZ4 blocks, decompressed one block at a time. The block headers
 * are all checked up front, which also gives the total raw length, so decoders can refuse a count
 * that promises more data than there is before allocating for it. A raw length is believed only up to
 * what its packed bytes can give ({@link Layout#MAX_LZ4_RATIO}), so that total is at most 255 times the
 * body whatever the headers say; each block is checked to give exactly its raw length when it is read.
 * A stored block ({@link Layout#STORED_BLOCK}) is its raw bytes, copied out as they are; a deflated one
 * ({@link Layout#DEFLATED_BLOCK}) is inflated into exactly its raw length, and its raw length is bounded
 * as an LZ4 block's is (the writer deflates no block past that ratio).
 */
public final class BlockInputStream extends InputStream {
    // Safe decompressor: it never reads or writes outside the arrays it is given, whatever the input.
    // Pure Java, like the compressor; decompressors are stateless, so one serves every thread.
    private static final LZ4SafeDecompressor DECOMPRESSOR = LZ4Factory.safeInstance().safeDecompressor();

    private final byte[] body;
    private final int start;
    private final int end;
    private final long rawTotal;
    private int next;
    private byte[] raw = new byte[0];
    private int rawPosition;
    private int rawLength;

    /** @param body a heap buffer holding exactly the body; throws CorruptDataException on bad framing */
    public BlockInputStream(ByteBuffer body) {
        this.body = body.array();
        this.start = body.arrayOffset() + body.position();
        this.end = start + body.remaining();
        long total = 0;
        for (int p = start; p < end; ) {
            int left = end - p - Layout.BLOCK_HEADER_BYTES;
            if (left < 0) throw corrupt(p, "header cut short (" + (end - p) + " of " + Layout.BLOCK_HEADER_BYTES + " bytes)");
            int rawLen = Bytes.getInt(this.body, p);
            int packedWord = Bytes.getInt(this.body, p + 4);
            int packedLen = packedWord & ~(Layout.STORED_BLOCK | Layout.DEFLATED_BLOCK);
            if (rawLen < 1 || rawLen > Layout.MAX_BLOCK_RAW)
                throw corrupt(p, "declares " + rawLen + " raw bytes (allowed: 1 to " + Layout.MAX_BLOCK_RAW + ")");
            if ((packedWord & Layout.STORED_BLOCK) != 0 && (packedWord & Layout.DEFLATED_BLOCK) != 0)
                throw corrupt(p, "is marked both stored and deflated");
            if ((packedWord & Layout.STORED_BLOCK) != 0 && packedLen != rawLen)
                throw corrupt(p, "is stored as it is but declares " + packedLen + " stored bytes for " + rawLen + " raw bytes");
            if (packedLen < 1 || packedLen > left)
                throw corrupt(p, "declares " + packedLen + " packed bytes, " + left + " left in the section");
            if (rawLen > (long) Layout.MAX_LZ4_RATIO * packedLen)
                throw corrupt(p, "declares " + rawLen + " raw bytes from " + packedLen + " packed bytes ("
                        + ((packedWord & Layout.DEFLATED_BLOCK) != 0 ? "a deflated block is written only within LZ4's ratio, " : "LZ4 gives ")
                        + "at most " + Layout.MAX_LZ4_RATIO + " per packed byte)");
            total += rawLen;
            p += Layout.BLOCK_HEADER_BYTES + packedLen;
        }
        this.rawTotal = total;
        this.next = start;
    }

    /** Sum of the raw lengths of all blocks. */
    public long rawTotal() {
        return rawTotal;
    }

    @Override
    public int read() {
        if (rawPosition == rawLength && !nextBlock()) return -1;
        return raw[rawPosition++] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) {
        if (len == 0) return 0;
        if (rawPosition == rawLength && !nextBlock()) return -1;
        int n = Math.min(len, rawLength - rawPosition);
        System.arraycopy(raw, rawPosition, b, off, n);
        rawPosition += n;
        return n;
    }

    private boolean nextBlock() {
        if (next >= end) return false;
        int rawLen = Bytes.getInt(body, next);
        int packedWord = Bytes.getInt(body, next + 4);
        int packedLen = packedWord & ~(Layout.STORED_BLOCK | Layout.DEFLATED_BLOCK);
        if (raw.length < rawLen) raw = new byte[rawLen];
        int got;
        if ((packedWord & Layout.STORED_BLOCK) != 0) {
            System.arraycopy(body, next + Layout.BLOCK_HEADER_BYTES, raw, 0, rawLen);
            got = rawLen;
        } else if ((packedWord & Layout.DEFLATED_BLOCK) != 0) {
            got = inflate(next, packedLen, rawLen);
        } else {
            try {
                got = DECOMPRESSOR.decompress(body, next + Layout.BLOCK_HEADER_BYTES, packedLen, raw, 0, rawLen);
            } catch (LZ4Exception e) {
                throw corrupt(next, "does not decompress (" + e.getMessage() + ")");
            }
        }
        if (got != rawLen) throw corrupt(next, "decompresses to " + got + " bytes, its header says " + rawLen);
        rawPosition = 0;
        rawLength = rawLen;
        next += Layout.BLOCK_HEADER_BYTES + packedLen;
        return true;
    }

    /** Inflates the block at {@code at} into {@link #raw}: how many bytes its stream gave, when it ends within {@code rawLen}. */
    private int inflate(int at, int packedLen, int rawLen) {
        // zlib may read one byte past a raw DEFLATE stream's end (Inflater's "nowrap" note): give it a dummy one.
        byte[] in = Arrays.copyOfRange(body, at + Layout.BLOCK_HEADER_BYTES, at + Layout.BLOCK_HEADER_BYTES + packedLen + 1);
        Inflater inflater = new Inflater(true);
        try {
            inflater.setInput(in);
            int got = inflater.inflate(raw, 0, rawLen);
            if (!inflater.finished())
                throw corrupt(at, inflater.needsInput() ? "holds a DEFLATE stream cut short" : "holds a DEFLATE stream that inflates to more than its header's " + rawLen + " bytes");
            if (inflater.getRemaining() > 1) throw corrupt(at, "has " + (inflater.getRemaining() - 1) + " bytes after its DEFLATE stream");
            return got;
        } catch (DataFormatException e) {
            throw corrupt(at, "holds a DEFLATE stream that does not inflate (" + e.getMessage() + ")");
        } finally {
            inflater.end();
        }
    }

    private CorruptDataException corrupt(int at, String what) {
        return new CorruptDataException("block at body offset " + (at - start) + " " + what);
    }
}
