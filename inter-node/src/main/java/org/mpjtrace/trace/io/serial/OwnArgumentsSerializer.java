package org.mpjtrace.trace.io.serial;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import org.mpjtrace.trace.OwnArguments;

/**
 * Version 6: op, peer, tag, count, count2, colour and key as zigzag varints, the digest as 8 fixed bytes, the
 * run's length as a varint.
 */
public final class OwnArgumentsSerializer extends Serializer<OwnArguments> {
    /** Fewest bytes one run takes: seven one-byte varints, the digest and a one-byte length. */
    static final int MIN_BYTES = 7 + 8 + 1;

    @Override
    public void write(Kryo kryo, Output out, OwnArguments a) {
        out.writeVarInt(a.op(), false);
        out.writeVarInt(a.peer(), false);
        out.writeVarInt(a.tag(), false);
        out.writeVarInt(a.count(), false);
        out.writeVarInt(a.count2(), false);
        out.writeVarInt(a.color(), false);
        out.writeVarInt(a.key(), false);
        out.writeLong(a.digest()); // a hash: a varint would only make it longer
        out.writeVarLong(a.repeat(), true);
    }

    @Override
    public OwnArguments read(Kryo kryo, Input in, Class<? extends OwnArguments> type) {
        int op = in.readVarInt(false), peer = in.readVarInt(false), tag = in.readVarInt(false);
        int count = in.readVarInt(false), count2 = in.readVarInt(false), color = in.readVarInt(false), key = in.readVarInt(false);
        return new OwnArguments(op, peer, tag, count, count2, color, key, in.readLong(), in.readVarLong(true));
    }
}
