package org.mpjtrace.trace.io.serial;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import org.mpjtrace.trace.CallSite;
import org.mpjtrace.trace.io.value.Strings;

/** Version 1: id, class, method, line, ordinal, api, then the stack signature as 8 fixed bytes. */
public final class CallSiteSerializer extends Serializer<CallSite> {
    /** Fewest bytes one site takes: four 1-byte varints or strings, two more, and the signature. */
    public static final int MIN_BYTES = 6 + 8;

    @Override
    public void write(Kryo kryo, Output out, CallSite s) {
        out.writeVarInt(s.id(), true);
        Strings.write(out, s.className());
        Strings.write(out, s.methodName());
        out.writeVarInt(s.line(), false); // -1 when there is no line table
        out.writeVarInt(s.ordinal(), false);
        Strings.write(out, s.api());
        out.writeLong(s.stackSignature()); // a hash: a varint would only make it longer
    }

    @Override
    public CallSite read(Kryo kryo, Input in, Class<? extends CallSite> type) {
        int id = in.readVarInt(true);
        String className = Strings.read(in);
        String methodName = Strings.read(in);
        int line = in.readVarInt(false);
        int ordinal = in.readVarInt(false);
        String api = Strings.read(in);
        long stackSignature = in.readLong();
        return new CallSite(id, className, methodName, line, ordinal, api, stackSignature);
    }
}
