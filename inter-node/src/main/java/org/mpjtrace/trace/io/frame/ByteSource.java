package org.mpjtrace.trace.io.frame;

import java.io.IOException;
import java.nio.ByteBuffer;

/** Random access to the bytes of a file or a payload, so both are checked by the same code. */
public interface ByteSource {

    /** Total number of bytes. */
    long size();

    /**
     * Exactly {@code length} bytes from {@code position}, which the caller has checked lie within
     * {@link #size()}, as a heap buffer positioned at its first byte.
     */
    ByteBuffer read(long position, int length) throws IOException;
}
