package org.mpjtrace.trace.io.serial;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import org.mpjtrace.trace.CallPath;
import org.mpjtrace.trace.io.value.Counts;

/**
 * Version 1: the signature as 8 fixed bytes, the MPJ site id, the number of callers, then each caller's
 * site id as a zigzag varint (an unrecorded caller is -1).
 */
public final class CallPathSerializer extends Serializer<CallPath> {
    /** Fewest bytes one path takes: the signature, a site and a count of 1 byte each. */
    public static final int MIN_BYTES = 8 + 1 + 1;

    @Override
    public void write(Kryo kryo, Output out, CallPath p) {
        out.writeLong(p.signature()); // a hash: a varint would only make it longer
        out.writeVarInt(p.site(), true);
        out.writeVarInt(p.callers().length, true);
        for (int c : p.callers()) out.writeVarInt(c, false);
    }

    @Override
    public CallPath read(Kryo kryo, Input in, Class<? extends CallPath> type) {
        long signature = in.readLong();
        int site = in.readVarInt(true);
        int n = Counts.read(in, 1, "caller");
        int[] callers = new int[n];
        for (int i = 0; i < n; i++) callers[i] = in.readVarInt(false);
        return new CallPath(signature, site, callers);
    }
}
