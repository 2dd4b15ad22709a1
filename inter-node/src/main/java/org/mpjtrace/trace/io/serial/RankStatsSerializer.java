package org.mpjtrace.trace.io.serial;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import org.mpjtrace.trace.RankStats;
import org.mpjtrace.trace.TraceMemory;
import org.mpjtrace.trace.io.value.CorruptDataException;
import org.mpjtrace.trace.io.value.Strings;

/**
 * Ring waits, wait ns, internal errors, disabled reason, then the trace memory per state: for each of
 * the four states its marker count, max bytes and sum of bytes (varlongs); since version 5 the set-up ns.
 */
public final class RankStatsSerializer extends Serializer<RankStats> {

    @Override
    public void write(Kryo kryo, Output out, RankStats s) {
        out.writeVarLong(s.ringWaits(), false);
        out.writeVarLong(s.ringWaitNanos(), false);
        out.writeVarLong(s.internalErrors(), false);
        Strings.write(out, s.disabledReason());
        TraceMemory m = s.memory();
        for (int i = 0; i < TraceMemory.STATES; i++) {
            out.writeVarLong(m.markers()[i], true);
            out.writeVarLong(m.maxBytes()[i], true);
            out.writeVarLong(m.sumBytes()[i], true);
        }
        out.writeVarLong(s.setupNanos(), true);
    }

    @Override
    public RankStats read(Kryo kryo, Input in, Class<? extends RankStats> type) {
        long ringWaits = in.readVarLong(false);
        long ringWaitNanos = in.readVarLong(false);
        long internalErrors = in.readVarLong(false);
        String disabledReason = Strings.read(in);
        long[] markers = new long[TraceMemory.STATES], max = new long[TraceMemory.STATES], sum = new long[TraceMemory.STATES];
        for (int i = 0; i < TraceMemory.STATES; i++) {
            markers[i] = in.readVarLong(true);
            max[i] = in.readVarLong(true);
            sum[i] = in.readVarLong(true);
            if (markers[i] < 0 || max[i] < 0 || sum[i] < 0) throw new CorruptDataException("negative trace memory figure");
        }
        long setupNanos = in.readVarLong(true);
        if (setupNanos < 0) throw new CorruptDataException("negative set-up time");
        return new RankStats(ringWaits, ringWaitNanos, internalErrors, disabledReason, new TraceMemory(markers, max, sum), setupNanos);
    }
}
