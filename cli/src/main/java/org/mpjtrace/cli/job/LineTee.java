package org.mpjtrace.cli.job;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Copies a job's output, line by line, to a writer and remembers the lines that start with a given prefix
 * (how the replayer reports its wall time, or why it stopped).
 */
final class LineTee extends OutputStream {
    private final PrintWriter to;
    private final String prefix;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();
    private final List<String> found = new ArrayList<>();

    /** @param prefix the lines to remember, or null for none */
    LineTee(PrintWriter to, String prefix) {
        this.to = to;
        this.prefix = prefix;
    }

    @Override
    public synchronized void write(int b) {
        if (b == '\n') {
            String s = line.toString(StandardCharsets.UTF_8);
            line.reset();
            to.println(s);
            to.flush();
            if (prefix != null && s.startsWith(prefix)) found.add(s);
        } else {
            line.write(b);
        }
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) {
        for (int i = off; i < off + len; i++) write(b[i]);
    }

    /** Passes on a last line that did not end in a newline. */
    @Override
    public synchronized void close() {
        if (line.size() > 0) write('\n');
    }

    /** The lines seen so far that start with the prefix, in order. */
    synchronized List<String> found() {
        return List.copyOf(found);
    }
}
