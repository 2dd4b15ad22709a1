package org.mpjtrace.trace.io;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;

/** Version 1: the number of sections before END. */
final class EndMarkSerializer extends Serializer<EndMark> {

    @Override
    public void write(Kryo kryo, Output out, EndMark m) {
        out.writeVarInt(m.sectionsBefore(), true);
    }

    @Override
    public EndMark read(Kryo kryo, Input in, Class<? extends EndMark> type) {
        return new EndMark(in.readVarInt(true));
    }
}
