package org.mpjtrace.cli.format;

import java.io.PrintWriter;
import java.util.List;
import org.mpjtrace.replay.RebuiltRank;
import org.mpjtrace.trace.CallSite;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.OwnArguments;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.cluster.Cluster;
import org.mpjtrace.trace.cluster.MarkerLog;
import org.mpjtrace.trace.fold.Field;
import org.mpjtrace.trace.fold.FieldSchema;
import org.mpjtrace.trace.fold.Histogram;
import org.mpjtrace.trace.fold.RelativePeers;
import org.mpjtrace.trace.fold.ValueSeq;
import org.mpjtrace.trace.global.Alternatives;
import org.mpjtrace.trace.global.GlobalEvent;
import org.mpjtrace.trace.global.GlobalLoop;
import org.mpjtrace.trace.global.GlobalNode;
import org.mpjtrace.trace.global.GlobalTrace;
import org.mpjtrace.trace.ranks.RankSet;

/**
 * Prints a loop-compressed trace as its structure: one line per loop ({@code loop 100x}) and per event,
 * indented by nesting, each with the ranks that run it (omitted where they are the enclosing node's).
 * Parameters print as the value every rank has ({@code tag=7}), as a sequence where it varies between
 * occurrences ({@code count=[0+1x100]}), and as per-rank alternatives where ranks differ
 * ({@code count={<...>: 2 | <...>: 4}}). Relative peers print as offsets from the rank: {@code peer=r-4};
 * peers a cluster's members share outright (mode chameleon, absolute end-points) as the rank itself.
 * An event's line is broken to fit a terminal ({@link WrappedLine}).
 */
public final class GlobalListing {
    /** The fields printed, in this order, where the op has them ({@link FieldSchema}). */
    private static final Field[] SHOWN = {Field.PEER, Field.TAG, Field.COUNT, Field.DATATYPE, Field.COMM, Field.REQUEST,
        Field.PEER2, Field.TAG2, Field.COUNT2, Field.DATATYPE2, Field.REDOP, Field.COLOR, Field.KEY, Field.RESULT};

    private final TraceFile trace;
    private final PrintWriter out;
    /** Only this rank's nodes and values, or -1 for all ranks. */
    private final int rank;
    private int line;
    /** Whether a rank's threads called MPJ at once: then each event says which thread made it. */
    private boolean threaded;
    private final SymbolNames names;

    public GlobalListing(TraceFile trace, PrintWriter out) {
        this(trace, out, -1);
    }

    /** A listing of what {@code rank} runs: its loops and calls, with its own values. */
    public GlobalListing(TraceFile trace, PrintWriter out, int rank) {
        this.trace = trace;
        this.out = out;
        this.rank = rank;
        this.names = new SymbolNames(trace);
    }

    public void print(GlobalTrace global) {
        threaded = RankThreads.ofNodes(global.nodes(), rank) > 1;
        out.println("global trace: " + global.ranks().size() + " ranks " + global.ranks() + ", " + global.nodeCount() + " nodes"
                + (rank < 0 ? "" : "; what rank " + rank + " runs"));
        if (rank >= 0) ownNote();
        printNodes(global.nodes(), global.ranks(), 1);
    }

    /**
     * What a non-lead ran, from its own calls folded into loops again ({@link RefoldedRank}): the
     * global trace holds its lead's values, its section what differs.
     */
    public void printOwn(GlobalTrace own) {
        threaded = RankThreads.ofNodes(own.nodes(), rank) > 1;
        out.println("rank " + rank + "'s own calls, " + own.nodeCount() + " nodes: it is in a cluster" + lead() + " and its section keeps calls or"
                + " values of its own, so its calls are rebuilt as decode --expand rebuilds them and folded into loops again");
        printNodes(own.nodes(), own.ranks(), 1);
    }

    /**
     * A non-lead whose section keeps what its lead's calls get wrong for it, when its calls are not folded
     * again (its threads called MPJ at once, or it made too many calls): the listing shows the lead's loops
     * and values, so say what the section adds and where it is applied.
     */
    private void ownNote() {
        RankTrace section = trace.rank(rank);
        if (!RebuiltRank.keepsOwn(section)) return;
        long stacks = section.stackSummaries().size();
        long arguments = section.ownArguments().stream().mapToLong(OwnArguments::repeat).sum();
        out.println("  rank " + rank + " is in a cluster" + lead() + ": the loops and values below are its lead's; its section keeps its own calls or values at "
                + stacks + " call path" + (stacks == 1 ? "" : "s") + " and its own arguments of " + arguments + " call" + (arguments == 1 ? "" : "s")
                + ", which decode --expand --rank " + rank + " applies");
    }

    /** " led by rank L" from the last clustering that holds the rank, or "" when the trace has none. */
    private String lead() {
        MarkerLog log = trace.markers();
        if (log == null) return "";
        for (int i = log.clusterings().size() - 1; i >= 0; i--) {
            Cluster c = log.clusterings().get(i).clusterOf(rank);
            if (c != null) return " led by rank " + c.lead();
        }
        return "";
    }

    private void printNodes(List<GlobalNode> nodes, RankSet enclosing, int depth) {
        for (GlobalNode n : nodes) {
            if (rank >= 0 && !n.ranks().contains(rank)) continue;
            StringBuilder b = new StringBuilder();
            b.append(String.format("%4d ", line++));
            b.append("  ".repeat(depth));
            if (n instanceof GlobalLoop l) {
                b.append("loop ").append(alternatives(l.counts(), false)).append('x');
                ranks(b, l.ranks(), enclosing);
                out.println(b);
                printNodes(l.body(), l.ranks(), depth + 1);
            } else {
                GlobalEvent e = (GlobalEvent) n;
                Op op = Op.ofCode(e.op());
                b.append(op == null ? "op" + e.op() : op.mpjName);
                CallSite site = trace.site(e.site());
                b.append("  ").append(site == null ? "site " + e.site() : site.where());
                if (threaded) b.append(" thread=").append(e.thread());
                WrappedLine w = new WrappedLine(b.toString(), 5 + 2 * depth + 4);
                for (Field f : SHOWN) {
                    String v = field(e, f, rank);
                    if (v != null) w.add(" ", name(op, f) + "=" + v);
                }
                timing(w, e.compute(), "compute");
                timing(w, e.inside(), "in");
                if (rank < 0 && !e.ranks().equals(enclosing)) w.add("  ", "ranks " + e.ranks());
                out.println(w);
            }
        }
    }

    private void ranks(StringBuilder b, RankSet ranks, RankSet enclosing) {
        if (rank < 0 && !ranks.equals(enclosing)) b.append("  ranks ").append(ranks);
    }

    private static void timing(WrappedLine w, Histogram h, String what) {
        if (h.count() == 0) return;
        w.add(" ", what + "=" + Units.micros(Math.round(h.mean())) + "us");
    }

    /**
     * The field's value text (rank's own when {@code rank} >= 0), or null when the call has no value
     * there: the op does not have the field, or it is optional ({@link FieldSchema}) and every value is
     * its "no value" (which a relative peer stores apart from every offset). A field whose every number
     * is the program's (Shift's displacement, Split's colour and key, Abort's error code) always prints.
     * Datatypes and reduction ops print by name.
     */
    private String field(GlobalEvent e, Field f, int rank) {
        FieldSchema.Use use = FieldSchema.use(e.op(), f);
        if (use == FieldSchema.Use.UNUSED) return null;
        Alternatives<ValueSeq> a = e.field(f);
        boolean relative = RelativePeers.isRelative(e.op(), f);
        long absent = relative ? RelativePeers.encode((int) FieldSchema.absent(f), 0, 1) : FieldSchema.absent(f);
        boolean optional = use == FieldSchema.Use.OPTIONAL;
        ValueSeq own = rank < 0 ? null : a.valueFor(rank);
        if (own != null) return optional && allEqual(own.elements(), absent) ? null : named(own, f, relative);
        if (optional && a.list().stream().allMatch(alt -> allEqual(alt.value().elements(), absent))) return null;
        if (a.list().size() == 1) return named(a.list().get(0).value(), f, relative);
        StringBuilder b = new StringBuilder("{");
        for (int i = 0; i < a.list().size(); i++) {
            if (i > 0) b.append(" | ");
            Alternatives.Alternative<ValueSeq> alt = a.list().get(i);
            b.append(alt.ranks()).append(": ").append(named(alt.value(), f, relative));
        }
        return b.append('}').toString();
    }

    /** A constant datatype or reduction op by name; anything else as {@link #sequence} prints it. */
    private String named(ValueSeq s, Field f, boolean relative) {
        Long constant = constantOf(s.elements());
        if (constant != null && (f == Field.DATATYPE || f == Field.DATATYPE2)) return names.datatype(constant);
        if (constant != null && f == Field.REDOP) return names.redop(constant);
        return sequence(s, relative);
    }

    /** Whether every value of the sequence is {@code value}, however it is folded. */
    private static boolean allEqual(List<ValueSeq.Elem> elems, long value) {
        Long constant = constantOf(elems);
        return constant != null && constant == value;
    }

    /** The one value every element of the sequence has, or null when they differ (or there are none). */
    private static Long constantOf(List<ValueSeq.Elem> elems) {
        Long value = null;
        for (ValueSeq.Elem e : elems) {
            Long v;
            if (e instanceof ValueSeq.Run r) v = r.length() > 1 && r.stride() != 0 ? null : r.start();
            else v = constantOf(((ValueSeq.Rep) e).body());
            if (v == null || (value != null && !value.equals(v))) return null;
            value = v;
        }
        return value;
    }

    private String alternatives(Alternatives<ValueSeq> a, boolean relative) {
        ValueSeq own = rank < 0 ? null : a.valueFor(rank);
        if (own != null) return sequence(own, relative);
        return alternativesOf(a, relative);
    }

    private static String alternativesOf(Alternatives<ValueSeq> a, boolean relative) {
        if (a.list().size() == 1) return sequence(a.list().get(0).value(), relative);
        StringBuilder b = new StringBuilder("{");
        for (int i = 0; i < a.list().size(); i++) {
            if (i > 0) b.append(" | ");
            Alternatives.Alternative<ValueSeq> alt = a.list().get(i);
            b.append(alt.ranks()).append(": ").append(sequence(alt.value(), relative));
        }
        return b.append('}').toString();
    }

    /** A constant prints as the value (however it is folded); anything else as the compressed sequence in brackets. */
    private static String sequence(ValueSeq s, boolean relative) {
        List<ValueSeq.Elem> elems = s.elements();
        Long constant = constantOf(elems);
        if (constant != null) return value(constant, relative);
        if (!relative) return "[" + s + "]";
        StringBuilder b = new StringBuilder("[");
        appendRelative(b, elems);
        return b.append(']').toString();
    }

    private static void appendRelative(StringBuilder b, List<ValueSeq.Elem> elems) {
        for (int i = 0; i < elems.size(); i++) {
            if (i > 0) b.append(' ');
            if (elems.get(i) instanceof ValueSeq.Run r) {
                b.append(value(r.start(), true));
                if (r.length() > 1) b.append(r.stride() == 0 ? "" : (r.stride() > 0 ? "+" : "") + r.stride()).append('x').append(r.length());
            } else {
                ValueSeq.Rep rep = (ValueSeq.Rep) elems.get(i);
                b.append(rep.count()).append("*[");
                appendRelative(b, rep.body());
                b.append(']');
            }
        }
    }

    private static String value(long v, boolean relative) {
        if (!relative) return Long.toString(v);
        // An offset counts round COMM_WORLD: r-1 of rank 0 is the last rank.
        if (RelativePeers.isOffset(v)) return v == 0 ? "r" : (v > 0 ? "r+" + v : "r" + v);
        long named = RelativePeers.named(v);
        if (RelativePeers.isAbsolute(v)) return Long.toString(named); // a cluster's members all name this rank
        return Sentinels.rank((int) named);
    }

    /** Field names as decode uses them, with the op-specific meanings of the shared fields. */
    private static String name(Op op, Field f) {
        if (op != null && op.hasRoot() && f == Field.PEER) return "root";
        if (op == Op.SHIFT) {
            switch (f) {
                case PEER: return "direction";
                case COUNT: return "disp";
                case PEER2: return "source";
                case TAG2: return "dest";
                default: break;
            }
        }
        if (op == Op.ABORT && f == Field.TAG) return "code";
        if ((op == Op.PACK || op == Op.UNPACK) && (f == Field.TAG || f == Field.COUNT2)) return f == Field.TAG ? "position" : "capacity";
        if (op == Op.CREATE_INTERCOMM) {
            switch (f) {
                case COLOR: return "local";
                case KEY: return "leader";
                case PEER: return "remote";
                default: break;
            }
        }
        if ((op == Op.CREATE_CART || op == Op.CREATE_GRAPH) && f == Field.KEY) return "reorder";
        switch (f) {
            case DATATYPE: return "type";
            case REQUEST: return "req";
            case DATATYPE2: return "type2";
            case RESULT: return "newcomm";
            default: return f.name().toLowerCase();
        }
    }
}
