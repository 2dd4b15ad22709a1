package org.mpjtrace.trace.io.serial;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import org.mpjtrace.trace.DatatypeInfo;

/** Version 1: id, base type, byte size, size. */
public final class DatatypeInfoSerializer extends Serializer<DatatypeInfo> {
    static final int MIN_BYTES = 4;

    @Override
    public void write(Kryo kryo, Output out, DatatypeInfo d) {
        out.writeVarInt(d.id(), true);
        out.writeVarInt(d.baseType(), false);
        out.writeVarInt(d.byteSize(), false);
        out.writeVarInt(d.size(), false);
    }

    @Override
    public DatatypeInfo read(Kryo kryo, Input in, Class<? extends DatatypeInfo> type) {
        int id = in.readVarInt(true);
        int baseType = in.readVarInt(false);
        int byteSize = in.readVarInt(false);
        int size = in.readVarInt(false);
        return new DatatypeInfo(id, baseType, byteSize, size);
    }
}
