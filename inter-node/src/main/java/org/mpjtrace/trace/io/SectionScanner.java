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
        int checksum = header.getInt(5);
        if (bodyLength < 0) throw TraceFormatException.corrupt(label, ref, "negative body length " + bodyLength);
        long needed = (long) Layout.SECTION_HEADER_BYTES + bodyLength;
        if (needed > left) throw truncated(ref, needed, left);
        ByteBuffer body = source.read(start + Layout.SECTION_HEADER_BYTES, bodyLength);
        if (SectionHeader.checksum(code, bodyLength, body) != checksum)
            throw new TraceFormatException(label + ": checksum mismatch in " + ref);
        position = start + needed;
        index++;
        return new Section(ref, kind, body);
    }

    private TraceFormatException truncated(SectionRef ref, long needed, long left) {
        return new TraceFormatException(label + ": truncated: " + ref + " needs " + needed + " bytes, " + left + " left");
    }
}
