package org.mpjtrace.trace.io.serial;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import org.mpjtrace.trace.RankStats;
import org.mpjtrace.trace.TraceMemory;
import org.mpjtrace.trace.io.value.CorruptDataException;
import org.mpjtrace.trace.io.value.Counts;
import org.mpjtrace.trace.io.value.Strings;

/**
 * Ring waits, wait ns, internal errors, disabled reason, then the trace memory per state: for each of
 * the four states its marker count, max bytes and sum of bytes (varlongs); since version 5 the set-up ns;
 * since version 12 the spans tracing was paused: their count, then each one's start (zigzag varlong) and
 * length (varlong, at least 0).
 */
public final class RankStatsSerializer extends Serializer<RankStats> {
    /** The version paused spans appeared in. */
    private static final int PAUSES = 12;
    private final int version;

    /** @param version the format version read (writes are always the current one) */
    public RankStatsSerializer(int version) {
        this.version = version;
    }

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
        long[] paused = s.paused();
        out.writeVarInt(paused.length / 2, true);
        for (int i = 0; i + 1 < paused.length; i += 2) {
            out.writeVarLong(paused[i], false);
            out.writeVarLong(paused[i + 1] - paused[i], true);
        }
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
        long[] paused = new long[0];
        if (version >= PAUSES) {
            int spans = Counts.read(in, 2, "paused span");
            paused = new long[2 * spans];
            for (int i = 0; i < spans; i++) {
                paused[2 * i] = in.readVarLong(false);
                long length = in.readVarLong(true);
                if (length < 0) throw new CorruptDataException("negative paused span");
                paused[2 * i + 1] = paused[2 * i] + length;
            }
        }
        return new RankStats(ringWaits, ringWaitNanos, internalErrors, disabledReason, new TraceMemory(markers, max, sum), setupNanos, paused);
    }
}
