package org.mpjtrace.trace.io.serial;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import org.mpjtrace.trace.StackSummary;

/**
 * Version 7: the stack signature as 8 fixed bytes, the number of calls and their compute nanoseconds as
 * varints, the two peers as zigzag varints.
 */
public final class StackSummarySerializer extends Serializer<StackSummary> {
    static final int MIN_BYTES = 8 + 1 + 1 + 1 + 1;

    @Override
    public void write(Kryo kryo, Output out, StackSummary c) {
        out.writeLong(c.stack()); // a hash: a varint would only make it longer
        out.writeVarLong(c.calls(), true);
        out.writeVarLong(c.computeNanos(), true);
        out.writeVarInt(c.peer(), false);
        out.writeVarInt(c.peer2(), false);
    }

    @Override
    public StackSummary read(Kryo kryo, Input in, Class<? extends StackSummary> type) {
        return new StackSummary(in.readLong(), in.readVarLong(true), in.readVarLong(true), in.readVarInt(false), in.readVarInt(false));
    }
}
