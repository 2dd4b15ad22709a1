package org.mpjtrace.trace.io;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.util.List;
import org.mpjtrace.trace.CallPath;
import org.mpjtrace.trace.CallSite;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.io.serial.CallPathSerializer;
import org.mpjtrace.trace.io.serial.CallSiteSerializer;
import org.mpjtrace.trace.io.value.ListCodec;

/** Version 1: the rank's trace, then its JVM's call-site table (count, sites), then its call paths (count, paths). */
final class RankPayloadSerializer extends Serializer<RankPayload> {

    @Override
    public void write(Kryo kryo, Output out, RankPayload p) {
        kryo.writeObject(out, p.trace());
        ListCodec.write(kryo, out, p.sites());
        ListCodec.write(kryo, out, p.callPaths());
    }

    @Override
    public RankPayload read(Kryo kryo, Input in, Class<? extends RankPayload> type) {
        RankTrace trace = kryo.readObject(in, RankTrace.class);
        List<CallSite> sites = ListCodec.read(kryo, in, CallSite.class, CallSiteSerializer.MIN_BYTES, "call site");
        List<CallPath> paths = ListCodec.read(kryo, in, CallPath.class, CallPathSerializer.MIN_BYTES, "call path");
        return new RankPayload(trace, sites, paths);
    }
}
