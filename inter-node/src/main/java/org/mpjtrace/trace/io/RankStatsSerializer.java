package org.mpjtrace.trace.io;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import org.mpjtrace.trace.RankStats;

/** Version 1: ring waits, wait ns, internal errors, disabled reason. */
final class RankStatsSerializer extends Serializer<RankStats> {

    @Override
    public void write(Kryo kryo, Output out, RankStats s) {
        out.writeVarLong(s.ringWaits(), false);
        out.writeVarLong(s.ringWaitNanos(), false);
        out.writeVarLong(s.internalErrors(), false);
        Strings.write(out, s.disabledReason());
    }

    @Override
    public RankStats read(Kryo kryo, Input in, Class<? extends RankStats> type) {
        long ringWaits = in.readVarLong(false);
        long ringWaitNanos = in.readVarLong(false);
        long internalErrors = in.readVarLong(false);
        String disabledReason = Strings.read(in);
        return new RankStats(ringWaits, ringWaitNanos, internalErrors, disabledReason);
    }
}
