package org.mpjtrace.trace.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.mpjtrace.trace.io.frame.ByteSource;
import org.mpjtrace.trace.io.frame.Layout;

/** The magic and format version that open a trace file or a payload. */
final class Preamble {

    private Preamble() {}

    static byte[] bytes(byte[] magic) {
        return ByteBuffer.allocate(Layout.PREAMBLE_BYTES).put(magic).putInt(Layout.VERSION).array();
    }

    /**
     * Checks the preamble of {@code source}. {@code noun} is "file" or "payload", for the messages.
     * Bad magic is reported before a short header, so a short file of another format is named as such.
     */
    static int check(ByteSource source, String label, byte[] magic, String noun) throws TraceFormatException, IOException {
        return check(source, label, magic, noun, Layout.VERSION);
    }

    /** As {@link #check(ByteSource, String, byte[], String)}, taking versions from {@code oldest}; returns the version. */
    static int check(ByteSource source, String label, byte[] magic, String noun, int oldest) throws TraceFormatException, IOException {
        long size = source.size();
        if (size == 0) throw new TraceFormatException(label + ": empty " + noun + " (0 bytes)");
        int present = (int) Math.min(size, magic.length);
        ByteBuffer head = source.read(0, (int) Math.min(size, Layout.PREAMBLE_BYTES));
        byte[] start = new byte[present];
        head.get(0, start);
        if (!Arrays.equals(start, Arrays.copyOf(magic, present)))
            throw new TraceFormatException(label + ": not an mpjtrace " + noun + " (bad magic)");
        if (size < Layout.PREAMBLE_BYTES)
            throw new TraceFormatException(label + ": truncated: header at offset 0 needs " + Layout.PREAMBLE_BYTES
                    + " bytes, " + size + " left");
        int version = head.getInt(magic.length);
        if (version < oldest || version > Layout.VERSION)
            throw new TraceFormatException(label + ": unsupported format version " + version + " at offset " + magic.length
                    + " (this mpjtrace reads version " + (oldest == Layout.VERSION ? "" : oldest + " to ") + Layout.VERSION + ")");
        return version;
    }
}
