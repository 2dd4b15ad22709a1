package org.mpjtrace.cli.export.output;

import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;

/**
 * JSON written by {@link JsonBytes} passed on to a {@link Writer} as text: for a command whose output is
 * a writer rather than the process's standard output (a test's, or a program's that runs the CLI in
 * its own JVM). Each write is decoded as UTF-8 on its own, which holds because JsonBytes writes whole
 * records only.
 */
public final class WriterStream extends OutputStream {
    private final Writer out;

    public WriterStream(Writer out) {
        this.out = out;
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        out.write(new String(b, off, len, StandardCharsets.UTF_8));
    }

    @Override
    public void flush() throws IOException {
        out.flush();
    }
}
