package org.mpjtrace.trace.io;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import org.mpjtrace.trace.CallSite;
import org.mpjtrace.trace.RankTrace;

/** Version 1: the rank's trace, then its JVM's call-site table (count, sites). */
final class RankPayloadSerializer extends Serializer<RankPayload> {

    @Override
    public void write(Kryo kryo, Output out, RankPayload p) {
        kryo.writeObject(out, p.trace());
        ListCodec.write(kryo, out, p.sites());
    }

    @Override
    public RankPayload read(Kryo kryo, Input in, Class<? extends RankPayload> type) {
        RankTrace trace = kryo.readObject(in, RankTrace.class);
        return new RankPayload(trace, ListCodec.read(kryo, in, CallSite.class, CallSiteSerializer.MIN_BYTES, "call site"));
    }
}
