package org.mpjtrace.trace.io.frame;

import java.io.OutputStream;
import java.util.Arrays;
import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Factory;
import org.mpjtrace.trace.io.value.Bytes;

/**
 * Compresses what is written to it into LZ4 blocks of at most {@link Layout#MAX_BLOCK_RAW} raw bytes,
 * each with its raw and packed lengths, into one growing array. Space for a header is kept free at
 * the front so the caller can frame the result without copying it.
 */
public final class BlockOutputStream extends OutputStream {
    // The pure-Java implementation: no native library to load inside the traced program's JVM, and
    // LZ4 compressors hold no state between calls, so one serves every thread.
    private static final LZ4Compressor COMPRESSOR = LZ4Factory.safeInstance().fastCompressor();
    // Arrays cannot be quite Integer.MAX_VALUE long on common JVMs.
    private static final int MAX_ARRAY = Integer.MAX_VALUE - 16;

    private byte[] raw = new byte[4096];
    private int rawLength;
    private byte[] packed;
    private int size;
    private boolean finished;

    /** @param headerRoom bytes left free at the start of {@link #array()} */
    public BlockOutputStream(int headerRoom) {
        packed = new byte[headerRoom + 256];
        size = headerRoom;
    }

    @Override
    public void write(int b) {
        if (rawLength == raw.length) makeRoom();
        raw[rawLength++] = (byte) b;
    }

    @Override
    public void write(byte[] b, int off, int len) {
        while (len > 0) {
            if (rawLength == raw.length) makeRoom();
            int n = Math.min(len, raw.length - rawLength);
            System.arraycopy(b, off, raw, rawLength, n);
            rawLength += n;
            off += n;
            len -= n;
        }
    }

    /** Compresses what is still buffered. Nothing may be written afterwards. */
    public void finish() {
        if (finished) return;
        packBlock();
        finished = true;
    }

    /** The header room followed by the blocks; valid up to {@link #size()}. */
    public byte[] array() {
        return packed;
    }

    public int size() {
        return size;
    }

    /** Grows the raw buffer up to a full block (small sections stay small), then packs it. */
    private void makeRoom() {
        if (finished) throw new IllegalStateException("stream already finished");
        if (raw.length < Layout.MAX_BLOCK_RAW) raw = Arrays.copyOf(raw, Math.min(raw.length * 2, Layout.MAX_BLOCK_RAW));
        else packBlock();
    }

    private void packBlock() {
        if (rawLength == 0) return;
        int bound = COMPRESSOR.maxCompressedLength(rawLength);
        ensureCapacity((long) size + Layout.BLOCK_HEADER_BYTES + bound);
        int packedLength = COMPRESSOR.compress(raw, 0, rawLength, packed, size + Layout.BLOCK_HEADER_BYTES, bound);
        Bytes.putInt(packed, size, rawLength);
        Bytes.putInt(packed, size + 4, packedLength);
        size += Layout.BLOCK_HEADER_BYTES + packedLength;
        rawLength = 0;
    }

    private void ensureCapacity(long needed) {
        if (needed <= packed.length) return;
        if (needed > MAX_ARRAY)
            throw new IllegalStateException("section too large: more than " + MAX_ARRAY + " bytes compressed");
        packed = Arrays.copyOf(packed, (int) Math.min(MAX_ARRAY, Math.max(needed, 2L * packed.length)));
    }
}
