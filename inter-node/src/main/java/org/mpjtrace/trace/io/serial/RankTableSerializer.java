package org.mpjtrace.trace.io.serial;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.mpjtrace.trace.CallArrays;
import org.mpjtrace.trace.CallTimes;
import org.mpjtrace.trace.CommInfo;
import org.mpjtrace.trace.DatatypeInfo;
import org.mpjtrace.trace.LossyBins;
import org.mpjtrace.trace.OwnArguments;
import org.mpjtrace.trace.RankStats;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.RedOpInfo;
import org.mpjtrace.trace.StackSummary;
import org.mpjtrace.trace.TraceMemory;
import org.mpjtrace.trace.fold.FoldedInfos;
import org.mpjtrace.trace.fold.IndexedValues;
import org.mpjtrace.trace.io.value.CorruptDataException;
import org.mpjtrace.trace.io.value.Counts;
import org.mpjtrace.trace.io.value.ListCodec;
import org.mpjtrace.trace.io.value.PackedColumn;
import org.mpjtrace.trace.io.value.Strings;

/**
 * Version 14: the ranks of a RANK_TABLE section (ranks that keep no calls of their own: no events, no
 * calls' own times), column by column, so that what the ranks share costs once and only what differs
 * costs per rank.
 *
 * <pre>
 *   n                    varint, the ranks
 *   hosts                varint count, then each host name once (Strings)
 *   tables               varint count, then each distinct set of tables once: the communicators (before
 *                        version 23 a count, then id, kind, size, and the rank's rank in it minus its rank in
 *                        COMM_WORLD as a zigzag varlong, so that COMM_WORLD is 0 on every rank; since, folded
 *                        as in a RANK section, FoldedInfosIo, with the rank column so relative), then the
 *                        datatype, reduction-op, call-array, own-argument and stack-summary lists as in a
 *                        RANK section
 *   then one column after another, each holding a value per rank:
 *     rank               zigzag varlong, the difference from the previous rank's (from -1)
 *     host               varint index into hosts
 *     initNanos          versions 14 to 19 only: zigzag varlong, the difference from the previous rank's (from 0)
 *     ringWaits, ringWaitNanos, internalErrors   zigzag varlongs, one column each
 *     disabledReason     string
 *     trace memory       twelve columns, for each of the four states its markers, max bytes and sum of bytes:
 *                        up to version 19 varlongs, at least 0; since version 20 the markers so, the max bytes
 *                        as zigzag differences from the previous rank's (from 0), the sum as a zigzag
 *                        difference from the rank's max (0 where the state saw one marker)
 *     setupNanos         versions 14 to 19: varlong, at least 0; since version 20 its code (0 for none, else 1 +
 *                        the time's bin of base 1.05, LossyBins), the column packed (PackedColumn: the least code,
 *                        the bits above it, every rank's bits)
 *     paused spans       varint count; then, rank after rank, each span's start (zigzag varlong) and
 *                        length (varlong, at least 0)
 *     tables             varint index into tables
 * </pre>
 *
 * Why columns: LZ4 pays a token and an offset for every switch between a stretch it matched and new
 * bytes, so a rank laid out whole, whose few differing fields sit among shared ones, costs about 24
 * bytes in a table (Stencil2D, full, 64 ranks); a column of equal values costs next to nothing, and a
 * column of differing ones only its own bytes.
 *
 * <p>Why version 20 keeps no clock and only a coarse set-up time: they were the only columns that differ on
 * every rank, 9 of the 10 bytes a rank cost (Stencil2D, full, 16 to 64 ranks: 483 B for 48 ranks), and a
 * rank here has no calls of its own times, so nothing reads its clock at MPI.Init (its calls' times are the
 * trace's means, from 0); the set-up time, the tracer's own cost at MPI.Init, mostly the wait for the last
 * rank to reach it, is kept in bins of 5% (at most 2.5% off), which packed cost 3 to 4 bits a rank where the
 * ranks' set-ups spread over a factor 1.4 to 1.6 (64 rank threads on 2 cores); bins of 1% (6 bits) and 2%
 * (5 bits) left Stencil2D's whole file at 64 ranks 1.04-1.05 times its size at 16. The largest trace a rank
 * held per state is kept as a difference from the previous rank's: ranks of one kind held the same, which
 * LZ4 then folds. Stencil2D, full, 16 to 64 ranks: the table grows by about a byte a rank (version 19:
 * 9.8). Ranks with calls of their own (RANK sections) keep all of it exactly.
 */
public final class RankTableSerializer extends Serializer<RankTable> {
    /**
     * The fewest bytes one rank takes in the columns: rank, host, three counters, a reason, twelve memory
     * figures, spans, tables (before version 20 also its clock and set-up time; since, the packed set-up
     * times may take no byte a rank).
     */
    public static final int MIN_BYTES_PER_RANK = 2 + 3 + 1 + 12 + 1 + 1;
    /** The version that dropped the clock and coded the set-up time in {@link #SETUP_BINS}. */
    private static final int CODED_SETUP = 20;
    /** Bins of 5%: a set-up time read back is within 2.5% of the one written. */
    private static final LossyBins SETUP_BINS = LossyBins.of(0.05);
    /** The fewest bytes a set of tables takes: six list counts (before version 23; since, more). */
    private static final int MIN_TABLE_BYTES = 6;
    private static final int MIN_COMM_BYTES = 4;
    /** The version that folded the communicator, datatype and reduction-op tables ({@link FoldedInfosIo}). */
    private static final int FOLDED = 23;
    /** The communicator table's column of the rank's rank in each. */
    private static final int RANK_COLUMN = 2;
    private final boolean coded;
    private final boolean folded;

    /** @param version the format version read (writes are always the current one) */
    public RankTableSerializer(int version) {
        this.coded = version >= CODED_SETUP;
        this.folded = version >= FOLDED;
    }

    /** The table's ranks in any order, each without events or own times. */
    @Override
    public void write(Kryo kryo, Output out, RankTable table) {
        List<RankTrace> ranks = table.ranks();
        for (RankTrace r : ranks)
            if (r.eventCount() != 0 || !r.times().isEmpty())
                throw new IllegalArgumentException("rank " + r.rank() + " keeps calls of its own: it belongs in a RANK section");
        out.writeVarInt(ranks.size(), true);
        Map<String, Integer> hosts = new LinkedHashMap<>();
        for (RankTrace r : ranks) hosts.putIfAbsent(r.host(), hosts.size());
        out.writeVarInt(hosts.size(), true);
        for (String h : hosts.keySet()) Strings.write(out, h);

        Map<ByteBuffer, Integer> tables = new LinkedHashMap<>();
        int[] tableOf = new int[ranks.size()];
        for (int i = 0; i < ranks.size(); i++) {
            Output one = new Output(256, -1);
            writeTables(kryo, one, ranks.get(i));
            tableOf[i] = tables.computeIfAbsent(ByteBuffer.wrap(one.toBytes()), b -> tables.size());
        }
        out.writeVarInt(tables.size(), true);
        for (ByteBuffer b : tables.keySet()) out.writeBytes(b.array());

        long previous = -1;
        for (RankTrace r : ranks) {
            out.writeVarLong(r.rank() - previous, false);
            previous = r.rank();
        }
        for (RankTrace r : ranks) out.writeVarInt(hosts.get(r.host()), true);
        for (RankTrace r : ranks) out.writeVarLong(r.stats().ringWaits(), false);
        for (RankTrace r : ranks) out.writeVarLong(r.stats().ringWaitNanos(), false);
        for (RankTrace r : ranks) out.writeVarLong(r.stats().internalErrors(), false);
        for (RankTrace r : ranks) Strings.write(out, r.stats().disabledReason());
        for (int state = 0; state < TraceMemory.STATES; state++) {
            for (RankTrace r : ranks) out.writeVarLong(r.stats().memory().markers()[state], true);
            previous = 0;
            for (RankTrace r : ranks) {
                out.writeVarLong(r.stats().memory().maxBytes()[state] - previous, false);
                previous = r.stats().memory().maxBytes()[state];
            }
            for (RankTrace r : ranks) out.writeVarLong(r.stats().memory().sumBytes()[state] - r.stats().memory().maxBytes()[state], false);
        }
        long[] setupCodes = new long[ranks.size()];
        for (int i = 0; i < setupCodes.length; i++) setupCodes[i] = setupCode(ranks.get(i).stats().setupNanos());
        PackedColumn.write(out, setupCodes);
        for (RankTrace r : ranks) out.writeVarInt(r.stats().paused().length / 2, true);
        for (RankTrace r : ranks) {
            long[] paused = r.stats().paused();
            for (int i = 0; i + 1 < paused.length; i += 2) {
                out.writeVarLong(paused[i], false);
                out.writeVarLong(paused[i + 1] - paused[i], true);
            }
        }
        for (int t : tableOf) out.writeVarInt(t, true);
    }

    /** Reads what {@link #write} wrote, each count checked against the bytes left before anything is allocated for it. */
    @Override
    public RankTable read(Kryo kryo, Input in, Class<? extends RankTable> type) {
        int n = Counts.read(in, MIN_BYTES_PER_RANK, "rank-table rank");
        int hostCount = Counts.read(in, Strings.MIN_BYTES, "rank-table host");
        List<String> hosts = new ArrayList<>(hostCount);
        for (int i = 0; i < hostCount; i++) hosts.add(Strings.read(in));
        int tableCount = Counts.read(in, MIN_TABLE_BYTES, "rank-table tables");
        List<Tables> tables = new ArrayList<>(tableCount);
        for (int i = 0; i < tableCount; i++) tables.add(readTables(kryo, in));

        int[] rank = new int[n];
        long previous = -1;
        for (int i = 0; i < n; i++) {
            long r = previous + in.readVarLong(false);
            if (r < 0 || r > Integer.MAX_VALUE) throw new CorruptDataException("rank-table rank " + r + " out of range");
            rank[i] = (int) r;
            previous = r;
        }
        String[] host = new String[n];
        for (int i = 0; i < n; i++) host[i] = hosts.get(index(in, hostCount, "host"));
        long[] init = new long[n];
        if (!coded) {
            previous = 0;
            for (int i = 0; i < n; i++) previous = init[i] = previous + in.readVarLong(false);
        }
        long[] ringWaits = column(in, n, false), ringWaitNanos = column(in, n, false), errors = column(in, n, false);
        String[] reason = new String[n];
        for (int i = 0; i < n; i++) reason[i] = Strings.read(in);
        long[][] markers = new long[n][TraceMemory.STATES], max = new long[n][TraceMemory.STATES], sum = new long[n][TraceMemory.STATES];
        for (int state = 0; state < TraceMemory.STATES; state++) {
            for (long[][] figure : List.of(markers, max, sum)) {
                for (int i = 0; i < n; i++) {
                    if (!coded || figure == markers) figure[i][state] = in.readVarLong(true);
                    else if (figure == max) figure[i][state] = (i == 0 ? 0 : max[i - 1][state]) + in.readVarLong(false);
                    else figure[i][state] = max[i][state] + in.readVarLong(false);
                    if (figure[i][state] < 0) throw new CorruptDataException("negative trace memory figure");
                }
            }
        }
        long[] setup = coded ? setupColumn(in, n) : column(in, n, true);
        for (long s : setup) if (s < 0) throw new CorruptDataException("negative set-up time");
        int[] spans = new int[n];
        for (int i = 0; i < n; i++) spans[i] = Counts.read(in, 2, "paused span");
        List<RankTrace> ranks = new ArrayList<>(n);
        long[][] paused = new long[n][];
        for (int i = 0; i < n; i++) {
            paused[i] = new long[2 * spans[i]];
            for (int s = 0; s < spans[i]; s++) {
                paused[i][2 * s] = in.readVarLong(false);
                long length = in.readVarLong(true);
                if (length < 0) throw new CorruptDataException("negative paused span");
                paused[i][2 * s + 1] = paused[i][2 * s] + length;
            }
        }
        for (int i = 0; i < n; i++) {
            Tables t = tables.get(index(in, tableCount, "tables"));
            RankStats stats = new RankStats(ringWaits[i], ringWaitNanos[i], errors[i], reason[i], new TraceMemory(markers[i], max[i], sum[i]),
                    setup[i], paused[i]);
            ranks.add(new RankTrace(rank[i], host[i], init[i], 0, new long[0], t.comms(rank[i]), t.datatypes, t.redops, stats, t.arrays,
                    t.own, t.stacks, CallTimes.NONE));
        }
        return new RankTable(ranks);
    }

    /**
     * A set of tables as the ranks share it: the communicators without the rank's rank in each, which
     * {@code relativeRanks} (before version 23) or the folded table's rank column (since) gives relative to
     * the rank's rank in COMM_WORLD.
     */
    private record Tables(List<CommInfo> comms, long[] relativeRanks, FoldedInfos<CommInfo> folded, List<DatatypeInfo> datatypes,
                          List<RedOpInfo> redops, List<CallArrays> arrays, List<OwnArguments> own, List<StackSummary> stacks) {
        List<CommInfo> comms(int worldRank) {
            if (folded != null) {
                IndexedValues ranks = folded.column(RANK_COLUMN);
                if (!folded.isEmpty() && (ranks.min() < Integer.MIN_VALUE - (long) worldRank || ranks.max() > Integer.MAX_VALUE - (long) worldRank))
                    throw new CorruptDataException("communicator ranks " + ranks.min() + " to " + ranks.max() + " relative to rank " + worldRank + " out of range");
                return folded.shifted(RANK_COLUMN, worldRank);
            }
            List<CommInfo> out = new ArrayList<>(comms.size());
            for (int i = 0; i < comms.size(); i++) {
                CommInfo c = comms.get(i);
                long rank = relativeRanks[i] + worldRank;
                if (rank < Integer.MIN_VALUE || rank > Integer.MAX_VALUE)
                    throw new CorruptDataException("communicator " + c.id() + ": rank " + rank + " out of range");
                out.add(new CommInfo(c.id(), c.kind(), c.size(), (int) rank));
            }
            return out;
        }
    }

    private static void writeTables(Kryo kryo, Output out, RankTrace r) {
        FoldedInfosIo.write(out, FoldedInfos.COMMS, FoldedInfos.of(FoldedInfos.COMMS, r.comms()).shifted(RANK_COLUMN, -(long) r.rank()));
        FoldedInfosIo.write(out, FoldedInfos.DATATYPES, r.datatypes());
        FoldedInfosIo.write(out, FoldedInfos.REDOPS, r.redops());
        ListCodec.write(kryo, out, r.arrays());
        ListCodec.write(kryo, out, r.ownArguments());
        ListCodec.write(kryo, out, r.stackSummaries());
    }

    private Tables readTables(Kryo kryo, Input in) {
        if (folded) {
            FoldedInfos<CommInfo> comms = FoldedInfosIo.read(in, FoldedInfos.COMMS, RANK_COLUMN, "communicator");
            return new Tables(null, null, comms, FoldedInfosIo.read(in, FoldedInfos.DATATYPES, -1, "datatype"),
                    FoldedInfosIo.read(in, FoldedInfos.REDOPS, -1, "reduction op"), arrays(kryo, in), own(kryo, in), stacks(kryo, in));
        }
        int n = Counts.read(in, MIN_COMM_BYTES, "communicator");
        List<CommInfo> comms = new ArrayList<>(n);
        long[] relativeRanks = new long[n];
        for (int i = 0; i < n; i++) {
            int id = in.readVarInt(true);
            String kind = Strings.read(in);
            int size = in.readVarInt(false);
            comms.add(new CommInfo(id, kind, size, 0));
            relativeRanks[i] = in.readVarLong(false); // checked when a rank adds its own (the sum must be an int)
        }
        return new Tables(comms, relativeRanks, null, ListCodec.read(kryo, in, DatatypeInfo.class, DatatypeInfoSerializer.MIN_BYTES, "datatype"),
                ListCodec.read(kryo, in, RedOpInfo.class, RedOpInfoSerializer.MIN_BYTES, "reduction op"), arrays(kryo, in), own(kryo, in), stacks(kryo, in));
    }

    private static List<CallArrays> arrays(Kryo kryo, Input in) {
        return ListCodec.read(kryo, in, CallArrays.class, CallArraysSerializer.MIN_BYTES, "call arrays");
    }

    private static List<OwnArguments> own(Kryo kryo, Input in) {
        return ListCodec.read(kryo, in, OwnArguments.class, OwnArgumentsSerializer.MIN_BYTES, "own arguments");
    }

    private static List<StackSummary> stacks(Kryo kryo, Input in) {
        return ListCodec.read(kryo, in, StackSummary.class, StackSummarySerializer.MIN_BYTES, "stack summaries");
    }

    /** A set-up time's code: 0 for none, else 1 + its bin. */
    private static long setupCode(long nanos) {
        return nanos <= 0 ? 0 : 1 + SETUP_BINS.bin(nanos);
    }

    /** The set-up times of a column of codes, each within 2.5% of the one coded; a negative code is corrupt. */
    private static long[] setupColumn(Input in, int n) {
        long[] nanos = PackedColumn.read(in, n, "set-up times");
        for (int i = 0; i < n; i++) {
            long code = nanos[i];
            if (code < 0) throw new CorruptDataException("negative set-up time code " + code);
            nanos[i] = code == 0 ? 0 : SETUP_BINS.value(code - 1);
        }
        return nanos;
    }

    private static long[] column(Input in, int n, boolean positive) {
        long[] values = new long[n];
        for (int i = 0; i < n; i++) values[i] = in.readVarLong(positive);
        return values;
    }

    private static int index(Input in, int size, String what) {
        int i = in.readVarInt(true);
        if (i < 0 || i >= size) throw new CorruptDataException("rank-table " + what + " index " + Integer.toUnsignedString(i) + " of " + size);
        return i;
    }
}
