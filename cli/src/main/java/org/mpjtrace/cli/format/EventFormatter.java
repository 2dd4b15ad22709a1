package org.mpjtrace.cli.format;

import java.util.HashMap;
import java.util.Map;
import org.mpjtrace.trace.CallArrays;
import org.mpjtrace.trace.CallPath;
import org.mpjtrace.trace.CallSite;
import org.mpjtrace.trace.DatatypeInfo;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.FlagBits;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.RedOpInfo;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.fold.Field;
import org.mpjtrace.trace.fold.FieldSchema;

/**
 * One event of a rank as one line of text:
 * {@code index  op  Class.method:line  parameters  t=ENTER dur=DURATION}, times in microseconds, enter
 * time counted from the moment the rank's MPI.Init returned (so Init itself starts before 0). When the
 * trace has calling context and the call was reached through wrapped callers, the call site is followed
 * by its callers' call sites, nearest first: {@code Solver.exchange:42 <- Solver.step:50 <- Solver.main:12}.
 *
 * <p>Which parameters are shown follows the op's {@link Op.Family} (see {@link Event}); a field the op
 * does not have, or an optional one the call left empty, is left out ({@link FieldSchema}), so every
 * value on the line means something and -1 is shown where it is the program's (Shift's displacement,
 * Split's key, Abort's error code).
 */
public final class EventFormatter {
    /** Wide enough for the longest op names (Sendrecv_replace, Create_intercomm). */
    private static final int OP_WIDTH = 16;
    /** Call sites longer than this push the parameters right instead of widening every line. */
    private static final int MAX_SITE_WIDTH = 40;
    /** The same with calling context, where a call site and two or three callers are common. */
    private static final int MAX_CONTEXT_WIDTH = 80;
    /** Between a frame and its caller's. */
    private static final String CALLED_FROM = " <- ";
    /** A caller the tracer counted but was too deep to record. */
    private static final String UNRECORDED = "...";

    private final TraceFile trace;
    private final RankTrace rank;
    private final long[] w;
    private final int indexWidth;
    private final int siteWidth;
    /** Each stack signature with callers, as shown in the call-site column. */
    private final Map<Long, String> contexts = new HashMap<>();
    /** The rank's call arrays by digest, made when an event first needs them. */
    private Map<Long, CallArrays> arrays;
    /** Whether more than one of the rank's threads called MPJ: then each line says which one ({@code thread=N}). */
    private final boolean threaded;

    public EventFormatter(TraceFile trace, RankTrace rank) {
        this.trace = trace;
        this.rank = rank;
        this.w = rank.words();
        this.indexWidth = Math.max(1, Integer.toString(Math.max(0, rank.eventCount() - 1)).length());
        this.threaded = RankThreads.ofEvents(rank) > 1;
        int widest = 0;
        for (CallSite s : trace.sites()) widest = Math.max(widest, s.where().length());
        for (CallPath p : trace.callPaths()) {
            if (p.callers().length == 0) continue;
            String shown = context(p);
            contexts.put(p.signature(), shown);
            widest = Math.max(widest, shown.length());
        }
        this.siteWidth = Math.min(widest, contexts.isEmpty() ? MAX_SITE_WIDTH : MAX_CONTEXT_WIDTH);
    }

    /** The whole line for event {@code i}, without a trailing newline. */
    public String line(int i) {
        int b = RankTrace.base(i);
        StringBuilder sb = new StringBuilder(128);
        pad(sb, Integer.toString(i), indexWidth, true);
        sb.append("  ");
        pad(sb, opName(b), OP_WIDTH, false);
        sb.append("  ");
        pad(sb, site(b), siteWidth, false);
        if (threaded) sb.append("  thread=").append(Event.thread(w, b));
        String params = parameters(i);
        if (!params.isEmpty()) sb.append("  ").append(params);
        sb.append("  t=").append(Units.micros(Event.enter(w, b) - rank.initNanos())).append("us");
        sb.append(" dur=").append(Units.micros(Event.exit(w, b) - Event.enter(w, b))).append("us");
        return sb.toString();
    }

    /** The op-specific parameters of event {@code i}, e.g. {@code peer=3 tag=7 count=100 type=DOUBLE comm=0 req=5}. */
    public String parameters(int i) {
        int b = RankTrace.base(i);
        Op op = Op.ofCode(Event.opCode(w, b));
        Params p = new Params(op, b);
        if (op == null) return p.toString();
        switch (op.family) {
            case P2P: pointToPoint(op, p); break;
            case COLLECTIVE: collective(op, b, p); break;
            case COMPLETION: completion(b, p); break;
            case COMMUNICATOR: communicator(op, b, p); break;
            case PACKING: packing(p); break;
            case SETUP: setup(p); break;
            default: break;
        }
        return p.toString();
    }

    private void pointToPoint(Op op, Params p) {
        if (op == Op.SENDRECV || op == Op.SENDRECV_REPLACE) {
            // Sendrecv_replace: one buffer goes both ways, so count and type are shared, peers and tags are not.
            p.open("send");
            p.rank("peer", Field.PEER).tag("tag", Field.TAG);
            if (op == Op.SENDRECV) p.num("count", Field.COUNT).type("type", Field.DATATYPE);
            p.close();
            p.open("recv");
            p.rank("peer", Field.PEER2).tag("tag", Field.TAG2).num("count", Field.COUNT2).type("type", Field.DATATYPE2);
            p.close();
            if (op == Op.SENDRECV_REPLACE) p.num("count", Field.COUNT).type("type", Field.DATATYPE);
            p.num("comm", Field.COMM);
        } else {
            p.rank("peer", Field.PEER).tag("tag", Field.TAG).num("count", Field.COUNT).type("type", Field.DATATYPE)
                    .num("comm", Field.COMM).num("req", Field.REQUEST);
            // What a wildcard receive or probe matched (recorded only then): matched=SOURCE/TAG.
            if (p.has(Field.PEER2)) p.put("matched", Sentinels.rank(p.value(Field.PEER2)) + "/" + Sentinels.tag(p.value(Field.TAG2)));
        }
    }

    private void collective(Op op, int b, Params p) {
        p.rank("root", Field.PEER);
        p.num("count", Field.COUNT).type("type", Field.DATATYPE);
        p.num("rcount", Field.COUNT2).type("rtype", Field.DATATYPE2);
        p.redop();
        switch (op) {
            case GATHERV, ALLGATHERV -> arrays(b, p, "rcounts", "displs");
            case SCATTERV -> arrays(b, p, "scounts", "displs");
            case ALLTOALLV -> arrays(b, p, "scounts", "sdispls", "rcounts", "rdispls");
            case REDUCE_SCATTER -> arrays(b, p, "rcounts");
            default -> { }
        }
        p.num("comm", Field.COMM);
    }

    /** The arrays the call passed, from the rank's table of call arrays, under these names in argument order. */
    private void arrays(int b, Params p, String... names) {
        long digest = Event.digest(w, b);
        if (digest == 0) return;
        CallArrays a = arraysByDigest().get(digest);
        if (a == null) {
            p.put("arrays", "#" + Long.toHexString(digest));
            return;
        }
        int[][] all = {a.a1(), a.a2(), a.a3(), a.a4()};
        for (int i = 0; i < names.length; i++) if (all[i] != null) p.put(names[i], list(all[i]));
    }

    private Map<Long, CallArrays> arraysByDigest() {
        if (arrays == null) {
            arrays = new HashMap<>();
            for (CallArrays a : rank.arrays()) arrays.put(a.digest(), a);
        }
        return arrays;
    }

    private static String list(int[] values) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < values.length; i++) sb.append(i == 0 ? "" : " ").append(values[i]);
        return sb.append(']').toString();
    }

    /** {@code n=3 reqs=[0 null 256]}: an array call's requests by id (format version 10 on): null for MPI.REQUEST_NULL or a completed request, absent for a Java null. */
    private void completion(int b, Params p) {
        p.num("n", Field.COUNT);
        if (p.has(Field.REQUEST)) p.put("req", requestName(p.value(Field.REQUEST)));
        long digest = Event.digest(w, b);
        CallArrays a = digest == 0 ? null : arraysByDigest().get(digest);
        if (a == null || a.a1() == null) return;
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < a.a1().length; i++) sb.append(i == 0 ? "" : " ").append(requestName(a.a1()[i]));
        p.put("reqs", sb.append(']').toString());
    }

    private static String requestName(int id) {
        if (id == Event.REQUEST_NULL) return "null";
        if (id == Event.REQUEST_ABSENT) return "absent";
        return Integer.toString(id);
    }

    private void communicator(Op op, int b, Params p) {
        if (op == Op.SHIFT) {
            p.num("direction", Field.PEER).num("disp", Field.COUNT);
            p.rank("source", Field.PEER2).rank("dest", Field.TAG2);
        } else if (op == Op.SPLIT) {
            int color = p.value(Field.COLOR);
            p.put("color", color == Sentinels.UNDEFINED ? "UNDEFINED" : Integer.toString(color));
            p.num("key", Field.KEY);
        } else if (op == Op.CREATE_INTERCOMM) {
            p.num("local", Field.COLOR).num("leader", Field.KEY).rank("remote", Field.PEER).num("tag", Field.TAG);
        } else if (op == Op.CREATE) {
            arrays(b, p, "group");
        } else if (op == Op.CREATE_CART) {
            arrays(b, p, "dims");
            p.put("periodic", bits(p, Field.COLOR));
            p.num("reorder", Field.KEY);
        } else if (op == Op.CREATE_GRAPH) {
            arrays(b, p, "index", "edges");
            p.num("reorder", Field.KEY);
        } else if (op == Op.SUB) {
            p.put("remain", bits(p, Field.COLOR));
        } else if (op == Op.MERGE) {
            p.num("high", Field.COLOR);
        }
        p.num("comm", Field.COMM).num("newcomm", Field.RESULT);
    }

    /** Recorded flags ({@link FlagBits}) as the dimensions they name, e.g. {@code 0,2}; {@code none} when none is set, {@code ?} when not recorded. */
    private static String bits(Params p, Field f) {
        if (!p.has(f)) return "?";
        int flags = p.value(f);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < FlagBits.MAX; i++) if (FlagBits.isSet(flags, i)) sb.append(sb.length() == 0 ? "" : ",").append(i);
        return sb.length() == 0 ? "none" : sb.toString();
    }

    private void packing(Params p) {
        p.num("count", Field.COUNT).type("type", Field.DATATYPE).num("comm", Field.COMM);
        p.num("position", Field.TAG).num("capacity", Field.COUNT2);
    }

    /** Init's communicator; Abort's communicator and error code. */
    private void setup(Params p) {
        p.num("comm", Field.COMM).num("code", Field.TAG);
    }

    private String opName(int b) {
        Op op = Op.ofCode(Event.opCode(w, b));
        return op != null ? op.mpjName : "op" + Event.opCode(w, b);
    }

    private String site(int b) {
        String context = contexts.get(Event.stack(w, b));
        return context != null ? context : where(Event.site(w, b));
    }

    private String where(int site) {
        CallSite s = trace.site(site);
        return s != null ? s.where() : "site" + site;
    }

    /** The MPJ call site, then each caller's call site, nearest first. */
    private String context(CallPath p) {
        StringBuilder sb = new StringBuilder(where(p.site()));
        for (int caller : p.callers())
            sb.append(CALLED_FROM).append(caller == CallPath.UNRECORDED ? UNRECORDED : where(caller));
        return sb.toString();
    }

    /** A datatype by its symbolic id: the base type's name, with the element count of a derived type. */
    String typeName(int id) {
        DatatypeInfo d = rank.datatype(id);
        if (d == null) return "#" + id;
        return d.size() > 1 ? d.baseName() + "x" + d.size() : d.baseName();
    }

    private static void pad(StringBuilder sb, String s, int width, boolean right) {
        int fill = Math.max(0, width - s.length());
        if (right) sb.append(" ".repeat(fill)).append(s);
        else sb.append(s).append(" ".repeat(fill));
    }

    /**
     * Collects {@code key=value} pairs of one event's fields, skipping those with no value: fields the op
     * does not have, and optional ones the call left empty ({@link FieldSchema}).
     */
    private final class Params {
        private final StringBuilder sb = new StringBuilder();
        private final Op op;
        private final int b;
        private boolean groupOpen;
        private boolean groupEmpty;

        Params(Op op, int b) {
            this.op = op;
            this.b = b;
        }

        boolean has(Field f) {
            return FieldSchema.isValue(op, f, f.read(w, b));
        }

        int value(Field f) {
            return (int) f.read(w, b);
        }

        Params num(String key, Field f) {
            if (has(f)) put(key, Integer.toString(value(f)));
            return this;
        }

        Params rank(String key, Field f) {
            if (has(f)) put(key, Sentinels.rank(value(f)));
            return this;
        }

        Params tag(String key, Field f) {
            if (has(f)) put(key, Sentinels.tag(value(f)));
            return this;
        }

        Params type(String key, Field f) {
            if (has(f)) put(key, typeName(value(f)));
            return this;
        }

        Params redop() {
            if (!has(Field.REDOP)) return this;
            RedOpInfo r = rank.redop(value(Field.REDOP));
            put("op", r != null ? r.name() : "#" + value(Field.REDOP));
            return this;
        }

        /** Starts a group such as {@code send(peer=3 tag=7)}, for ops with two sides. */
        void open(String name) {
            if (sb.length() > 0) sb.append(' ');
            sb.append(name).append('(');
            groupOpen = true;
            groupEmpty = true;
        }

        void close() {
            sb.append(')');
            groupOpen = false;
        }

        void put(String key, String value) {
            if (groupOpen) {
                if (!groupEmpty) sb.append(' ');
                groupEmpty = false;
            } else if (sb.length() > 0) {
                sb.append(' ');
            }
            sb.append(key).append('=').append(value);
        }

        @Override
        public String toString() {
            return sb.toString();
        }
    }
}
