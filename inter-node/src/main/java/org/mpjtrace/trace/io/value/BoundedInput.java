package org.mpjtrace.trace.io.value;

import com.esotericsoftware.kryo.io.Input;
import java.io.InputStream;

/** A Kryo input that knows how many raw bytes its section holds, so counts can be checked against it. */
public final class BoundedInput extends Input {
    private final long rawTotal;

    public BoundedInput(InputStream in, long rawTotal) {
        // Small sections get a small buffer; 256 bytes is ample for Kryo's largest single read (8).
        super(in, (int) Math.max(256, Math.min(64 * 1024, rawTotal)));
        this.rawTotal = rawTotal;
    }

    /** Raw bytes not yet consumed. */
    public long remaining() {
        return rawTotal - total();
    }
}
