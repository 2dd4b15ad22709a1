package org.mpjtrace.trace.io.value;

import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.nio.charset.StandardCharsets;

/**
 * Strings as varint (UTF-8 length + 1, 0 for null) then the UTF-8 bytes, at most {@link #MAX_BYTES}. Our
 * own rather than Kryo's string encoding so the format does not depend on it, and so a length is checked
 * against that maximum and the bytes left before allocating.
 */
public final class Strings {
    /** Bytes the shortest string (null or empty) takes. */
    public static final int MIN_BYTES = 1;
    /** Most UTF-8 bytes a string may have: a class or host name, an agent option, never near this. */
    public static final int MAX_BYTES = 1 << 20;

    private Strings() {}

    public static void write(Output out, String s) {
        if (s == null) {
            out.writeVarInt(0, true);
            return;
        }
        byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
        if (utf8.length > MAX_BYTES) throw new IllegalArgumentException("a string of " + utf8.length + " bytes, over the " + MAX_BYTES + " allowed");
        out.writeVarInt(utf8.length + 1, true);
        out.writeBytes(utf8);
    }

    public static String read(Input in) {
        int n = in.readVarInt(true);
        if (n == 0) return null;
        if (n < 0) throw new CorruptDataException("string length " + Integer.toUnsignedString(n - 1) + " out of range");
        if (n - 1 > MAX_BYTES) throw new CorruptDataException("string of " + (n - 1) + " bytes, over the " + MAX_BYTES + " allowed");
        Counts.require(in, n - 1, 1, "string byte");
        return new String(in.readBytes(n - 1), StandardCharsets.UTF_8);
    }
}
