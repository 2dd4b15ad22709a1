package org.mpjtrace.trace.io.serial;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.util.ArrayList;
import java.util.List;
import org.mpjtrace.trace.CallArrays;
import org.mpjtrace.trace.CallTimes;
import org.mpjtrace.trace.CommInfo;
import org.mpjtrace.trace.DatatypeInfo;
import org.mpjtrace.trace.OwnArguments;
import org.mpjtrace.trace.RankStats;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.RedOpInfo;
import org.mpjtrace.trace.StackSummary;
import org.mpjtrace.trace.fold.FoldedInfos;
import org.mpjtrace.trace.io.value.Counts;
import org.mpjtrace.trace.io.value.EventWords;
import org.mpjtrace.trace.io.value.ListCodec;
import org.mpjtrace.trace.io.value.Strings;

/**
 * Version 6: rank, host, initNanos (8 fixed bytes), event count, the events ({@link EventWords}), the
 * communicator, datatype and reduction-op tables, the rank's stats, the table of call arrays, the
 * rank's own arguments ({@link OwnArguments}) and its stack summaries ({@link StackSummary}). Version 12
 * adds the calls' own times ({@link CallTimes}): a thread count, then per thread its number, its call
 * count, the length of its pairs and the pairs. Version 13 writes, after a thread count above 0, the
 * times' epsilon (an 8-byte double: 0 for exact times, timing=lossy's when the pairs are bins). Version 23 writes
 * the three tables folded ({@link FoldedInfosIo}), where each row was written whole. Expects a trace that passed {@link TraceRules#rankProblem}:
 * words of the right length, tables and stats present.
 */
public final class RankTraceSerializer extends Serializer<RankTrace> {
    /** The version call times appeared in, the one their epsilon (timing=lossy) did, and the one of folded tables. */
    private static final int TIMES = 12, EPSILON = 13, FOLDED = 23;
    private final int version;

    /** @param version the format version read (writes are always the current one) */
    public RankTraceSerializer(int version) {
        this.version = version;
    }

    @Override
    public void write(Kryo kryo, Output out, RankTrace t) {
        out.writeVarInt(t.rank(), false);
        Strings.write(out, t.host());
        out.writeLong(t.initNanos());
        out.writeVarInt(t.eventCount(), true);
        EventWords.write(out, t.words(), t.eventCount(), t.initNanos());
        FoldedInfosIo.write(out, FoldedInfos.COMMS, t.comms());
        FoldedInfosIo.write(out, FoldedInfos.DATATYPES, t.datatypes());
        FoldedInfosIo.write(out, FoldedInfos.REDOPS, t.redops());
        kryo.writeObject(out, t.stats());
        ListCodec.write(kryo, out, t.arrays());
        ListCodec.write(kryo, out, t.ownArguments());
        ListCodec.write(kryo, out, t.stackSummaries());
        out.writeVarInt(t.times().threads().size(), true);
        if (!t.times().isEmpty()) out.writeDouble(t.times().epsilon());
        for (CallTimes.ThreadTimes times : t.times().threads()) {
            out.writeVarInt(times.thread(), true);
            out.writeVarInt(times.calls(), true);
            out.writeVarInt(times.pairs().length, true);
            out.writeBytes(times.pairs());
        }
    }

    @Override
    public RankTrace read(Kryo kryo, Input in, Class<? extends RankTrace> type) {
        int rank = in.readVarInt(false);
        String host = Strings.read(in);
        long initNanos = in.readLong();
        int eventCount = Counts.read(in, EventWords.MIN_BYTES, "event");
        long[] words = EventWords.read(in, eventCount, initNanos);
        boolean folded = version >= FOLDED;
        List<CommInfo> comms = folded ? FoldedInfosIo.read(in, FoldedInfos.COMMS, -1, "communicator")
                : ListCodec.read(kryo, in, CommInfo.class, CommInfoSerializer.MIN_BYTES, "communicator");
        List<DatatypeInfo> datatypes = folded ? FoldedInfosIo.read(in, FoldedInfos.DATATYPES, -1, "datatype")
                : ListCodec.read(kryo, in, DatatypeInfo.class, DatatypeInfoSerializer.MIN_BYTES, "datatype");
        List<RedOpInfo> redops = folded ? FoldedInfosIo.read(in, FoldedInfos.REDOPS, -1, "reduction op")
                : ListCodec.read(kryo, in, RedOpInfo.class, RedOpInfoSerializer.MIN_BYTES, "reduction op");
        RankStats stats = kryo.readObject(in, RankStats.class);
        List<CallArrays> arrays = ListCodec.read(kryo, in, CallArrays.class, CallArraysSerializer.MIN_BYTES, "call arrays");
        List<OwnArguments> own = ListCodec.read(kryo, in, OwnArguments.class, OwnArgumentsSerializer.MIN_BYTES, "own arguments");
        List<StackSummary> stacks = ListCodec.read(kryo, in, StackSummary.class, StackSummarySerializer.MIN_BYTES, "stack summaries");
        CallTimes times = version >= TIMES ? readTimes(in, version >= EPSILON) : CallTimes.NONE;
        return new RankTrace(rank, host, initNanos, eventCount, words, comms, datatypes, redops, stats, arrays, own, stacks, times);
    }

    /** Each count checked against the bytes left, so a hostile file cannot make the reader allocate more than it holds. */
    private static CallTimes readTimes(Input in, boolean withEpsilon) {
        int threads = Counts.read(in, 3, "call-times thread");
        if (threads == 0) return CallTimes.NONE;
        double epsilon = withEpsilon ? in.readDouble() : 0;
        List<CallTimes.ThreadTimes> all = new ArrayList<>(threads);
        for (int i = 0; i < threads; i++) {
            int thread = in.readVarInt(true);
            int calls = in.readVarInt(true);
            int length = Counts.read(in, 1, "call-times byte");
            all.add(new CallTimes.ThreadTimes(thread, calls, in.readBytes(length)));
        }
        return new CallTimes(all, epsilon);
    }
}
