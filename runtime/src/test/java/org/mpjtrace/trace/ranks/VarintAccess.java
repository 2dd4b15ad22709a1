package org.mpjtrace.trace.ranks;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.function.Supplier;

/** {@link Varint} (package-private in inter-node) for runtime's VarintBenchmark. */
public final class VarintAccess {
    private VarintAccess() {}

    public static void write(DataOutput out, int value) throws IOException {
        Varint.write(out, value);
    }

    public static int read(DataInput in, Supplier<String> what) throws IOException {
        return Varint.read(in, what);
    }
}
