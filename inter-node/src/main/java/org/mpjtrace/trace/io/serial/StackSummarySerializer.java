package org.mpjtrace.trace.io.serial;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.util.EnumMap;
import java.util.Map;
import org.mpjtrace.trace.StackSummary;
import org.mpjtrace.trace.fold.Field;
import org.mpjtrace.trace.fold.ValueSeq;
import org.mpjtrace.trace.io.value.CorruptDataException;

/**
 * Version 7: the stack signature as 8 fixed bytes, the number of calls and their compute nanoseconds as
 * varints, the two peers as zigzag varints. Version 15 adds a byte saying which of the rank's own value
 * sequences follow (bit i for {@link StackSummary#OWN_FIELDS}' i-th field), then each as its folded
 * elements ({@link ValueElements}), in that order; version 22 adds the communicator (bit 6), a bit a file of an
 * earlier version cannot have set. The 8 bytes are the summary's key ({@link StackSummary#key}):
 * the stack signature for a rank's first thread, mixed with the thread's number for its others (written so
 * since 2026-11-28 in the same version: before, a rank's threads shared one summary per stack, which a
 * reader's key still finds for the first thread).
 */
public final class StackSummarySerializer extends Serializer<StackSummary> {
    static final int MIN_BYTES = 8 + 1 + 1 + 1 + 1;
    /** The version the own value sequences appeared in. */
    private static final int VALUES = 15;
    /** The version the communicator joined them, the last of {@link StackSummary#OWN_FIELDS}. */
    private static final int COMMS = 22;
    private final int version;

    /** @param version the format version read (writes are always the current one) */
    public StackSummarySerializer(int version) {
        this.version = version;
    }

    @Override
    public void write(Kryo kryo, Output out, StackSummary c) {
        out.writeLong(c.stack()); // a hash: a varint would only make it longer
        out.writeVarLong(c.calls(), true);
        out.writeVarLong(c.computeNanos(), true);
        out.writeVarInt(c.peer(), false);
        out.writeVarInt(c.peer2(), false);
        int present = 0;
        for (int i = 0; i < StackSummary.OWN_FIELDS.size(); i++) if (c.own().containsKey(StackSummary.OWN_FIELDS.get(i))) present |= 1 << i;
        out.writeByte(present);
        for (Field f : StackSummary.OWN_FIELDS) if (c.own().containsKey(f)) ValueElements.write(out, c.own().get(f).elements());
    }

    @Override
    public StackSummary read(Kryo kryo, Input in, Class<? extends StackSummary> type) {
        long stack = in.readLong(), calls = in.readVarLong(true), compute = in.readVarLong(true);
        int peer = in.readVarInt(false), peer2 = in.readVarInt(false);
        if (version < VALUES) return new StackSummary(stack, calls, compute, peer, peer2);
        int present = in.readByte() & 0xff;
        int kinds = StackSummary.OWN_FIELDS.size() - (version < COMMS ? 1 : 0);
        if (present >>> kinds != 0) throw new CorruptDataException("stack summary value kinds " + Integer.toHexString(present));
        Map<Field, ValueSeq> own = new EnumMap<>(Field.class);
        for (int i = 0; i < StackSummary.OWN_FIELDS.size(); i++)
            if ((present & (1 << i)) != 0) own.put(StackSummary.OWN_FIELDS.get(i), ValueSeq.ofElements(ValueElements.read(in, 0)));
        return new StackSummary(stack, calls, compute, peer, peer2, own);
    }
}
