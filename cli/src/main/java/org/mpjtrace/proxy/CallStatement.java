package org.mpjtrace.proxy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.mpjtrace.trace.CallArrays;
import org.mpjtrace.trace.FlagBits;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.fold.Field;
import org.mpjtrace.trace.fold.RelativePeers;
import org.mpjtrace.trace.fold.ValueSeq;
import org.mpjtrace.trace.global.Alternatives;
import org.mpjtrace.trace.global.GlobalEvent;

/**
 * The Java statement that makes one call of the trace again: the same op on the same communicator with
 * the recorded peers, tags, counts, datatypes, roots, ops and array arguments, into message buffers of
 * the recorded size (the proxy moves as many elements, not the program's data), as the replay issues it
 * (CallIssuer). A parameter that never varies is a literal; one that varies is read once per call from
 * its value sequence into a local of the statement's block.
 */
final class CallStatement {
    private final GlobalEvent e;
    private final Declarations decl;
    private final Tables tables;
    /** Whether a receive names the source its wildcard matched ({@link #source()}). */
    private boolean resolvesWildcard;
    /** Locals the statement reads its varying parameters into, by name. */
    private final Map<String, String> locals = new LinkedHashMap<>();

    private CallStatement(GlobalEvent e, Declarations decl, Tables tables) {
        this.e = e;
        this.decl = decl;
        this.tables = tables;
    }

    /** The lines that make {@code e}'s call: a statement, or a block when parameters vary. */
    static List<String> of(GlobalEvent e, Declarations decl, Tables tables) {
        CallStatement s = new CallStatement(e, decl, tables);
        String call = s.call(Op.ofCode(e.op()));
        List<String> out = new ArrayList<>();
        if (s.resolvesWildcard) out.add("// MPI.ANY_SOURCE in the program: the proxy receives from the rank whose message the program took");
        if (s.locals.isEmpty()) {
            out.add(call);
            return out;
        }
        out.add("{");
        for (Map.Entry<String, String> l : s.locals.entrySet()) out.add("    " + l.getValue() + ";");
        out.add("    " + call);
        out.add("}");
        return out;
    }

    private String call(Op op) {
        return switch (op.family) {
            case P2P -> pointToPoint(op);
            case COLLECTIVE -> collective(op);
            case COMPLETION -> completion(op);
            case COMMUNICATOR -> communicator(op);
            case PACKING -> packing(op);
            case SETUP -> throw new IllegalArgumentException(op.mpjName + " is the proxy's own");
        };
    }

    // --- parameters -------------------------------------------------------------------------------------

    private Alternatives<ValueSeq> values(Field f) {
        return e.field(f);
    }

    /** An int parameter: a literal, or a local read from its sequence. */
    private String integer(Field f) {
        Long c = Declarations.constant(values(f));
        if (c != null) return Long.toString((int) (long) c);
        return local("int", name(f), decl.seq(values(f)) + ".i()");
    }

    /** A count, never below 0 (as replay passes it). */
    private String count(Field f) {
        Long c = Declarations.constant(values(f));
        if (c != null) return Long.toString(Math.max(0, (int) (long) c));
        return local("int", name(f), "Math.max(0, " + decl.seq(values(f)) + ".i())");
    }

    /** A peer kept relative to the rank (or a sentinel, or a rank named outright). */
    private String peer(Field f) {
        Long c = Declarations.constant(values(f));
        if (c == null) return local("int", name(f), "peer(" + decl.seq(values(f)) + ".next())");
        long v = c;
        if (RelativePeers.isOffset(v)) return v == 0 ? "rank" : "rank(" + (v > 0 ? "+" : "") + v + ")";
        long named = RelativePeers.named(v);
        if (RelativePeers.isAbsolute(v)) return Long.toString(named);
        if (named == -2) return "MPI.ANY_SOURCE";
        if (named == -3) return "MPI.PROC_NULL";
        return Long.toString(named);
    }

    /**
     * A blocking receive's or probe's source. Where the program passed MPI.ANY_SOURCE the proxy names the
     * rank whose message it took (the trace keeps it): with MPJ's synchronous sends, taking another one can
     * deadlock (a master answering the worker it recorded while another waits on it: MasterWorker did).
     */
    private String source() {
        Long c = Declarations.constant(values(Field.PEER));
        if (c != null && !(RelativePeers.named(c) == -2 && !RelativePeers.isOffset(c))) return peer(Field.PEER);
        resolvesWildcard = true;
        return "source(" + peer(Field.PEER) + ", " + peer(Field.PEER2) + ")";
    }

    private String tag(Field f) {
        Long c = Declarations.constant(values(f));
        if (c != null && c == -2) return "MPI.ANY_TAG";
        return integer(f);
    }

    private String comm() {
        Long c = Declarations.constant(values(Field.COMM));
        if (c != null && c == 0) return "MPI.COMM_WORLD";
        return "comm(" + integer(Field.COMM) + ")";
    }

    private String intracomm() {
        Long c = Declarations.constant(values(Field.COMM));
        if (c != null && c == 0) return "MPI.COMM_WORLD";
        return "intra(" + integer(Field.COMM) + ")";
    }

    private String datatype(Field f) {
        Long c = Declarations.constant(values(f));
        if (c != null) {
            String agreed = tables.datatype((int) (long) c, e.ranks());
            if (agreed != null) return agreed;
            return tables.datatypeCall(Long.toString(c));
        }
        return local("Datatype", name(f), tables.datatypeCall(decl.seq(values(f)) + ".i()"));
    }

    private String redop() {
        Long c = Declarations.constant(values(Field.REDOP));
        if (c != null) {
            String agreed = tables.redop((int) (long) c, e.ranks());
            return agreed != null ? agreed : tables.redopCall(Long.toString(c));
        }
        return local("Op", "redop", tables.redopCall(decl.seq(values(Field.REDOP)) + ".i()"));
    }

    /**
     * Array {@code which} (0 to 3) of the call's kept arrays: a literal when the call always passed the
     * same, else read from the proxy's {@code arrays(digest)}. Null where the call passed none.
     */
    private String array(int which) {
        Long c = Declarations.constant(values(Field.DIGEST));
        if (c != null) {
            CallArrays a = tables.arrays(c);
            if (a == null) return "null";
            return Tables.intArray(which == 0 ? a.a1() : which == 1 ? a.a2() : which == 2 ? a.a3() : a.a4());
        }
        String all = local("int[][]", "arrays", tables.arraysCall(decl.seq(values(Field.DIGEST)) + ".next()", Declarations.distinct(values(Field.DIGEST))));
        return all + "[" + which + "]";
    }

    private String local(String type, String name, String expression) {
        locals.putIfAbsent(name, type + " " + name + " = " + expression);
        return name;
    }

    private static String name(Field f) {
        return switch (f) {
            case COMM -> "comm";
            case DATATYPE -> "type";
            case PEER -> "peer";
            case TAG -> "tag";
            case COUNT -> "count";
            case REQUEST -> "request";
            case PEER2 -> "peer2";
            case TAG2 -> "tag2";
            case COUNT2 -> "count2";
            case DATATYPE2 -> "type2";
            case REDOP -> "redop";
            case COLOR -> "color";
            case KEY -> "key";
            case RESULT -> "result";
            case DIGEST -> "digest";
        };
    }

    // --- ops ----------------------------------------------------------------------------------------------

    private String pointToPoint(Op op) {
        String c = comm();
        if (op == Op.PROBE || op == Op.IPROBE) return c + "." + op.mpjName + "(" + source() + ", " + tag(Field.TAG) + ");";
        String t = datatype(Field.DATATYPE), n = count(Field.COUNT), tag = tag(Field.TAG);
        String peer = op == Op.RECV ? source() : peer(Field.PEER);
        String send = "c.send(" + t + ", " + n + "), 0, " + n + ", " + t + ", " + peer + ", " + tag;
        String receive = "c.recv(" + t + ", " + n + "), 0, " + n + ", " + t + ", " + peer + ", " + tag;
        return switch (op) {
            case SEND, SSEND, BSEND, RSEND -> c + "." + op.mpjName + "(" + send + ");";
            case RECV -> c + ".Recv(" + receive + ");";
            case ISEND, IBSEND, ISSEND, IRSEND, SEND_INIT, BSEND_INIT, SSEND_INIT, RSEND_INIT ->
                    "c.req(" + integer(Field.REQUEST) + ", " + c + "." + op.mpjName + "(" + send + "));";
            case IRECV, RECV_INIT -> "c.req(" + integer(Field.REQUEST) + ", " + c + "." + op.mpjName + "(" + receive + "));";
            case SENDRECV -> {
                String t2 = datatype(Field.DATATYPE2), n2 = count(Field.COUNT2);
                yield c + ".Sendrecv(" + send + ", c.recv(" + t2 + ", " + n2 + "), 0, " + n2 + ", " + t2 + ", " + peer(Field.PEER2) + ", " + tag(Field.TAG2) + ");";
            }
            case SENDRECV_REPLACE -> c + ".Sendrecv_replace(" + receive + ", " + peer(Field.PEER2) + ", " + tag(Field.TAG2) + ");";
            default -> throw new IllegalArgumentException(op.mpjName);
        };
    }

    private String collective(Op op) {
        String c = intracomm();
        if (op == Op.BARRIER) return c + ".Barrier();";
        String t = datatype(Field.DATATYPE), n = count(Field.COUNT), root = integer(Field.PEER);
        return switch (op) {
            case BCAST -> c + ".Bcast(c.recv(" + t + ", " + n + "), 0, " + n + ", " + t + ", " + root + ");";
            case REDUCE -> c + ".Reduce(c.send(" + t + ", " + n + "), 0, c.recv(" + t + ", " + n + "), 0, " + n + ", " + t + ", " + redop() + ", " + root + ");";
            case ALLREDUCE, SCAN -> c + "." + op.mpjName + "(c.send(" + t + ", " + n + "), 0, c.recv(" + t + ", " + n + "), 0, " + n + ", " + t + ", " + redop() + ");";
            case GATHER, ALLGATHER, ALLTOALL, SCATTER -> {
                String t2 = datatype(Field.DATATYPE2), n2 = count(Field.COUNT2), size = c + ".Size()";
                yield switch (op) {
                    case GATHER -> c + ".Gather(c.send(" + t + ", " + n + "), 0, " + n + ", " + t + ", c.recv(" + t2 + ", (long) " + n2 + " * " + size + "), 0, " + n2 + ", " + t2 + ", " + root + ");";
                    case ALLGATHER -> c + ".Allgather(c.send(" + t + ", " + n + "), 0, " + n + ", " + t + ", c.recv(" + t2 + ", (long) " + n2 + " * " + size + "), 0, " + n2 + ", " + t2 + ");";
                    case ALLTOALL -> c + ".Alltoall(c.send(" + t + ", (long) " + n + " * " + size + "), 0, " + n + ", " + t + ", c.recv(" + t2 + ", (long) " + n2 + " * " + size + "), 0, " + n2 + ", " + t2 + ");";
                    // Scatter's recorded count and datatype are its receive side; count2 and datatype2 its send side.
                    default -> c + ".Scatter(c.send(" + t2 + ", (long) " + n2 + " * " + size + "), 0, " + n2 + ", " + t2 + ", c.recv(" + t + ", " + n + "), 0, " + n + ", " + t + ", " + root + ");";
                };
            }
            case GATHERV -> {
                String t2 = datatype(Field.DATATYPE2), counts = array(0), displs = array(1);
                yield c + ".Gatherv(c.send(" + t + ", " + n + "), 0, " + n + ", " + t + ", c.recv(" + t2 + ", extent(" + counts + ", " + displs + ")), 0, " + counts + ", " + displs + ", " + t2 + ", " + root + ");";
            }
            case SCATTERV -> {
                String t2 = datatype(Field.DATATYPE2), counts = array(0), displs = array(1);
                yield c + ".Scatterv(c.send(" + t2 + ", extent(" + counts + ", " + displs + ")), 0, " + counts + ", " + displs + ", " + t2 + ", c.recv(" + t + ", " + n + "), 0, " + n + ", " + t + ", " + root + ");";
            }
            case ALLGATHERV -> {
                String t2 = datatype(Field.DATATYPE2), counts = array(0), displs = array(1);
                yield c + ".Allgatherv(c.send(" + t + ", " + n + "), 0, " + n + ", " + t + ", c.recv(" + t2 + ", extent(" + counts + ", " + displs + ")), 0, " + counts + ", " + displs + ", " + t2 + ");";
            }
            case ALLTOALLV -> {
                String t2 = datatype(Field.DATATYPE2), sc = array(0), sd = array(1), rc = array(2), rd = array(3);
                yield c + ".Alltoallv(c.send(" + t + ", extent(" + sc + ", " + sd + ")), 0, " + sc + ", " + sd + ", " + t + ", c.recv(" + t2 + ", extent(" + rc + ", " + rd + ")), 0, " + rc + ", " + rd + ", " + t2 + ");";
            }
            // Reduce_scatter's recorded count is the sum of its receive counts: the whole vector reduced.
            case REDUCE_SCATTER -> c + ".Reduce_scatter(c.send(" + t + ", " + n + "), 0, c.recv(" + t + ", " + n + "), 0, " + array(0) + ", " + t + ", " + redop() + ");";
            default -> throw new IllegalArgumentException(op.mpjName);
        };
    }

    private String completion(Op op) {
        String ids = requestIds();
        String atSite = e.site() + ", " + (ids.isEmpty() ? "new int[0]" : ids);
        return switch (op) {
            case WAIT -> "c.request(" + integer(Field.REQUEST) + ").Wait();";
            case TEST -> "c.request(" + integer(Field.REQUEST) + ").Test();";
            case CANCEL -> "c.request(" + integer(Field.REQUEST) + ").Cancel();";
            case START -> "c.start(" + integer(Field.REQUEST) + ");";
            case STARTALL -> "c.startall(" + ids + ");";
            case WAITALL, TESTALL -> "Request." + op.mpjName + "(c.requests(" + ids + "));";
            // Which of an array these complete is the run's timing: ProxyKit passes the array as the proxy holds it (by call site).
            case WAITANY -> "c.waitany(" + atSite + ");";
            case TESTANY -> "c.testany(" + atSite + ");";
            case WAITSOME -> "c.waitsome(" + atSite + ");";
            case TESTSOME -> "c.testsome(" + atSite + ");";
            default -> throw new IllegalArgumentException(op.mpjName);
        };
    }

    /** The request ids an array call named, in array order, as the trace keeps them (format version 10 on). */
    private String requestIds() {
        Long c = Declarations.constant(values(Field.DIGEST));
        if (c != null) {
            CallArrays a = tables.arrays(c);
            return a == null || a.a1() == null ? "" : Tables.intArray(a.a1());
        }
        return array(0);
    }

    private String communicator(Op op) {
        String result = integer(Field.RESULT);
        return switch (op) {
            case SPLIT -> "made(" + result + ", " + intracomm() + ".Split(" + integer(Field.COLOR) + ", " + integer(Field.KEY) + "));";
            case CLONE -> "made(" + result + ", (Comm) " + comm() + ".clone());";
            case CREATE -> "made(" + result + ", " + intracomm() + ".Create(group(" + intracomm() + ", " + array(0) + ")));";
            case CREATE_CART -> {
                String dims = array(0);
                yield "made(" + result + ", " + intracomm() + ".Create_cart(" + dims + ", " + periods(dims) + ", " + integer(Field.KEY) + " == 1));";
            }
            case CREATE_GRAPH -> "made(" + result + ", " + intracomm() + ".Create_graph(" + array(0) + ", " + array(1) + ", " + integer(Field.KEY) + " == 1));";
            case SUB -> "made(" + result + ", cart(" + integer(Field.COMM) + ").Sub(flags(" + integer(Field.COLOR) + ", cart(" + integer(Field.COMM) + ").Get().dims.length)));";
            case MERGE -> "made(" + result + ", inter(" + integer(Field.COMM) + ").Merge(" + integer(Field.COLOR) + " == 1));";
            // MPJ 0.44 takes the peer communicator as receiver and the local one as argument (as recorded).
            case CREATE_INTERCOMM -> "made(" + result + ", " + comm() + ".Create_intercomm(comm(" + integer(Field.COLOR) + "), " + integer(Field.KEY) + ", "
                    + integer(Field.PEER) + ", " + integer(Field.TAG) + "));";
            case SHIFT -> "cart(" + integer(Field.COMM) + ").Shift(" + integer(Field.PEER) + ", " + integer(Field.COUNT) + ");";
            case FREE -> comm() + ".Free();";
            default -> throw new IllegalArgumentException(op.mpjName);
        };
    }

    /** Create_cart's periods: its flag bits, as long as its dims. */
    private String periods(String dims) {
        Long bits = Declarations.constant(values(Field.COLOR));
        Long digest = Declarations.constant(values(Field.DIGEST));
        if (bits != null && digest != null && tables.arrays(digest) != null && tables.arrays(digest).a1() != null)
            return Tables.booleanArray(FlagBits.toArray((int) (long) bits, tables.arrays(digest).a1().length));
        return "flags(" + integer(Field.COLOR) + ", " + dims + ".length)";
    }

    private String packing(Op op) {
        String c = comm(), t = datatype(Field.DATATYPE), n = count(Field.COUNT), position = integer(Field.TAG);
        if (op == Op.PACK) return c + ".Pack(c.send(" + t + ", " + n + "), 0, " + n + ", " + t + ", c.toPack(" + integer(Field.COUNT2) + ", " + position + "), " + position + ");";
        return c + ".Unpack(c.toUnpack(), " + position + ", c.recv(" + t + ", " + n + "), 0, " + n + ", " + t + ");";
    }
}
