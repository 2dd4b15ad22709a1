package org.mpjtrace.trace.io;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import org.mpjtrace.trace.CallSite;
import org.mpjtrace.trace.io.serial.CallSiteSerializer;
import org.mpjtrace.trace.io.value.ListCodec;

/** Version 1: count, then each call site. */
final class SiteTableSerializer extends Serializer<SiteTable> {

    @Override
    public void write(Kryo kryo, Output out, SiteTable t) {
        ListCodec.write(kryo, out, t.sites());
    }

    @Override
    public SiteTable read(Kryo kryo, Input in, Class<? extends SiteTable> type) {
        return new SiteTable(ListCodec.read(kryo, in, CallSite.class, CallSiteSerializer.MIN_BYTES, "call site"));
    }
}
