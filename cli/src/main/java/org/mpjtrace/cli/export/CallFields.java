package org.mpjtrace.cli.export;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.mpjtrace.cli.format.EventBytes;
import org.mpjtrace.cli.format.Sentinels;
import org.mpjtrace.trace.CallPath;
import org.mpjtrace.trace.CallSite;
import org.mpjtrace.trace.DatatypeInfo;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.RedOpInfo;
import org.mpjtrace.trace.TraceFile;

/**
 * The fields of one call as JSON members, shared by {@code decode --format jsonl} (one object per call)
 * and {@code export --format chrome} (a slice's {@code args}), so both name and spell every value alike:
 * {@code op}, {@code site} ({@code Class.method:line}), {@code stack} (the call site, then its callers'
 * nearest first, as decode's text shows them), the op's parameters ({@code peer}, {@code tag},
 * {@code count}, {@code type}, {@code comm}, {@code root}, ...) and {@code bytes}.
 *
 * <p>Which parameters a call has follows its {@link Op.Family} as in {@link Event}; a field the op does
 * not use is left out rather than written as -1. Ranks and tags are numbers, except MPJ's wildcards,
 * which are the strings {@code ANY_SOURCE}, {@code PROC_NULL} and {@code ANY_TAG} as the application wrote
 * them: a script testing {@code peer == 3} then never mistakes a wildcard for a rank.
 *
 * <p>Field names are written as pre-encoded strings and call sites and stacks are built once per site
 * or stack signature, so a call costs the generator's number and string writes only (about 0.4 us per
 * call for a JSON line, see docs/benchmarks.md).
 */
final class CallFields {
    private final TraceFile trace;
    /** Each site's {@code Class.method:line}, by site id. */
    private final String[] where;
    /** Each stack signature with callers: its frames, innermost first. */
    private final Map<Long, String[]> stacks = new HashMap<>();

    CallFields(TraceFile trace) {
        this.trace = trace;
        where = new String[trace.sites().size()];
        for (CallSite s : trace.sites()) if (s.id() >= 0 && s.id() < where.length) where[s.id()] = s.where();
        for (CallPath p : trace.callPaths()) {
            String[] frames = new String[p.callers().length + 1];
            frames[0] = where(p.site());
            for (int i = 0; i < p.callers().length; i++)
                frames[i + 1] = p.callers()[i] == CallPath.UNRECORDED ? "..." : where(p.callers()[i]);
            stacks.put(p.signature(), frames);
        }
    }

    String where(int site) {
        return site >= 0 && site < where.length && where[site] != null ? where[site] : "site" + site;
    }

    /** The op's MPJ name ({@code Send}), or {@code opN} for a code this version does not know. */
    static String opName(int code) {
        Op op = Op.ofCode(code);
        return op != null ? op.mpjName : "op" + code;
    }

    /** {@code op}, {@code site}, {@code stack}, the parameters and {@code bytes} of the call at {@code base} of {@code r}. */
    void write(JsonGenerator g, RankTrace r, int base) throws IOException {
        long[] w = r.words();
        int code = Event.opCode(w, base);
        g.writeStringField("op", opName(code));
        int site = Event.site(w, base);
        g.writeStringField("site", where(site));
        g.writeArrayFieldStart("stack");
        String[] frames = stacks.get(Event.stack(w, base));
        if (frames == null) g.writeString(where(site));
        else for (String f : frames) g.writeString(f);
        g.writeEndArray();
        Op op = Op.ofCode(code);
        if (op != null) {
            switch (op.family) {
                case P2P -> pointToPoint(g, r, op, w, base);
                case COLLECTIVE -> collective(g, r, op, w, base);
                case COMPLETION -> {
                    number(g, "n", Event.count(w, base));
                    number(g, "req", Event.request(w, base));
                }
                case COMMUNICATOR -> communicator(g, op, w, base);
                case PACKING -> {
                    number(g, "count", Event.count(w, base));
                    type(g, r, "type", Event.datatype(w, base));
                    number(g, "comm", Event.comm(w, base));
                    number(g, "position", Event.tag(w, base));
                    number(g, "capacity", Event.count2(w, base));
                }
                case SETUP -> number(g, "comm", Event.comm(w, base));
                default -> { }
            }
        }
        g.writeNumberField("bytes", EventBytes.of(r, base));
    }

    private void pointToPoint(JsonGenerator g, RankTrace r, Op op, long[] w, int base) throws IOException {
        rank(g, "peer", Event.peer(w, base));
        tag(g, "tag", Event.tag(w, base));
        if (op != Op.PROBE && op != Op.IPROBE) {
            number(g, "count", Event.count(w, base));
            type(g, r, "type", Event.datatype(w, base));
        }
        number(g, "comm", Event.comm(w, base));
        if (op == Op.SENDRECV || op == Op.SENDRECV_REPLACE) {
            rank(g, "recv_peer", Event.peer2(w, base));
            tag(g, "recv_tag", Event.tag2(w, base));
            if (op == Op.SENDRECV) {
                number(g, "recv_count", Event.count2(w, base));
                type(g, r, "recv_type", Event.datatype2(w, base));
            }
            return;
        }
        number(g, "req", Event.request(w, base));
        if ((op == Op.RECV || op == Op.PROBE || op == Op.IPROBE) && Event.peer2(w, base) != Event.NONE) {
            // What a wildcard receive or probe took (recorded only then).
            rank(g, "matched_peer", Event.peer2(w, base));
            tag(g, "matched_tag", Event.tag2(w, base));
        }
    }

    private void collective(JsonGenerator g, RankTrace r, Op op, long[] w, int base) throws IOException {
        if (op.hasRoot()) rank(g, "root", Event.peer(w, base));
        number(g, "count", Event.count(w, base));
        type(g, r, "type", Event.datatype(w, base));
        number(g, "recv_count", Event.count2(w, base));
        type(g, r, "recv_type", Event.datatype2(w, base));
        int redop = Event.redop(w, base);
        if (redop != Event.NONE) {
            RedOpInfo info = r.redop(redop);
            g.writeStringField("redop", info != null ? info.name() : "#" + redop);
        }
        number(g, "comm", Event.comm(w, base));
    }

    private static void communicator(JsonGenerator g, Op op, long[] w, int base) throws IOException {
        number(g, "comm", Event.comm(w, base));
        if (op == Op.SPLIT) {
            // -1 is MPI.UNDEFINED here, and keys may be negative: both always written.
            g.writeNumberField("color", Event.color(w, base));
            g.writeNumberField("key", Event.key(w, base));
        } else if (op == Op.SHIFT) {
            g.writeNumberField("direction", Event.peer(w, base));
            g.writeNumberField("disp", Event.count(w, base));
            rank(g, "source", Event.peer2(w, base));
            rank(g, "dest", Event.tag2(w, base));
        }
        number(g, "newcomm", Event.result(w, base));
    }

    private static void number(JsonGenerator g, String name, int v) throws IOException {
        if (v != Event.NONE) g.writeNumberField(name, v);
    }

    /** A rank argument: a number, or MPJ's wildcard by name. */
    static void rank(JsonGenerator g, String name, int v) throws IOException {
        if (v == Event.NONE) return;
        if (v == Sentinels.ANY_SOURCE || v == Sentinels.PROC_NULL) g.writeStringField(name, Sentinels.rank(v));
        else g.writeNumberField(name, v);
    }

    private static void tag(JsonGenerator g, String name, int v) throws IOException {
        if (v == Event.NONE) return;
        if (v == Sentinels.ANY_TAG) g.writeStringField(name, "ANY_TAG");
        else g.writeNumberField(name, v);
    }

    /** A datatype by its symbolic id: the base type's name, with the element count of a derived type ({@code INTx4}). */
    private static void type(JsonGenerator g, RankTrace r, String name, int id) throws IOException {
        if (id == Event.NONE) return;
        DatatypeInfo d = r.datatype(id);
        g.writeStringField(name, d == null ? "#" + id : d.size() > 1 ? d.baseName() + "x" + d.size() : d.baseName());
    }
}
