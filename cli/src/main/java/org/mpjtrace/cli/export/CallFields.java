package org.mpjtrace.cli.export;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.mpjtrace.cli.export.JsonBytes.Text;
import org.mpjtrace.cli.format.PersistentStarts;
import org.mpjtrace.cli.format.Sentinels;
import org.mpjtrace.trace.CallPath;
import org.mpjtrace.trace.CallSite;
import org.mpjtrace.trace.DatatypeInfo;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.RedOpInfo;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.fold.Field;
import org.mpjtrace.trace.fold.FieldSchema;

/**
 * The fields of one call as JSON members, shared by {@code decode --format jsonl} (one object per call)
 * and {@code export --format chrome} (a slice's {@code args}), so both name and spell every value alike:
 * {@code op}, {@code site} ({@code Class.method:line}), {@code stack} (the call site, then its callers'
 * nearest first, as decode's text shows them), the op's parameters ({@code peer}, {@code tag},
 * {@code count}, {@code type}, {@code comm}, {@code root}, ...) and {@code bytes}.
 *
 * <p>Which parameters a call has follows its {@link Op.Family} as in {@link Event}; a field the op does
 * not have, or an optional one the call left empty, is left out ({@link FieldSchema}), and -1 is written
 * where it is the program's value (Split's colour and key, Shift's displacement, Abort's error code). Ranks and tags are numbers, except MPJ's wildcards,
 * which are the strings {@code ANY_SOURCE}, {@code PROC_NULL} and {@code ANY_TAG} as the application wrote
 * them: a script testing {@code peer == 3} then never mistakes a wildcard for a rank.
 *
 * <p>Field names, op names, call sites, stacks and datatype names are encoded once ({@link Text}) and
 * copied as bytes for every call, so a call costs its numbers' digits and byte copies only
 * (docs/benchmarks.md).
 */
final class CallFields {
    static final Text OP = Text.of("op"), SITE = Text.of("site"), STACK = Text.of("stack"),
            PEER = Text.of("peer"), TAG = Text.of("tag"), COUNT = Text.of("count"), TYPE = Text.of("type"),
            COMM = Text.of("comm"), REQ = Text.of("req"), N = Text.of("n"), BYTES = Text.of("bytes"),
            ROOT = Text.of("root"), RECV_PEER = Text.of("recv_peer"), RECV_TAG = Text.of("recv_tag"),
            RECV_COUNT = Text.of("recv_count"), RECV_TYPE = Text.of("recv_type"), REDOP = Text.of("redop"),
            MATCHED_PEER = Text.of("matched_peer"), MATCHED_TAG = Text.of("matched_tag"),
            POSITION = Text.of("position"), CAPACITY = Text.of("capacity"), COLOR = Text.of("color"),
            KEY = Text.of("key"), DIRECTION = Text.of("direction"), DISP = Text.of("disp"),
            SOURCE = Text.of("source"), DEST = Text.of("dest"), NEWCOMM = Text.of("newcomm"), CODE = Text.of("code");
    private static final Text ANY_TAG = Text.of("ANY_TAG"), ANY_SOURCE = Text.of(Sentinels.rank(Sentinels.ANY_SOURCE)),
            PROC_NULL = Text.of(Sentinels.rank(Sentinels.PROC_NULL));


    /** Each site's {@code Class.method:line}, by site id. */
    private final Text[] where;
    /** Each stack signature with callers: its frames, innermost first. */
    private final Map<Long, Text[]> stacks = new HashMap<>();
    /** Each op's name, by code. */
    private final Text[] opNames = new Text[1 << 16];
    /** The names of the datatypes of the rank last written ({@code typesOf}), by symbolic id. */
    private RankTrace typesOf;
    private Text[] typeNames = new Text[0];
    /** The op code of the call being written, whose fields {@link FieldSchema} says it has. */
    private int code;

    CallFields(TraceFile trace) {
        where = new Text[trace.sites().size()];
        for (CallSite s : trace.sites()) if (s.id() >= 0 && s.id() < where.length) where[s.id()] = Text.of(s.where());
        Text unrecorded = Text.of("...");
        for (CallPath p : trace.callPaths()) {
            Text[] frames = new Text[p.callers().length + 1];
            frames[0] = where(p.site());
            for (int i = 0; i < p.callers().length; i++)
                frames[i + 1] = p.callers()[i] == CallPath.UNRECORDED ? unrecorded : where(p.callers()[i]);
            stacks.put(p.signature(), frames);
        }
    }

    private Text where(int site) {
        return site >= 0 && site < where.length && where[site] != null ? where[site] : Text.of("site" + site);
    }

    /** The op's name, encoded once. */
    Text op(int code) {
        int i = code & 0xFFFF;
        Text name = opNames[i];
        if (name == null) opNames[i] = name = Text.of(opName(code));
        return name;
    }

    /** The op's MPJ name ({@code Send}), or {@code opN} for a code this version does not know. */
    static String opName(int code) {
        Op op = Op.ofCode(code);
        return op != null ? op.mpjName : "op" + code;
    }

    /**
     * {@code op}, {@code site}, {@code stack}, the parameters and {@code bytes} of the call at {@code base} of {@code r},
     * the bytes as its rank's {@link PersistentStarts#bytes} counts them.
     */
    void write(JsonBytes g, RankTrace r, int base, long bytes) {
        long[] w = r.words();
        int code = Event.opCode(w, base);
        g.member(OP, op(code));
        int site = Event.site(w, base);
        g.member(SITE, where(site));
        g.name(STACK);
        g.startArray();
        Text[] frames = stacks.get(Event.stack(w, base));
        if (frames == null) g.value(where(site));
        else for (Text f : frames) g.value(f);
        g.endArray();
        parameters(g, r, code, w, base, bytes);
    }

    /**
     * A Chrome slice's arguments: as {@link #write} without what the slice says already or what would
     * only repeat a member: {@code op} (the slice's name) and {@code stack} when the call site has no
     * recorded callers (it would hold the site alone). A fifth of a slice's bytes, and a Chrome export's
     * speed is its bytes.
     */
    void writeArgs(JsonBytes g, RankTrace r, int base, long bytes) {
        long[] w = r.words();
        int site = Event.site(w, base);
        g.member(SITE, where(site));
        Text[] frames = stacks.get(Event.stack(w, base));
        if (frames != null && frames.length > 1) {
            g.name(STACK);
            g.startArray();
            for (Text f : frames) g.value(f);
            g.endArray();
        }
        parameters(g, r, Event.opCode(w, base), w, base, bytes);
    }

    private void parameters(JsonBytes g, RankTrace r, int code, long[] w, int base, long bytes) {
        Op op = Op.ofCode(code);
        this.code = code;
        if (op != null) {
            switch (op.family) {
                case P2P -> pointToPoint(g, r, op, w, base);
                case COLLECTIVE -> collective(g, r, w, base);
                case COMPLETION -> {
                    number(g, N, Field.COUNT, Event.count(w, base));
                    number(g, REQ, Field.REQUEST, Event.request(w, base));
                }
                case COMMUNICATOR -> communicator(g, op, w, base);
                case PACKING -> {
                    number(g, COUNT, Field.COUNT, Event.count(w, base));
                    type(g, r, TYPE, Field.DATATYPE, Event.datatype(w, base));
                    number(g, COMM, Field.COMM, Event.comm(w, base));
                    number(g, POSITION, Field.TAG, Event.tag(w, base));
                    number(g, CAPACITY, Field.COUNT2, Event.count2(w, base));
                }
                case SETUP -> {
                    number(g, COMM, Field.COMM, Event.comm(w, base));
                    number(g, CODE, Field.TAG, Event.tag(w, base));
                }
                default -> { }
            }
        }
        g.member(BYTES, bytes);
    }

    private void pointToPoint(JsonBytes g, RankTrace r, Op op, long[] w, int base) {
        rank(g, PEER, Field.PEER, Event.peer(w, base));
        tag(g, TAG, Field.TAG, Event.tag(w, base));
        number(g, COUNT, Field.COUNT, Event.count(w, base));
        type(g, r, TYPE, Field.DATATYPE, Event.datatype(w, base));
        number(g, COMM, Field.COMM, Event.comm(w, base));
        if (op == Op.SENDRECV || op == Op.SENDRECV_REPLACE) {
            rank(g, RECV_PEER, Field.PEER2, Event.peer2(w, base));
            tag(g, RECV_TAG, Field.TAG2, Event.tag2(w, base));
            number(g, RECV_COUNT, Field.COUNT2, Event.count2(w, base));
            type(g, r, RECV_TYPE, Field.DATATYPE2, Event.datatype2(w, base));
            return;
        }
        number(g, REQ, Field.REQUEST, Event.request(w, base));
        // What a wildcard receive or probe took (recorded only then).
        rank(g, MATCHED_PEER, Field.PEER2, Event.peer2(w, base));
        tag(g, MATCHED_TAG, Field.TAG2, Event.tag2(w, base));
    }

    private void collective(JsonBytes g, RankTrace r, long[] w, int base) {
        rank(g, ROOT, Field.PEER, Event.peer(w, base));
        number(g, COUNT, Field.COUNT, Event.count(w, base));
        type(g, r, TYPE, Field.DATATYPE, Event.datatype(w, base));
        number(g, RECV_COUNT, Field.COUNT2, Event.count2(w, base));
        type(g, r, RECV_TYPE, Field.DATATYPE2, Event.datatype2(w, base));
        int redop = Event.redop(w, base);
        if (has(Field.REDOP, redop)) {
            RedOpInfo info = r.redop(redop);
            g.name(REDOP);
            g.value(info != null ? info.name() : "#" + redop);
        }
        number(g, COMM, Field.COMM, Event.comm(w, base));
    }

    private void communicator(JsonBytes g, Op op, long[] w, int base) {
        number(g, COMM, Field.COMM, Event.comm(w, base));
        if (op == Op.SPLIT) {
            number(g, COLOR, Field.COLOR, Event.color(w, base));
            number(g, KEY, Field.KEY, Event.key(w, base));
        } else if (op == Op.SHIFT) {
            number(g, DIRECTION, Field.PEER, Event.peer(w, base));
            number(g, DISP, Field.COUNT, Event.count(w, base));
            rank(g, SOURCE, Field.PEER2, Event.peer2(w, base));
            rank(g, DEST, Field.TAG2, Event.tag2(w, base));
        }
        number(g, NEWCOMM, Field.RESULT, Event.result(w, base));
    }

    /** Whether the call being written has a value in field {@code f}, which reads {@code v} ({@link FieldSchema}). */
    private boolean has(Field f, int v) {
        return FieldSchema.isValue(code, f, v);
    }

    /** A field as a number, when the call has a value there. */
    private void number(JsonBytes g, Text name, Field field, int v) {
        if (has(field, v)) g.member(name, v);
    }

    /** A rank argument: a number, or MPJ's wildcard by name. */
    private void rank(JsonBytes g, Text name, Field field, int v) {
        if (!has(field, v)) return;
        g.name(name);
        if (v == Sentinels.ANY_SOURCE) g.value(ANY_SOURCE);
        else if (v == Sentinels.PROC_NULL) g.value(PROC_NULL);
        else g.value(v);
    }

    private void tag(JsonBytes g, Text name, Field field, int v) {
        if (!has(field, v)) return;
        g.name(name);
        if (v == Sentinels.ANY_TAG) g.value(ANY_TAG);
        else g.value(v);
    }

    /** A datatype by its symbolic id: the base type's name, with the element count of a derived type ({@code INTx4}). */
    private void type(JsonBytes g, RankTrace r, Text name, Field field, int v) {
        if (has(field, v)) g.member(name, typeName(r, v));
    }

    private Text typeName(RankTrace r, int id) {
        if (r != typesOf) {
            typesOf = r;
            Arrays.fill(typeNames, null);
        }
        if (id >= 0 && id < typeNames.length && typeNames[id] != null) return typeNames[id];
        DatatypeInfo d = r.datatype(id);
        Text name = Text.of(d == null ? "#" + id : d.size() > 1 ? d.baseName() + "x" + d.size() : d.baseName());
        if (id >= 0 && id < 1 << 16) {
            if (id >= typeNames.length) typeNames = Arrays.copyOf(typeNames, Math.max(id + 1, 2 * typeNames.length));
            typeNames[id] = name;
        }
        return name;
    }
}
