package org.mpjtrace.trace.io.frame;

import java.nio.ByteBuffer;

/** Bytes already in memory (a payload): reads are views, not copies. */
public final class ArrayByteSource implements ByteSource {
    private final byte[] bytes;

    public ArrayByteSource(byte[] bytes) {
        this.bytes = bytes;
    }

    @Override
    public long size() {
        return bytes.length;
    }

    @Override
    public ByteBuffer read(long position, int length) {
        return ByteBuffer.wrap(bytes, (int) position, length).slice();
    }
}
