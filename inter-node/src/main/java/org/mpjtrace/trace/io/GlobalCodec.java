package org.mpjtrace.trace.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import org.mpjtrace.trace.global.GlobalTrace;
import org.mpjtrace.trace.io.frame.ArrayByteSource;
import org.mpjtrace.trace.io.frame.ByteSource;
import org.mpjtrace.trace.io.frame.Layout;

/**
 * The messages of the tree merge in mode full: a global trace of some ranks, sent to the parent in the
 * tree. Magic, version and one GLOBAL section, with the checksums and checks of trace files.
 */
public final class GlobalCodec {
    private static final String LABEL = "global trace message";
    private static final byte[] MAGIC = "MPJTGLOB".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private GlobalCodec() {}

    public static byte[] encode(GlobalTrace trace) {
        ByteBuffer section = SectionEncoder.encode(TraceKryo.forThread(), SectionKind.GLOBAL, trace);
        byte[] bytes = new byte[Layout.PREAMBLE_BYTES + section.remaining()];
        System.arraycopy(Preamble.bytes(MAGIC), 0, bytes, 0, Layout.PREAMBLE_BYTES);
        section.get(bytes, Layout.PREAMBLE_BYTES, section.remaining());
        return bytes;
    }

    public static GlobalTrace decode(byte[] bytes) throws TraceFormatException {
        if (bytes == null) throw new TraceFormatException(LABEL + ": no bytes");
        try {
            ByteSource source = new ArrayByteSource(bytes);
            Preamble.check(source, LABEL, MAGIC, "global trace message");
            SectionScanner scanner = new SectionScanner(source, LABEL);
            if (scanner.atEnd()) throw new TraceFormatException(LABEL + ": truncated: no section after the header");
            SectionScanner.Section section = scanner.next();
            if (section.kind() != SectionKind.GLOBAL) throw TraceFormatException.corrupt(LABEL, section.ref(), "not a GLOBAL section");
            GlobalTrace trace = (GlobalTrace) SectionDecoder.decode(TraceKryo.forThread(), LABEL, section);
            if (!scanner.atEnd()) throw new TraceFormatException(LABEL + ": corrupt: bytes after the section");
            return trace;
        } catch (IOException e) {
            throw new UncheckedIOException(e); // bytes in memory
        }
    }
}
