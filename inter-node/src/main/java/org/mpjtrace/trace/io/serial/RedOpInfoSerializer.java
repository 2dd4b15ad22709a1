package org.mpjtrace.trace.io.serial;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import org.mpjtrace.trace.RedOpInfo;

/** Version 1: id, MPJ op code. */
public final class RedOpInfoSerializer extends Serializer<RedOpInfo> {
    static final int MIN_BYTES = 2;

    @Override
    public void write(Kryo kryo, Output out, RedOpInfo r) {
        out.writeVarInt(r.id(), true);
        out.writeVarInt(r.opCode(), false);
    }

    @Override
    public RedOpInfo read(Kryo kryo, Input in, Class<? extends RedOpInfo> type) {
        int id = in.readVarInt(true);
        int opCode = in.readVarInt(false);
        return new RedOpInfo(id, opCode);
    }
}
