package org.mpjtrace.trace.io;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import org.mpjtrace.trace.io.frame.BlockInputStream;
import org.mpjtrace.trace.io.value.BoundedInput;
import org.mpjtrace.trace.io.value.CorruptDataException;

/**
 * Decodes a checked section's body into its object. What the format's own checks find (bad blocks, an
 * absurd count or length, a wrong class, a value out of range: CorruptDataException) and Kryo running
 * off the end of the data or meeting a malformed varint (KryoException) become one
 * TraceFormatException. Nothing else is caught: every allocation is bounded by a check before it, so
 * any other exception is a missing check, a bug to fix rather than a message to print.
 */
final class SectionDecoder {

    private SectionDecoder() {}

    static Object decode(Kryo kryo, String label, SectionScanner.Section section) throws TraceFormatException {
        SectionKind kind = section.kind();
        String problem;
        try {
            BlockInputStream blocks = new BlockInputStream(section.body());
            BoundedInput in = new BoundedInput(blocks, blocks.rawTotal());
            int id = in.readVarInt(true);
            int expected = kryo.getRegistration(kind.type).getId();
            if (id != expected)
                throw new CorruptDataException("holds class id " + id + ", a " + kind + " section holds id " + expected);
            Object value = kryo.readObject(in, kind.type);
            long left = in.remaining();
            if (left != 0) throw new CorruptDataException(left + " bytes left over after the data");
            return value;
        } catch (CorruptDataException e) {
            problem = e.getMessage();
        } catch (KryoException e) {
            problem = describe(e);
        }
        throw TraceFormatException.corrupt(label, section.ref(), problem);
    }

    /** Our own diagnosis when the failure came from one of our checks, else what Kryo said. */
    private static String describe(Throwable e) {
        for (Throwable c = e; c != null; c = c.getCause())
            if (c instanceof CorruptDataException) return c.getMessage();
        String message = e.getMessage();
        // Kryo appends a multi-line "Serialization trace"; its first line is the diagnosis.
        String first = message == null ? "" : message.lines().findFirst().orElse("").strip();
        return "undecodable data (" + e.getClass().getSimpleName() + (first.isEmpty() ? "" : ": " + first) + ")";
    }
}
