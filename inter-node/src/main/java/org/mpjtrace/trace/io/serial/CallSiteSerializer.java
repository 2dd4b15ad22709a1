package org.mpjtrace.trace.io.serial;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import org.mpjtrace.signatures.StackSignature;
import org.mpjtrace.trace.CallSite;
import org.mpjtrace.trace.io.value.CorruptDataException;
import org.mpjtrace.trace.io.value.Strings;

/**
 * id, class, method, line, ordinal, api, then the stack signature: up to version 19 as 8 fixed bytes;
 * since version 20 a byte, 0 when the signature is the one the site's key gives
 * ({@link StackSignature#ofSite}, as the agent computes it for every site), else 1 and the 8 bytes.
 *
 * <p>Why: the signature is a hash, 8 bytes nothing compresses, and every site the tracer writes has the
 * one its key gives: 48 of Ring's 366 raw site-table bytes, a ninth of a 16-rank Ring file once compressed.
 */
public final class CallSiteSerializer extends Serializer<CallSite> {
    /** Fewest bytes one site takes: four 1-byte varints or strings, two more, and the signature (at least its flag byte). */
    public static final int MIN_BYTES = 6 + 1;
    /** The version from which a signature the key gives is not written. */
    private static final int KEYED_SIGNATURE = 20;
    private static final int FROM_KEY = 0, WRITTEN = 1;
    private final boolean keyed;

    /** @param version the format version read (writes are always the current one) */
    public CallSiteSerializer(int version) {
        this.keyed = version >= KEYED_SIGNATURE;
    }

    @Override
    public void write(Kryo kryo, Output out, CallSite s) {
        out.writeVarInt(s.id(), true);
        Strings.write(out, s.className());
        Strings.write(out, s.methodName());
        out.writeVarInt(s.line(), false); // -1 when there is no line table
        out.writeVarInt(s.ordinal(), false);
        Strings.write(out, s.api());
        if (s.className() != null && s.methodName() != null && s.api() != null
                && keyed(s.className(), s.methodName(), s.line(), s.ordinal(), s.api()) == s.stackSignature()) {
            out.writeByte(FROM_KEY);
        } else {
            out.writeByte(WRITTEN);
            out.writeLong(s.stackSignature()); // a hash: a varint would only make it longer
        }
    }

    @Override
    public CallSite read(Kryo kryo, Input in, Class<? extends CallSite> type) {
        int id = in.readVarInt(true);
        String className = Strings.read(in);
        String methodName = Strings.read(in);
        int line = in.readVarInt(false);
        int ordinal = in.readVarInt(false);
        String api = Strings.read(in);
        long stackSignature;
        int how = keyed ? in.readByte() : WRITTEN;
        if (how == WRITTEN) {
            stackSignature = in.readLong();
        } else if (how == FROM_KEY) {
            if (className == null || methodName == null || api == null)
                throw new CorruptDataException("call site " + id + ": a signature from a key without class, method or api");
            stackSignature = keyed(className, methodName, line, ordinal, api);
        } else {
            throw new CorruptDataException("call site " + id + ": unknown signature kind " + how);
        }
        return new CallSite(id, className, methodName, line, ordinal, api, stackSignature);
    }

    private static long keyed(String className, String methodName, int line, int ordinal, String api) {
        return StackSignature.ofSite(className, methodName, line, ordinal, api);
    }
}
