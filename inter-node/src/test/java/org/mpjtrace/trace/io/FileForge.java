package org.mpjtrace.trace.io;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Output;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.function.Consumer;
import org.mpjtrace.trace.JobMeta;
import org.mpjtrace.trace.io.frame.BlockOutputStream;
import org.mpjtrace.trace.io.frame.Layout;
import org.mpjtrace.trace.io.frame.SectionHeader;

/**
 * Builds files the writer would refuse to make, with sound framing and checksums, so the reader's
 * later checks (decoding, semantics) can be reached.
 */
final class FileForge {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final Kryo kryo = TraceKryo.create();

    FileForge() {
        bytes.writeBytes(Preamble.bytes(Layout.FILE_MAGIC));
    }

    /** A file whose header names format {@code version}. */
    FileForge(int version) {
        bytes.writeBytes(ByteBuffer.allocate(Layout.PREAMBLE_BYTES).put(Layout.FILE_MAGIC).putInt(version).array());
    }

    /** A section of the right framing holding {@code value}, however wrong the value. */
    FileForge section(SectionKind kind, Object value) {
        return append(SectionEncoder.encode(kryo, kind, value));
    }

    /** A META section as a file of format 15 or older has it: without the attach time (version 16), here 0, one byte. */
    FileForge metaBeforeAttach(JobMeta meta) {
        Output full = new Output(256, -1);
        kryo.writeObject(full, meta);
        return raw(SectionKind.META.code, out -> {
            out.writeVarInt(TraceKryo.JOB_META, true);
            out.writeBytes(full.toBytes(), 0, full.position() - 1);
        });
    }

    /** A section of any kind code whose decompressed data is whatever {@code data} writes. */
    FileForge raw(int kindCode, Consumer<Output> data) {
        BlockOutputStream blocks = new BlockOutputStream(Layout.SECTION_HEADER_BYTES);
        Output out = new Output(blocks, 1024);
        data.accept(out);
        out.flush();
        return append(SectionEncoder.seal(kindCode, blocks));
    }

    /** A section with this exact body (LZ4 blocks or not) and a checksum that matches it. */
    FileForge body(int kindCode, byte[] body) {
        byte[] section = new byte[Layout.SECTION_HEADER_BYTES + body.length];
        SectionHeader.write(section, 0, kindCode, body.length, SectionHeader.checksum(kindCode, body.length, ByteBuffer.wrap(body)));
        System.arraycopy(body, 0, section, Layout.SECTION_HEADER_BYTES, body.length);
        bytes.writeBytes(section);
        return this;
    }

    FileForge bytes(byte[] more) {
        bytes.writeBytes(more);
        return this;
    }

    Kryo kryo() {
        return kryo;
    }

    byte[] toByteArray() {
        return bytes.toByteArray();
    }

    private FileForge append(ByteBuffer section) {
        byte[] a = new byte[section.remaining()];
        section.get(a);
        bytes.writeBytes(a);
        return this;
    }
}
