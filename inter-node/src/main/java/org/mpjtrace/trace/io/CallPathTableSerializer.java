package org.mpjtrace.trace.io;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import org.mpjtrace.trace.CallPath;
import org.mpjtrace.trace.io.serial.CallPathSerializer;
import org.mpjtrace.trace.io.value.ListCodec;

/** Version 1: count, then each call path. */
final class CallPathTableSerializer extends Serializer<CallPathTable> {

    @Override
    public void write(Kryo kryo, Output out, CallPathTable t) {
        ListCodec.write(kryo, out, t.paths());
    }

    @Override
    public CallPathTable read(Kryo kryo, Input in, Class<? extends CallPathTable> type) {
        return new CallPathTable(ListCodec.read(kryo, in, CallPath.class, CallPathSerializer.MIN_BYTES, "call path"));
    }
}
