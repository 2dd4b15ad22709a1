package org.mpjtrace.cli.export;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * An output stream whose bytes reach the file from a thread of its own: the writer fills a 1 MiB buffer,
 * hands it over and fills the next while the full one is written, so formatting and the kernel's copy
 * into the page cache run on two cores, not one after the other. An export writes gigabytes (a Chrome
 * trace of 10 million calls is 2.4 GB) and on this project's 2-core machine the write calls alone took
 * 6 s of such a run; behind the formatting they cost about a third of that (docs/benchmarks.md).
 *
 * <p>Three buffers circulate: one being filled, at most two waiting or being written. A failure to write
 * is thrown by the next {@link #write}, {@link #flush} or {@link #close}; closing waits for every byte
 * to be written, then closes the file.
 */
final class WriteBehindStream extends OutputStream {
    private static final int BUFFER = 1 << 20;
    /** Handed to the writing thread to make it stop. */
    private static final byte[] END = new byte[0];

    private final OutputStream out;
    private final BlockingQueue<byte[]> free = new ArrayBlockingQueue<>(3);
    /** Full buffers with their lengths, in order, then {@link #END}. */
    private final BlockingQueue<Chunk> full = new ArrayBlockingQueue<>(3);
    private final Thread thread;
    private volatile IOException failure;
    private byte[] buffer;
    private int used;
    private boolean closed;

    private record Chunk(byte[] bytes, int length) {}

    WriteBehindStream(OutputStream out, String name) {
        this.out = out;
        for (int i = 0; i < 2; i++) free.add(new byte[BUFFER]);
        buffer = new byte[BUFFER];
        thread = new Thread(this::drain, "mpjtrace-write-" + name);
        thread.setDaemon(true);
        thread.start();
    }

    private void drain() {
        try {
            while (true) {
                Chunk c = full.take();
                if (c.bytes == END) return;
                if (failure == null) {
                    try {
                        out.write(c.bytes, 0, c.length);
                    } catch (IOException e) {
                        failure = e;
                    }
                }
                free.add(c.bytes);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void write(int b) throws IOException {
        if (used == BUFFER) handOver();
        buffer[used++] = (byte) b;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        while (len > 0) {
            if (used == BUFFER) handOver();
            int n = Math.min(len, BUFFER - used);
            System.arraycopy(b, off, buffer, used, n);
            used += n;
            off += n;
            len -= n;
        }
    }

    private void handOver() throws IOException {
        check();
        if (closed) throw new IOException("stream closed");
        try {
            full.put(new Chunk(buffer, used));
            buffer = free.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while writing");
        }
        used = 0;
    }

    private void check() throws IOException {
        IOException f = failure;
        if (f != null) throw new IOException(f.getMessage(), f);
    }

    /** Hands what is buffered to the writing thread; the bytes are in the file once {@link #close} returns. */
    @Override
    public void flush() throws IOException {
        if (used > 0) handOver();
        check();
    }

    @Override
    public void close() throws IOException {
        if (closed) return;
        try {
            flush();
        } finally {
            closed = true;
            try {
                full.put(new Chunk(END, 0));
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            out.close();
        }
        check();
    }
}
