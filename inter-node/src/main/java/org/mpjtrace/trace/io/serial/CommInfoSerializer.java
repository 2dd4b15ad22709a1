package org.mpjtrace.trace.io.serial;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import org.mpjtrace.trace.CommInfo;
import org.mpjtrace.trace.io.value.Strings;

/** Version 1: id, kind, size, rank (size and rank may be -1, hence signed varints). */
public final class CommInfoSerializer extends Serializer<CommInfo> {
    static final int MIN_BYTES = 4;

    @Override
    public void write(Kryo kryo, Output out, CommInfo c) {
        out.writeVarInt(c.id(), true);
        Strings.write(out, c.kind());
        out.writeVarInt(c.size(), false);
        out.writeVarInt(c.rank(), false);
    }

    @Override
    public CommInfo read(Kryo kryo, Input in, Class<? extends CommInfo> type) {
        int id = in.readVarInt(true);
        String kind = Strings.read(in);
        int size = in.readVarInt(false);
        int rank = in.readVarInt(false);
        return new CommInfo(id, kind, size, rank);
    }
}
