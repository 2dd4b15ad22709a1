package org.mpjtrace.trace.io;

import com.esotericsoftware.kryo.Kryo;
import org.mpjtrace.trace.io.frame.BlockInputStream;
import org.mpjtrace.trace.io.value.BoundedInput;
import org.mpjtrace.trace.io.value.CorruptDataException;

/**
 * Decodes a checked section's body into its object. Whatever goes wrong on the way (bad blocks,
 * Kryo running off the end, an absurd length, a wrong class) becomes one TraceFormatException: a
 * corrupt file must never surface as some other exception.
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
        } catch (RuntimeException e) {
            // KryoException (buffer underflow, bad varint), index and array-size errors, LZ4Exception...
            problem = describe(e);
        } catch (OutOfMemoryError e) {
            problem = "a length in the data is too large to allocate";
        } catch (StackOverflowError e) {
            problem = "data nested too deeply";
        }
        throw TraceFormatException.corrupt(label, section.ref(), problem);
    }

    /** Our own diagnosis when the failure came from one of our checks, else what the library said. */
    private static String describe(Throwable e) {
        for (Throwable c = e; c != null; c = c.getCause())
            if (c instanceof CorruptDataException) return c.getMessage();
        String message = e.getMessage();
        // Kryo appends a multi-line "Serialization trace"; its first line is the diagnosis.
        String first = message == null ? "" : message.lines().findFirst().orElse("").strip();
        return "undecodable data (" + e.getClass().getSimpleName() + (first.isEmpty() ? "" : ": " + first) + ")";
    }
}
