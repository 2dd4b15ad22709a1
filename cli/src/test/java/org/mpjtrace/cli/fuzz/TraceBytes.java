package org.mpjtrace.cli.fuzz;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.Deflater;
import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Factory;
import org.mpjtrace.trace.io.frame.BlockInputStream;
import org.mpjtrace.trace.io.frame.BlockOutputStream;
import org.mpjtrace.trace.io.frame.Layout;
import org.mpjtrace.trace.io.frame.SectionHeader;

/**
 * A trace file taken apart into its preamble and sections, and put back together with sound headers
 * and checksums, so that a mutation can reach past the checksum into the LZ4 blocks (a section's body)
 * or into the decoders (a section's decompressed data). Only for well-formed files: the corpus.
 */
final class TraceBytes {
    private static final LZ4Compressor COMPRESSOR = LZ4Factory.safeInstance().fastCompressor();
    /** One section: its kind code and its body as on disk. */
    record Section(int kind, byte[] body) {}

    final byte[] preamble;
    final List<Section> sections;

    private TraceBytes(byte[] preamble, List<Section> sections) {
        this.preamble = preamble;
        this.sections = sections;
    }

    static TraceBytes parse(byte[] file) {
        ByteBuffer b = ByteBuffer.wrap(file);
        byte[] preamble = new byte[Layout.PREAMBLE_BYTES];
        b.get(preamble);
        List<Section> sections = new ArrayList<>();
        while (b.hasRemaining()) {
            int kind = b.get() & 0xFF;
            byte[] body = new byte[b.getInt()];
            b.getInt(); // checksum
            b.get(body);
            sections.add(new Section(kind, body));
        }
        return new TraceBytes(preamble, sections);
    }

    /** The file, each section framed with its length and a checksum that matches. */
    byte[] join() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(preamble);
        for (Section s : sections) out.writeBytes(frame(s.kind(), s.body()));
        return out.toByteArray();
    }

    static byte[] frame(int kind, byte[] body) {
        byte[] framed = new byte[Layout.SECTION_HEADER_BYTES + body.length];
        SectionHeader.write(framed, 0, kind, body.length, SectionHeader.checksum(kind, body.length, ByteBuffer.wrap(body)));
        System.arraycopy(body, 0, framed, Layout.SECTION_HEADER_BYTES, body.length);
        return framed;
    }

    /** A body's decompressed data. */
    static byte[] unpack(byte[] body) {
        try (BlockInputStream in = new BlockInputStream(ByteBuffer.wrap(body))) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Data compressed into a body of blocks of at most {@code chunk} raw bytes each: many blocks from a small
     * file, each LZ4-compressed, deflated (every other block, where that is smaller) or stored as it is where
     * neither shrinks it (most blocks of a few bytes).
     */
    static byte[] packInBlocks(byte[] data, int chunk) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        for (int at = 0, block = 0; at < data.length; at += chunk, block++) {
            int raw = Math.min(chunk, data.length - at);
            byte[] chunkBytes = Arrays.copyOfRange(data, at, at + raw);
            byte[] packed = COMPRESSOR.compress(chunkBytes);
            int flag = 0;
            byte[] deflated = block % 2 == 1 ? deflated(chunkBytes) : null;
            if (deflated != null && deflated.length < Math.min(packed.length, raw)) {
                packed = deflated;
                flag = Layout.DEFLATED_BLOCK;
            } else if (packed.length >= raw) { // as the writer does: a block nothing shrinks is stored as it is
                packed = chunkBytes;
                flag = Layout.STORED_BLOCK;
            }
            body.writeBytes(ByteBuffer.allocate(8).putInt(raw).putInt(packed.length | flag).array());
            body.writeBytes(packed);
        }
        return body.toByteArray();
    }

    private static byte[] deflated(byte[] data) {
        Deflater d = new Deflater(Deflater.BEST_COMPRESSION, true);
        try {
            d.setInput(data);
            d.finish();
            byte[] out = new byte[data.length + 64];
            int n = d.deflate(out);
            return d.finished() ? Arrays.copyOf(out, n) : null;
        } finally {
            d.end();
        }
    }

    /** Offsets of the block headers in a body. */
    static List<Integer> blockOffsets(byte[] body) {
        List<Integer> offsets = new ArrayList<>();
        ByteBuffer b = ByteBuffer.wrap(body);
        for (int at = 0; at + 8 <= body.length; at += 8 + (b.getInt(at + 4) & ~(Layout.STORED_BLOCK | Layout.DEFLATED_BLOCK))) offsets.add(at);
        return offsets;
    }

    /** Data compressed into a body of blocks, as the writer makes a file's. */
    static byte[] pack(byte[] data) {
        BlockOutputStream blocks = BlockOutputStream.forFile(0);
        blocks.write(data, 0, data.length);
        blocks.finish();
        byte[] body = new byte[blocks.size()];
        System.arraycopy(blocks.array(), 0, body, 0, body.length);
        return body;
    }
}
