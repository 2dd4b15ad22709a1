package org.mpjtrace.proxy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.mpjtrace.trace.CallArrays;
import org.mpjtrace.trace.DatatypeInfo;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.RedOpInfo;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.ranks.RankSet;

/**
 * The trace's tables as the proxy's code names them: datatypes and reduction ops by the ids each rank
 * gave them (a rank's own table, else the first rank's that has the id, as replay resolves a clustered
 * trace's members), and the array arguments kept by digest. A call whose ranks agree on what an id is
 * gets it written out ({@code MPI.DOUBLE}); else the proxy gets a {@code datatype(id)} or {@code redop(id)}
 * method that answers per rank class.
 */
final class Tables {
    /** MPJ's base type codes ProxyKit.type builds: BYTE to DOUBLE, PACKED, OBJECT (DatatypeInfo.baseName names them). */
    private static final Set<Integer> BUILDABLE_BASES = Set.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 12);

    private final TraceFile trace;
    private final Map<Long, CallArrays> arrays;
    private boolean datatypeMethod, redopMethod;
    private final TreeSet<Long> digests = new TreeSet<>();

    Tables(TraceFile trace) {
        this.trace = trace;
        this.arrays = trace.arrays();
    }

    /** The datatype with id {@code id} on every rank of {@code ranks}, as an expression; null when they differ. */
    String datatype(int id, RankSet ranks) {
        String agreed = null;
        for (int r : ranks.toArray()) {
            DatatypeInfo d = datatypeOf(r, id);
            String mine = d == null ? null : typeExpression(d);
            if (mine == null || agreed != null && !agreed.equals(mine)) return null;
            agreed = mine;
        }
        return agreed;
    }

    /** {@code datatype(expr)}: the proxy's method answering per rank class. */
    String datatypeCall(String idExpression) {
        datatypeMethod = true;
        return "datatype(" + idExpression + ")";
    }

    String redop(int id, RankSet ranks) {
        String agreed = null;
        for (int r : ranks.toArray()) {
            RedOpInfo o = redopOf(r, id);
            String mine = o == null ? null : opExpression(o);
            if (mine == null || agreed != null && !agreed.equals(mine)) return null;
            agreed = mine;
        }
        return agreed;
    }

    String redopCall(String idExpression) {
        redopMethod = true;
        return "redop(" + idExpression + ")";
    }

    /** The arrays kept under {@code digest}, or null when the trace keeps none (digest 0: the call passed none). */
    CallArrays arrays(long digest) {
        return digest == 0 ? null : arrays.get(digest);
    }

    /** {@code arrays(expr)}, the proxy's method giving the arrays kept under a digest that varies. */
    String arraysCall(String digestExpression, Iterable<Long> possible) {
        for (Long d : possible) digests.add(d);
        return "arrays(" + digestExpression + ")";
    }

    static String intArray(int[] a) {
        if (a == null) return "null";
        StringBuilder b = new StringBuilder("new int[] {");
        for (int i = 0; i < a.length; i++) b.append(i == 0 ? "" : ", ").append(a[i]);
        return b.append('}').toString();
    }

    static String booleanArray(boolean[] a) {
        StringBuilder b = new StringBuilder("new boolean[] {");
        for (int i = 0; i < a.length; i++) b.append(i == 0 ? "" : ", ").append(a[i]);
        return b.append('}').toString();
    }

    /** The methods the code asked for, each answering per rank class. */
    List<String> methods(Declarations decl) {
        List<String> out = new ArrayList<>();
        if (datatypeMethod)
            perRankClass(out, decl, "/** The trace's datatypes by the ids ranks gave them, per rank class. */",
                    "static Datatype datatype(int id) throws MPIException {", true,
                    "    throw new IllegalArgumentException(\"no datatype \" + id + \" on rank \" + rank);");
        if (redopMethod)
            perRankClass(out, decl, "/** The trace's reduction ops by the ids ranks gave them, per rank class. */",
                    "static Op redop(int id) {", false, "    return MPI.SUM;");
        if (!digests.isEmpty()) {
            out.add("/** The array arguments the trace kept, by digest: counts, displacements, ranks, request ids. */");
            out.add("static int[][] arrays(long digest) {");
            for (long d : digests) {
                CallArrays a = arrays.get(d);
                if (a == null) continue;
                out.add("    if (digest == " + d + "L) return new int[][] {" + intArray(a.a1()) + ", " + intArray(a.a2()) + ", "
                        + intArray(a.a3()) + ", " + intArray(a.a4()) + "};");
            }
            out.add("    return new int[4][];");
            out.add("}");
        }
        return out;
    }

    /** A method switching on the id within each rank class's resolved table, {@code last} when none has it. */
    private void perRankClass(List<String> out, Declarations decl, String javadoc, String signature, boolean datatypes, String last) {
        out.add(javadoc);
        out.add(signature);
        for (Map.Entry<Map<Integer, String>, RankSet> e : byRankClass(datatypes).entrySet()) {
            out.add("    if (in(" + decl.ranks(e.getValue()) + ")) switch (id) {");
            for (Map.Entry<Integer, String> t : e.getKey().entrySet()) out.add("        case " + t.getKey() + ": return " + t.getValue() + ";");
            out.add("        default: break;");
            out.add("    }");
        }
        out.add(last);
        out.add("}");
    }

    /** Ranks grouped by their whole resolved table (datatypes or ops), ids in order. */
    private Map<Map<Integer, String>, RankSet> byRankClass(boolean datatypes) {
        TreeSet<Integer> ids = new TreeSet<>();
        for (RankTrace r : trace.ranks()) {
            if (datatypes) for (DatatypeInfo d : r.datatypes()) ids.add(d.id());
            else for (RedOpInfo o : r.redops()) ids.add(o.id());
        }
        Map<Map<Integer, String>, List<Integer>> groups = new LinkedHashMap<>();
        for (int r = 0; r < trace.meta().worldSize(); r++) {
            Map<Integer, String> table = new TreeMap<>();
            for (int id : ids) {
                String e;
                if (datatypes) {
                    DatatypeInfo d = datatypeOf(r, id);
                    e = d == null ? null : typeExpression(d);
                } else {
                    RedOpInfo o = redopOf(r, id);
                    e = o == null ? null : opExpression(o);
                }
                if (e != null) table.put(id, e);
            }
            groups.computeIfAbsent(table, t -> new ArrayList<>()).add(r);
        }
        Map<Map<Integer, String>, RankSet> out = new LinkedHashMap<>();
        for (Map.Entry<Map<Integer, String>, List<Integer>> g : groups.entrySet())
            out.put(g.getKey(), RankSet.of(g.getValue().stream().mapToInt(Integer::intValue).toArray()));
        return out;
    }

    private DatatypeInfo datatypeOf(int rank, int id) {
        RankTrace own = trace.rank(rank);
        DatatypeInfo d = own == null ? null : own.datatype(id);
        for (int i = 0; d == null && i < trace.ranks().size(); i++) d = trace.ranks().get(i).datatype(id);
        return d;
    }

    private RedOpInfo redopOf(int rank, int id) {
        RankTrace own = trace.rank(rank);
        RedOpInfo o = own == null ? null : own.redop(id);
        for (int i = 0; o == null && i < trace.ranks().size(); i++) o = trace.ranks().get(i).redop(id);
        return o;
    }

    /**
     * MPI.DOUBLE for a base type, type(base, size) for what the proxy builds (a derived type as that many
     * contiguous base elements). Packed data goes as MPI.BYTE, the same bytes: MPJ sends MPI.PACKED only
     * from an mpjbuf.Buffer, which it frees once sent, where the proxy sends the same array over and over.
     */
    static String typeExpression(DatatypeInfo d) {
        int base = d.baseType();
        if (base == -1 && d.size() == 0) return "type(-1, 0)";
        if (!BUILDABLE_BASES.contains(base)) return null;
        if (d.size() <= 1) return "PACKED".equals(d.baseName()) ? "MPI.BYTE" : "MPI." + d.baseName();
        return "type(" + base + ", " + d.size() + ")";
    }

    /** MPI.SUM and the like; what the proxy cannot rebuild (user-defined ops; MINLOC, MAXLOC need pair types) sums the same sizes. */
    static String opExpression(RedOpInfo o) {
        return o.opCode() >= 1 && o.opCode() <= 10 ? "MPI." + o.name() : "MPI.SUM";
    }
}
