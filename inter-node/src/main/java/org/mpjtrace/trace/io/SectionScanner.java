package org.mpjtrace.trace.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import org.mpjtrace.trace.io.frame.ByteSource;
import org.mpjtrace.trace.io.frame.Layout;
import org.mpjtrace.trace.io.frame.SectionHeader;

/**
 * Walks the sections after the preamble, checking each header against the bytes that are really
 * there and each body against its checksum before anyone decodes it.
 */
final class SectionScanner {

    /** A section whose framing and checksum are sound; its body is not decoded yet. */
    record Section(SectionRef ref, SectionKind kind, ByteBuffer body) {
    }

    private final ByteSource source;
    private final String label;
    private long position = Layout.PREAMBLE_BYTES;
    private int index;

    SectionScanner(ByteSource source, String label) {
        this.source = source;
        this.label = label;
    }

    /** True when no byte follows the last section read. */
    boolean atEnd() {
        return position == source.size();
    }

    /** Offset of the next section's header (or the end of the data). */
    long position() {
        return position;
    }

    /** Sections read so far. */
    int count() {
        return index;
    }

    /** The next section. Call only when not {@link #atEnd()}. */
    Section next() throws TraceFormatException, IOException {
        Header h = header();
        ByteBuffer body = source.read(h.ref.offset() + Layout.SECTION_HEADER_BYTES, h.bodyLength);
        if (SectionHeader.checksum(h.ref.kindCode(), h.bodyLength, body) != h.checksum)
            throw new TraceFormatException(label + ": checksum mismatch in " + h.ref);
        advance(h);
        return new Section(h.ref, h.kind, body);
    }

    /**
     * The next section's kind, its header checked against the bytes there but its body neither read nor
     * checksummed: for a walk that only sizes the sections of a file already read. Call only when not
     * {@link #atEnd()}.
     */
    SectionKind skip() throws TraceFormatException, IOException {
        Header h = header();
        advance(h);
        return h.kind;
    }

    private record Header(SectionRef ref, SectionKind kind, int bodyLength, int checksum) {}

    private Header header() throws TraceFormatException, IOException {
        long start = position;
        long left = source.size() - start;
        ByteBuffer header = source.read(start, (int) Math.min(left, Layout.SECTION_HEADER_BYTES));
        int code = header.get(0) & 0xFF;
        SectionRef ref = new SectionRef(index, code, start);
        SectionKind kind = SectionKind.ofCode(code);
        if (kind == null) throw TraceFormatException.corrupt(label, ref, "unknown section kind " + code);
        if (left < Layout.SECTION_HEADER_BYTES)
            throw truncated(ref, Layout.SECTION_HEADER_BYTES, left);
        int bodyLength = header.getInt(1);
        if (bodyLength < 0) throw TraceFormatException.corrupt(label, ref, "negative body length " + bodyLength);
        long needed = (long) Layout.SECTION_HEADER_BYTES + bodyLength;
        if (needed > left) throw truncated(ref, needed, left);
        return new Header(ref, kind, bodyLength, header.getInt(5));
    }

    private void advance(Header h) {
        position = h.ref.offset() + Layout.SECTION_HEADER_BYTES + h.bodyLength;
        index++;
    }

    private TraceFormatException truncated(SectionRef ref, long needed, long left) {
        return new TraceFormatException(label + ": truncated: " + ref + " needs " + needed + " bytes, " + left + " left");
    }
}
