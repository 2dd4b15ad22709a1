package org.mpjtrace.trace.io;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Output;
import java.nio.ByteBuffer;
import org.mpjtrace.trace.io.frame.BlockOutputStream;
import org.mpjtrace.trace.io.frame.Layout;
import org.mpjtrace.trace.io.frame.SectionHeader;

/** Turns one object into a whole section: header, then its Kryo data in LZ4 blocks. */
final class SectionEncoder {

    private SectionEncoder() {}

    /** The section holding {@code value}, whose class must be {@code kind}'s, for a message between ranks: LZ4 blocks. */
    static ByteBuffer encode(Kryo kryo, SectionKind kind, Object value) {
        return encode(kryo, kind, value, new BlockOutputStream(Layout.SECTION_HEADER_BYTES));
    }

    /** The section for a trace file: its small blocks deflated where that is smaller ({@link BlockOutputStream#forFile}). */
    static ByteBuffer encodeForFile(Kryo kryo, SectionKind kind, Object value) {
        return encode(kryo, kind, value, BlockOutputStream.forFile(Layout.SECTION_HEADER_BYTES));
    }

    private static ByteBuffer encode(Kryo kryo, SectionKind kind, Object value, BlockOutputStream blocks) {
        if (!kind.type.isInstance(value)) throw new IllegalArgumentException(kind + " sections hold " + kind.type.getSimpleName());
        Output out = new Output(blocks, 64 * 1024);
        // Our own leading id instead of Kryo's writeClassAndObject: reading it back can then never
        // make Kryo look a class up by name.
        out.writeVarInt(kryo.getRegistration(kind.type).getId(), true);
        kryo.writeObject(out, value);
        out.flush();
        return seal(kind.code, blocks);
    }

    /** Fills in the header before the blocks written to {@code blocks}. */
    static ByteBuffer seal(int kindCode, BlockOutputStream blocks) {
        blocks.finish();
        byte[] a = blocks.array();
        int bodyLength = blocks.size() - Layout.SECTION_HEADER_BYTES;
        ByteBuffer body = ByteBuffer.wrap(a, Layout.SECTION_HEADER_BYTES, bodyLength);
        SectionHeader.write(a, 0, kindCode, bodyLength, SectionHeader.checksum(kindCode, bodyLength, body));
        return ByteBuffer.wrap(a, 0, blocks.size());
    }
}
