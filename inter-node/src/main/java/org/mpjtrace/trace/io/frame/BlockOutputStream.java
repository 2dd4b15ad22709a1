package org.mpjtrace.trace.io.frame;

import java.io.OutputStream;
import java.util.Arrays;
import java.util.zip.Deflater;
import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Factory;
import org.mpjtrace.trace.io.value.Bytes;

/**
 * Compresses what is written to it into LZ4 blocks of at most {@link Layout#MAX_BLOCK_RAW} raw bytes,
 * each with its raw and packed lengths, into one growing array. Space for a header is kept free at
 * the front so the caller can frame the result without copying it.
 *
 * <p>A block that LZ4 would not shrink is stored as it is ({@link Layout#STORED_BLOCK}). Calls' own
 * nanosecond times (timing=lossless) are such data: 4,822,769 bytes of Stencil2D's times packed to
 * 4,826,873. A full block is first tried on a few slices, and stored without compressing the rest when
 * they do not shrink by {@link #WORTH} of their size; at MPI.Finalize, where every rank compresses its
 * section at once in code not yet compiled, compressing those times cost about a second of a 13 s run
 * (16 ranks on 2 cores, JFR).
 *
 * <p>Where a trace file is written ({@link #forFile}), a block of at most {@link Layout#MAX_DEFLATED_RAW}
 * raw bytes is also deflated, and kept so when that is smaller ({@link Layout#DEFLATED_BLOCK}). Most of a
 * compressed mode's file is such small sections, where LZ4, which has no entropy coding, leaves text and
 * small varints nearly as they are: a 16-rank Ring file (timing=aggregate) took 668 bytes of blocks with
 * LZ4 and 567 with LZ4 or DEFLATE, whichever was smaller; Stencil2D's 1,315 and 1,097. Messages between
 * ranks keep LZ4 alone: they are decoded on the merges' critical path, where LZ4 is several times faster.
 */
public final class BlockOutputStream extends OutputStream {
    // The pure-Java implementation: no native library to load inside the traced program's JVM, and
    // LZ4 compressors hold no state between calls, so one serves every thread.
    private static final LZ4Compressor COMPRESSOR = LZ4Factory.safeInstance().fastCompressor();
    // Arrays cannot be quite Integer.MAX_VALUE long on common JVMs.
    private static final int MAX_ARRAY = Integer.MAX_VALUE - 16;
    /** Slices tried of a block, each this long, spread evenly; smaller blocks are tried whole. */
    private static final int SLICES = 4, SLICE = 8 * 1024;
    /** A trial must shrink by at least 1/16 for the block to be compressed. */
    private static final int WORTH = 16;

    private byte[] raw = new byte[4096];
    private int rawLength;
    private byte[] packed;
    private int size;
    private boolean finished;
    private final boolean deflates;

    /** A stream of LZ4 (or stored) blocks, as messages between ranks are. @param headerRoom bytes left free at the start of {@link #array()} */
    public BlockOutputStream(int headerRoom) {
        this(headerRoom, false);
    }

    private BlockOutputStream(int headerRoom, boolean deflates) {
        packed = new byte[headerRoom + 256];
        size = headerRoom;
        this.deflates = deflates;
    }

    /** A stream for a trace file: small blocks are deflated where that is smaller than LZ4. */
    public static BlockOutputStream forFile(int headerRoom) {
        return new BlockOutputStream(headerRoom, true);
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
        int at = size + Layout.BLOCK_HEADER_BYTES;
        int packedLength = slicesShrink() ? COMPRESSOR.compress(raw, 0, rawLength, packed, at, bound) : rawLength;
        if (packedLength >= rawLength) {
            System.arraycopy(raw, 0, packed, at, rawLength);
            packedLength = rawLength;
            Bytes.putInt(packed, size + 4, rawLength | Layout.STORED_BLOCK);
        } else {
            Bytes.putInt(packed, size + 4, packedLength);
        }
        if (deflates && rawLength <= Layout.MAX_DEFLATED_RAW) {
            byte[] deflated = deflated(Math.min(packedLength - 1, rawLength));
            if (deflated != null && rawLength <= (long) Layout.MAX_LZ4_RATIO * deflated.length) {
                System.arraycopy(deflated, 0, packed, at, deflated.length);
                packedLength = deflated.length;
                Bytes.putInt(packed, size + 4, packedLength | Layout.DEFLATED_BLOCK);
            }
        }
        Bytes.putInt(packed, size, rawLength);
        size += Layout.BLOCK_HEADER_BYTES + packedLength;
        rawLength = 0;
    }

    /** The buffered block deflated, or null when that takes more than {@code most} bytes. */
    private byte[] deflated(int most) {
        if (most < 1) return null;
        // zlib's default level: on 64 KiB of a dump's sections level 9 took 2.7 ms and saved under 1% (15,102 B
        // against 14,967 B at level 6, 0.7 ms), and rank 0 deflates every rank's last block at Finalize.
        Deflater deflater = new Deflater(Deflater.DEFAULT_COMPRESSION, true);
        try {
            deflater.setInput(raw, 0, rawLength);
            deflater.finish();
            byte[] out = new byte[most];
            int n = deflater.deflate(out, 0, most);
            return deflater.finished() ? Arrays.copyOf(out, n) : null;
        } finally {
            deflater.end();
        }
    }

    /**
     * Whether LZ4 shrinks a few slices of the buffered block by {@link #WORTH} of their size (true for a
     * block too small to slice: it is compressed whole, and stored only if that did not shrink it). The
     * slices are compressed into the free space past the block's room in {@link #packed}.
     */
    private boolean slicesShrink() {
        if (rawLength < 2 * SLICES * SLICE) return true;
        int room = COMPRESSOR.maxCompressedLength(SLICE);
        ensureCapacity((long) size + Layout.BLOCK_HEADER_BYTES + COMPRESSOR.maxCompressedLength(rawLength) + room);
        int scratch = packed.length - room;
        long packedTotal = 0;
        for (int i = 0; i < SLICES; i++) {
            int from = (int) ((long) (rawLength - SLICE) * i / (SLICES - 1));
            packedTotal += COMPRESSOR.compress(raw, from, SLICE, packed, scratch, room);
        }
        long tried = (long) SLICES * SLICE;
        return packedTotal <= tried - tried / WORTH;
    }

    private void ensureCapacity(long needed) {
        if (needed <= packed.length) return;
        if (needed > MAX_ARRAY)
            throw new IllegalStateException("section too large: more than " + MAX_ARRAY + " bytes compressed");
        packed = Arrays.copyOf(packed, (int) Math.min(MAX_ARRAY, Math.max(needed, 2L * packed.length)));
    }
}
