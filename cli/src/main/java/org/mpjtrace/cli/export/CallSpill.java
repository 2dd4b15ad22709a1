package org.mpjtrace.cli.export;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The calls of a Paraver export, on disk until the merge reads them back: a temporary file of blocks of
 * {@link #BLOCK_LONGS} longs, each block one thread's, so that the export's memory does not grow with the
 * number of calls (24 bytes a call, 240 MB for a 10-million-call dump, where the heap is 512 MB). The
 * merge reads each thread's blocks in order, one at a time: a block per thread is in memory, 32 KB.
 * The file is removed on {@link #close}; the page cache keeps a small export off the disk.
 */
final class CallSpill implements Closeable {
    /** Calls per block: a call's three words never straddle two blocks. */
    static final int BLOCK_CALLS = 1365;
    static final int BLOCK_LONGS = 3 * BLOCK_CALLS;

    private final Path path;
    private final FileChannel file;
    /** The one buffer every block goes through. */
    private final ByteBuffer io = ByteBuffer.allocateDirect(8 * BLOCK_LONGS);
    private long end;

    CallSpill() throws IOException {
        path = Files.createTempFile("mpjtrace-paraver-", ".calls");
        file = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE, StandardOpenOption.DELETE_ON_CLOSE);
    }

    /** Appends the first {@code longs} longs of {@code block}; returns where it starts. */
    long append(long[] block, int longs) {
        io.clear();
        io.asLongBuffer().put(block, 0, longs);
        io.limit(8 * longs);
        long at = end;
        try {
            while (io.hasRemaining()) end += file.write(io, end);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the export's temporary file " + path + ": " + e.getMessage(), e);
        }
        return at;
    }

    /** Reads the block of {@code longs} longs at {@code at} into {@code block}. */
    void read(long at, int longs, long[] block) {
        io.clear().limit(8 * longs);
        try {
            long position = at;
            while (io.hasRemaining()) {
                int n = file.read(io, position);
                if (n < 0) throw new IOException("ends early");
                position += n;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the export's temporary file " + path + ": " + e.getMessage(), e);
        }
        io.flip();
        io.asLongBuffer().get(block, 0, longs);
    }

    @Override
    public void close() throws IOException {
        file.close();
        Files.deleteIfExists(path);
    }
}
