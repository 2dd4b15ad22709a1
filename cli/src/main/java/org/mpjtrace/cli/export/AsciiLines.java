package org.mpjtrace.cli.export;

import java.io.IOException;
import java.io.OutputStream;

/**
 * A byte buffer for text made of numbers and separators, written to a stream when full: the Paraver
 * records are five or six numbers per line, several lines per call, and formatting them through a
 * Writer or String.valueOf cost more than the rest of the export together.
 */
final class AsciiLines {
    private final OutputStream out;
    private final byte[] buf = new byte[1 << 16];
    private int n;

    AsciiLines(OutputStream out) {
        this.out = out;
    }

    AsciiLines put(char c) throws IOException {
        if (n == buf.length) drain();
        buf[n++] = (byte) c;
        return this;
    }

    /** A number in decimal, with its sign when negative. */
    AsciiLines put(long v) throws IOException {
        if (n + AsciiDigits.MAX_SIGNED > buf.length) drain();
        n = AsciiDigits.writeSigned(buf, n, v);
        return this;
    }

    /** A number followed by ':'. */
    AsciiLines field(long v) throws IOException {
        return put(v).put(':');
    }

    /** ASCII text. */
    AsciiLines put(String s) throws IOException {
        for (int i = 0; i < s.length(); i++) put(s.charAt(i));
        return this;
    }

    void flush() throws IOException {
        drain();
        out.flush();
    }

    private void drain() throws IOException {
        out.write(buf, 0, n);
        n = 0;
    }
}
