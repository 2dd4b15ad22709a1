package org.mpjtrace.cli.export.output;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * A buffered stream whose {@code write} system calls run on a thread of their own: the exporting thread
 * fills 64 KB buffers and hands them over, the writer thread writes them to the file in order and hands
 * them back. An export is a few gigabytes for 10 million calls, and copying them into the page cache
 * costs the kernel 0.6 to 5.8 s on this project's virtual machines (more when the guest's memory is
 * cold); on the exporting thread that time adds to the export's, here it runs on the second core.
 *
 * <p>Buffers stay 64 KB, the size of the plain buffered stream this replaced, so the kernel copies
 * from memory still in cache: an earlier try with 1 MiB buffers made the copies slower than the
 * overlap gained. Four buffers are in flight at most; the exporting thread waits when all four are.
 * A failed write (disk full) is raised by the next {@code write}, {@code flush} or {@code close}.
 */
public final class WriteBehindStream extends OutputStream {
    private static final int BUFFER = 1 << 16;
    private static final int IN_FLIGHT = 4;
    /** Handed to the writer thread as the last buffer: it flushes, closes the file and stops. */
    private static final byte[] END = new byte[0];

    private final BlockingQueue<Chunk> full = new ArrayBlockingQueue<>(IN_FLIGHT + 1);
    private final BlockingQueue<byte[]> empty = new ArrayBlockingQueue<>(IN_FLIGHT);
    private final Thread writer;
    private volatile IOException failure;
    private byte[] buf;
    private int n;
    private boolean closed;

    private record Chunk(byte[] bytes, int length) {}

    /** @param name for the writer thread's name */
    public WriteBehindStream(OutputStream file, String name) {
        for (int i = 0; i < IN_FLIGHT; i++) empty.add(new byte[BUFFER]);
        buf = empty.poll();
        writer = new Thread(() -> drain(file), "mpjtrace-write " + name);
        writer.setDaemon(true);
        writer.start();
    }

    /**
     * The writer thread: writes each chunk in order and hands its buffer back, then closes the file at
     * END. After a failed write it goes on taking chunks without writing them, so the exporting thread
     * never waits for a buffer that does not come back.
     */
    private void drain(OutputStream file) {
        try {
            while (true) {
                Chunk c = full.take();
                if (c.bytes == END) break;
                if (failure == null) {
                    try {
                        file.write(c.bytes, 0, c.length);
                    } catch (IOException e) {
                        failure = e;
                    }
                }
                empty.put(c.bytes);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            try {
                file.close();
            } catch (IOException e) {
                if (failure == null) failure = e;
            }
        }
    }

    @Override
    public void write(int b) throws IOException {
        if (n == BUFFER) handOver();
        buf[n++] = (byte) b;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        while (len > 0) {
            if (n == BUFFER) handOver();
            int k = Math.min(len, BUFFER - n);
            System.arraycopy(b, off, buf, n, k);
            n += k;
            off += k;
            len -= k;
        }
    }

    /** Hands what is buffered to the writer thread (it is on its way to the file, not there yet). */
    @Override
    public void flush() throws IOException {
        if (n > 0) handOver();
        check();
    }

    /** Writes what is left, waits for the writer thread to write everything and close the file. */
    @Override
    public void close() throws IOException {
        if (closed) return;
        closed = true;
        try {
            if (n > 0) full.put(new Chunk(buf, n));
            n = 0;
            full.put(new Chunk(END, 0));
            writer.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while the last buffers were written");
        }
        check();
    }

    private void handOver() throws IOException {
        check();
        try {
            full.put(new Chunk(buf, n));
            buf = empty.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while handing a buffer to the writer thread");
        }
        n = 0;
    }

    private void check() throws IOException {
        IOException e = failure;
        if (e != null) throw new IOException(e.getMessage(), e);
    }
}
