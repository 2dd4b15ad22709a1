package org.mpjtrace.trace.io.frame;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/** A file read with positional reads; its size is taken once, so all bound checks agree. */
public final class FileByteSource implements ByteSource {
    private final FileChannel channel;
    private final long size;

    public FileByteSource(FileChannel channel) throws IOException {
        this.channel = channel;
        this.size = channel.size();
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public ByteBuffer read(long position, int length) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(length);
        while (buffer.hasRemaining()) {
            // The size was checked: running short means the file shrank under us, an I/O matter.
            if (channel.read(buffer, position + buffer.position()) < 0)
                throw new EOFException("file shrank while being read (at offset " + (position + buffer.position()) + ")");
        }
        buffer.flip();
        return buffer;
    }
}
