package org.mpjtrace.trace.io.value;

import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.nio.charset.StandardCharsets;

/**
 * Strings as varint (UTF-8 length + 1, 0 for null) then the UTF-8 bytes. Our own rather than Kryo's
 * string encoding so the format does not depend on it, and so a length is checked against the bytes
 * left before allocating.
 */
public final class Strings {
    /** Bytes the shortest string (null or empty) takes. */
    public static final int MIN_BYTES = 1;

    private Strings() {}

    public static void write(Output out, String s) {
        if (s == null) {
            out.writeVarInt(0, true);
            return;
        }
        byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
        out.writeVarInt(utf8.length + 1, true);
        out.writeBytes(utf8);
    }

    public static String read(Input in) {
        int n = in.readVarInt(true);
        if (n == 0) return null;
        if (n < 0) throw new CorruptDataException("string length " + Integer.toUnsignedString(n - 1) + " out of range");
        Counts.require(in, n - 1, 1, "string byte");
        return new String(in.readBytes(n - 1), StandardCharsets.UTF_8);
    }
}
