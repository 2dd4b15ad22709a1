package org.mpjtrace.trace.io.serial;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.util.ArrayList;
import java.util.List;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.fold.Field;
import org.mpjtrace.trace.fold.Histogram;
import org.mpjtrace.trace.fold.ValueSeq;
import org.mpjtrace.trace.global.Alternatives;
import org.mpjtrace.trace.global.GlobalEvent;
import org.mpjtrace.trace.global.GlobalLoop;
import org.mpjtrace.trace.global.GlobalNode;
import org.mpjtrace.trace.global.GlobalTrace;
import org.mpjtrace.trace.io.rules.TraceRules;
import org.mpjtrace.trace.io.value.CorruptDataException;
import org.mpjtrace.trace.io.value.Counts;
import org.mpjtrace.trace.io.value.RankSetIo;
import org.mpjtrace.trace.io.value.TimeCode;
import org.mpjtrace.trace.ranks.RankSet;

/**
 * Version 1 of a merged (global) trace:
 * <pre>
 * trace       worldSize varint, ranks RankSet, merge time ns varlong, (version 14 on) timing byte: 0 histograms
 *             with quantiles, 1 aggregate (timing=aggregate: count, min, max and mean only), nodes
 * nodes       count varint, node...
 * node        tag byte (1 event, 2 loop; since version 20 also 3 event and 4 loop on all the ranks of the
 *             node around them, whose ranks are then not written; since version 21 an event's tag plus 8 when
 *             its stack is its site's own, taken from the site table, which the file then holds before GLOBAL),
 *             then
 *   event     op and thread varint (Event.opAndThread: thread in bits 16 and up; format 8 and
 *             older hold the op alone, thread 0), site varint, stack long (unless tag has 8), ranks RankSet (tag 1), (since version
 *             20) repeats varint, 15 x alternatives (Field order; since version 20 not those whose bit f is set in
 *             repeats: they equal field f - 1's), 2 x histogram
 *   loop      ranks RankSet (tag 2), counts alternatives, body nodes
 * alternatives count varint, (RankSet, value sequence)...; since version 20 one value for all the node's
 *             ranks (count 1) is written without its RankSet
 * value seq   elements: count varint, element...; element: 1 run (start zigzag varlong, stride zigzag
 *             varlong, length varlong) | 2 repetition (count varlong, elements)
 * histogram   count varlong; if count > 0: min, max, mean, then (unless aggregate) the 10/25/50/75/90%
 *             quantiles, each a 2-byte TimeCode
 * RankSet     RankSet.write (section count, then the ranklist notation as varints)
 * </pre>
 * Reading checks what a corrupt section could get wrong before it is used: nesting depth, counts
 * against the bytes left, op codes, rank sets within the world and within their node's ranks, one
 * value per rank, histogram totals.
 *
 * <p>Why version 20 leaves out the rank sets a reader can infer: an event wrote sixteen (its own and one per
 * parameter), nearly all the ranks of the node around it, about 70 of the raw bytes of each call site; a
 * parameter with one value for all the node's ranks (most of them, and every parameter the op has no use
 * for) is now its count and its values; and a parameter equal to the one before it in {@link Field} order
 * is a bit: the fields an op has no use for all hold "no value", eight to ten of them an event. Ring at 16
 * ranks, timing=histogram: the global trace 1,417 raw and 487 stored bytes before, 927 and 444 without the
 * rank sets, 523 and 395 without the repeats too.
 *
 * <p>Why version 21 leaves out a stack that is its site's own: a stack signature is an 8-byte hash nothing
 * compresses, and every call made where no caller was recorded (all of Ring's and Stencil2D's) has its
 * site's. The site table gives it: the writer puts the sites' signatures in the Kryo context under
 * {@link #SITE_STACKS} when it writes a file (never for a message between ranks, whose reader has no site
 * table), and the reader does once it has read the SITES section. Ring at 16 ranks, timing=aggregate: 48
 * of the global trace's 403 raw bytes.
 */
public final class GlobalTraceSerializer extends Serializer<GlobalTrace> {
    /** Deeper nesting than any real program has; bounds recursion on corrupt input. */
    static final int MAX_DEPTH = 200;
    private static final int EVENT = 1, LOOP = 2;
    /** Added to a node's tag when its ranks are the node's around it (version 20 on). */
    private static final int PARENT_RANKS = 2;
    /** Added to an event's tag when its stack is its site's own (version 21 on). */
    private static final int SITE_STACK = 8;
    /**
     * Kryo context key: a {@code long[]}, each site's own stack signature by site id, when a file's global
     * trace may leave out the stacks the site table gives. Absent for messages.
     */
    public static final String SITE_STACKS = "mpjtrace.siteStacks";
    /** The version from which a stack that is its site's own is not written. */
    private static final int SITE_STACKS_VERSION = 21;
    /** The version from which rank sets a reader can infer are not written. */
    private static final int IMPLIED_RANKS = 20;
    /** The version the timing byte appeared in. */
    private static final int TIMING_BYTE = 14;
    private static final int HISTOGRAMS = 0, AGGREGATE = 1;
    private final boolean readsTimingByte;
    private final boolean readsImpliedRanks;
    private final boolean readsSiteStacks;
    private final boolean writesAggregate;

    /**
     * @param version   the format version read (writes are always the current one)
     * @param aggregate write each histogram as its count, min, max and mean only (timing=aggregate)
     */
    public GlobalTraceSerializer(int version, boolean aggregate) {
        this.readsTimingByte = version >= TIMING_BYTE;
        this.readsImpliedRanks = version >= IMPLIED_RANKS;
        this.readsSiteStacks = version >= SITE_STACKS_VERSION;
        this.writesAggregate = aggregate;
    }

    @Override
    public void write(Kryo kryo, Output out, GlobalTrace t) {
        int world = t.ranks().isEmpty() ? 1 : t.ranks().max() + 1; // an empty trace (nothing merged yet) still reads back
        out.writeVarInt(world, true);
        RankSetIo.write(out, t.ranks());
        out.writeVarLong(t.mergeNanos(), true);
        out.writeByte(writesAggregate ? AGGREGATE : HISTOGRAMS);
        writeNodes(out, t.nodes(), t.ranks(), !writesAggregate, siteStacks(kryo));
    }

    /** The world size is written so that rank sets can be checked while reading. */
    @Override
    public GlobalTrace read(Kryo kryo, Input in, Class<? extends GlobalTrace> type) {
        int world = in.readVarInt(true);
        String worldProblem = TraceRules.worldSizeProblem(world);
        if (worldProblem != null) throw new CorruptDataException("global trace: " + worldProblem);
        RankSet all = RankSetIo.read(in, world);
        long mergeNanos = in.readVarLong(true);
        if (mergeNanos < 0) throw new CorruptDataException("negative merge time");
        int timing = readsTimingByte ? in.readByte() : HISTOGRAMS;
        if (timing != HISTOGRAMS && timing != AGGREGATE) throw new CorruptDataException("unknown timing kind " + timing);
        return new GlobalTrace(readNodes(in, world, all, 0, timing == HISTOGRAMS, siteStacks(kryo)), all, mergeNanos);
    }

    private static long[] siteStacks(Kryo kryo) {
        return kryo == null ? null : (long[]) kryo.getContext().get(SITE_STACKS);
    }

    /** @param siteStacks each site's own stack signature, by site id, or null: write every stack */
    private static void writeNodes(Output out, List<GlobalNode> nodes, RankSet parent, boolean quantiles, long[] siteStacks) {
        out.writeVarInt(nodes.size(), true);
        for (GlobalNode n : nodes) {
            boolean parents = n.ranks().equals(parent);
            if (n instanceof GlobalEvent e) {
                boolean siteStack = siteStacks != null && e.site() >= 0 && e.site() < siteStacks.length && siteStacks[e.site()] == e.stack();
                out.writeByte(EVENT + (parents ? PARENT_RANKS : 0) + (siteStack ? SITE_STACK : 0));
                out.writeVarInt(Event.opAndThread(e.op(), e.thread()), true);
                out.writeVarInt(e.site(), true);
                if (!siteStack) out.writeLong(e.stack());
                if (!parents) RankSetIo.write(out, e.ranks());
                int repeats = 0;
                for (int f = 1; f < Field.ALL.length; f++)
                    if (same(e.field(Field.ALL[f]), e.field(Field.ALL[f - 1]))) repeats |= 1 << f;
                out.writeVarInt(repeats, true);
                for (int f = 0; f < Field.ALL.length; f++)
                    if ((repeats & 1 << f) == 0) writeAlternatives(out, e.field(Field.ALL[f]));
                writeHistogram(out, e.compute(), quantiles);
                writeHistogram(out, e.inside(), quantiles);
            } else {
                GlobalLoop l = (GlobalLoop) n;
                out.writeByte(LOOP + (parents ? PARENT_RANKS : 0));
                if (!parents) RankSetIo.write(out, l.ranks());
                writeAlternatives(out, l.counts());
                writeNodes(out, l.body(), l.ranks(), quantiles, siteStacks);
            }
        }
    }

    private List<GlobalNode> readNodes(Input in, int world, RankSet parent, int depth, boolean quantiles, long[] siteStacks) {
        if (depth > MAX_DEPTH) throw new CorruptDataException("loops nested deeper than " + MAX_DEPTH);
        int n = Counts.read(in, 3, "node");
        List<GlobalNode> nodes = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int tag = in.readByte();
            boolean siteStack = readsSiteStacks && (tag == EVENT + SITE_STACK || tag == EVENT + PARENT_RANKS + SITE_STACK);
            if (siteStack) tag -= SITE_STACK;
            boolean parents = readsImpliedRanks && (tag == EVENT + PARENT_RANKS || tag == LOOP + PARENT_RANKS);
            if (parents) tag -= PARENT_RANKS;
            if (tag == EVENT) {
                int opAndThread = in.readVarInt(true);
                int op = Event.opOf(opAndThread), thread = Event.threadOf(opAndThread);
                if (Op.ofCode(op) == null) throw new CorruptDataException("unknown op code " + op);
                int site = in.readVarInt(true);
                long stack;
                if (!siteStack) {
                    stack = in.readLong();
                } else if (siteStacks == null) {
                    throw new CorruptDataException("an event's stack is its site's own, but no site table came before the global trace");
                } else if (site < 0 || site >= siteStacks.length) {
                    throw new CorruptDataException("an event's stack is its site's own, but site " + site + " is not among the " + siteStacks.length + " sites");
                } else {
                    stack = siteStacks[site];
                }
                RankSet ranks = parents ? parent : readNodeRanks(in, world, parent);
                int repeats = readsImpliedRanks ? in.readVarInt(true) : 0;
                if ((repeats & 1) != 0 || repeats >>> Field.ALL.length != 0) throw new CorruptDataException("bad field repeats " + repeats);
                List<Alternatives<ValueSeq>> fields = new ArrayList<>(Field.ALL.length);
                for (Field f : Field.ALL) {
                    fields.add((repeats & 1 << f.ordinal()) != 0 ? copy(fields.get(f.ordinal() - 1))
                            : readAlternatives(in, world, ranks, depth, "field " + f));
                }
                Histogram compute = readHistogram(in, quantiles), inside = readHistogram(in, quantiles);
                nodes.add(new GlobalEvent(op, thread, site, stack, ranks, fields, compute, inside));
            } else if (tag == LOOP) {
                RankSet ranks = parents ? parent : readNodeRanks(in, world, parent);
                Alternatives<ValueSeq> counts = readAlternatives(in, world, ranks, depth, "loop counts");
                List<GlobalNode> body = readNodes(in, world, ranks, depth + 1, quantiles, siteStacks);
                if (body.isEmpty()) throw new CorruptDataException("empty loop body");
                nodes.add(new GlobalLoop(body, counts, ranks));
            } else {
                throw new CorruptDataException("unknown node kind " + tag);
            }
        }
        return nodes;
    }

    private static RankSet readNodeRanks(Input in, int world, RankSet parent) {
        RankSet ranks = RankSetIo.read(in, world);
        if (ranks.isEmpty() || !parent.union(ranks).equals(parent))
            throw new CorruptDataException("node ranks " + ranks + " not within " + parent);
        return ranks;
    }

    private static boolean same(Alternatives<ValueSeq> a, Alternatives<ValueSeq> b) {
        return a.list().equals(b.list());
    }

    /** A field that repeats the one before it gets sequences of its own: the fold counts a sequence's repetitions up in place. */
    private static Alternatives<ValueSeq> copy(Alternatives<ValueSeq> a) {
        List<Alternatives.Alternative<ValueSeq>> list = new ArrayList<>(a.list().size());
        for (Alternatives.Alternative<ValueSeq> alt : a.list())
            list.add(new Alternatives.Alternative<>(ValueSeq.ofElements(alt.value().elements()), alt.ranks()));
        return Alternatives.of(list);
    }

    /** One value for all the node's ranks leaves its ranks out (they are the node's, which the reader has). */
    private static void writeAlternatives(Output out, Alternatives<ValueSeq> a) {
        List<Alternatives.Alternative<ValueSeq>> list = a.list();
        out.writeVarInt(list.size(), true);
        for (Alternatives.Alternative<ValueSeq> alt : list) {
            if (list.size() > 1) RankSetIo.write(out, alt.ranks());
            ValueElements.write(out, alt.value().elements());
        }
    }

    /** Every rank of the node has exactly one value. */
    private Alternatives<ValueSeq> readAlternatives(Input in, int world, RankSet nodeRanks, int depth, String what) {
        int n = Counts.read(in, readsImpliedRanks ? 1 : 2, what + " value");
        if (n == 0) throw new CorruptDataException(what + ": no values");
        List<Alternatives.Alternative<ValueSeq>> list = new ArrayList<>(n);
        RankSet covered = RankSet.empty();
        for (int i = 0; i < n; i++) {
            RankSet ranks = readsImpliedRanks && n == 1 ? nodeRanks : RankSetIo.read(in, world);
            RankSet both = covered.union(ranks);
            if (ranks.isEmpty() || both.size() != covered.size() + ranks.size())
                throw new CorruptDataException(what + ": ranks " + ranks + " have two values");
            covered = both;
            list.add(new Alternatives.Alternative<>(ValueSeq.ofElements(ValueElements.read(in, depth)), ranks));
        }
        if (!covered.equals(nodeRanks)) throw new CorruptDataException(what + ": values for " + covered + ", node runs on " + nodeRanks);
        return Alternatives.of(list);
    }

    /**
     * The count exactly; min, max, mean and the {@link Histogram#QUANTILES} as {@link TimeCode}s: a
     * fixed-size summary, since exact nanoseconds and bin counts would make the trace grow with the
     * run's length and noise while carrying only noise. Without quantiles (timing=aggregate) only the first four.
     */
    private static void writeHistogram(Output out, Histogram h, boolean quantiles) {
        out.writeVarLong(h.count(), true);
        if (h.count() == 0) return;
        out.writeShort(TimeCode.encode(h.min()));
        out.writeShort(TimeCode.encode(h.max()));
        out.writeShort(TimeCode.encode(Math.round(h.mean())));
        if (quantiles) for (double q : Histogram.QUANTILES) out.writeShort(TimeCode.encode(h.quantile(q)));
    }

    /** Without quantiles (timing=aggregate), {@link Histogram#ofAggregate}: its count, min, max and mean are the stored ones. */
    private static Histogram readHistogram(Input in, boolean stored) {
        long count = in.readVarLong(true);
        long[] quantiles = new long[Histogram.QUANTILES.length];
        if (count < 0) throw new CorruptDataException("negative histogram count");
        if (count == 0) return Histogram.ofSummary(0, 0, 0, 0, quantiles);
        long min = TimeCode.decode(in.readShortUnsigned()), max = TimeCode.decode(in.readShortUnsigned());
        long mean = TimeCode.decode(in.readShortUnsigned());
        long previous = min;
        for (int i = 0; i < quantiles.length; i++) {
            quantiles[i] = stored ? TimeCode.decode(in.readShortUnsigned()) : mean;
            if (quantiles[i] < previous) throw new CorruptDataException("histogram quantiles out of order");
            previous = quantiles[i];
        }
        if (min > max || previous > max || mean < min || mean > max) throw new CorruptDataException("bad histogram");
        try {
            Math.multiplyExact(mean, count);
        } catch (ArithmeticException e) {
            throw new CorruptDataException("histogram total out of range");
        }
        return stored ? Histogram.ofSummary(count, min, max, mean, quantiles) : Histogram.ofAggregate(count, min, max, mean);
    }
}
