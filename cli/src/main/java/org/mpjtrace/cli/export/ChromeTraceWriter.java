package org.mpjtrace.cli.export;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.SerializedString;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.MpjtraceVersion;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;

/**
 * {@code export --format chrome}: the Chrome trace-event format (JSON object form), which Perfetto UI and
 * chrome://tracing open. A process per rank ({@code pid} = rank, named {@code rank R}), a thread track per
 * thread of the rank that called MPJ ({@code tid} = the thread's number), a complete slice ({@code ph X})
 * per MPJ call with its parameters as {@code args} (the fields of {@code decode --format jsonl} but the op,
 * which names the slice, and a stack that holds the call site alone), so the
 * program's computation between calls shows as gaps; times in microseconds.
 *
 * <p>Flows ({@code ph s} and {@code f}, bound to the enclosing slice): an arrow from each send to its
 * receive, matched as MPI matches them ({@link RankMessages}, numbered by {@link FlowPlan}'s first pass),
 * and for every collective all members reached an arrow between its root (place 0 when it has none) and
 * each other member: to the root for Reduce and Gather(v), from it for the others. Viewers sort flow ends
 * by time and drop an arrow whose end comes before its start, so each arrow starts just after its first
 * slice begins and ends just before its last slice ends, which for a real run is always later (a message
 * is received after it was sent, a collective ends after every member entered it); the end of an Irecv's
 * arrow is the Wait naming its request, or the next Waitall of its thread, where the message is known to
 * have arrived (the Irecv itself when neither comes). The slices of a send and its receive carry the
 * arrow's id as {@code msg_out} and {@code msg_in}, a collective's slice its index on its communicator as
 * {@code coll}.
 *
 * <p>Times: a dump's measured times, from the earliest rank's MPI.Init (the ranks of a multicore job or of
 * one host share one clock); calls rebuilt from a compressed or clustered trace ({@link TimedCalls}) every
 * rank from 0 with the trace's mean times. Streams: events are written as calls are read, and the
 * only state kept is per channel, per communicator and per open Irecv. About 1.1 million calls per
 * second over a 2-million-call dump (docs/benchmarks.md).
 */
public final class ChromeTraceWriter {
    private static final SerializedString MESSAGE = JsonText.of("message"), COLLECTIVE = JsonText.of("collective"),
            PH = JsonText.of("ph"), NAME = JsonText.of("name"), CAT = JsonText.of("cat"), PID = JsonText.of("pid"),
            TID = JsonText.of("tid"), TS = JsonText.of("ts"), DUR = JsonText.of("dur"), ARGS = JsonText.of("args"),
            SEQ = JsonText.of("seq"), ID = JsonText.of("id"), BP = JsonText.of("bp"), MSG_OUT = JsonText.of("msg_out"),
            MSG_IN = JsonText.of("msg_in"), COLL = JsonText.of("coll"), SLICE = JsonText.of("X"), FLOW_START = JsonText.of("s"),
            FLOW_END = JsonText.of("f"), ENCLOSING = JsonText.of("e"), MPJ = JsonText.of("mpj");

    private final TraceFile trace;
    private final String traceName;
    private final boolean expand;
    private final CallFields fields;

    /** @param expand rebuild calls from the compressed trace even where a rank's section keeps a dump */
    public ChromeTraceWriter(TraceFile trace, String traceName, boolean expand) {
        this.trace = trace;
        this.traceName = traceName;
        this.expand = expand;
        this.fields = new CallFields(trace);
    }

    /** Writes the whole trace to {@code out} (not closed). */
    public void write(OutputStream out) throws Exception {
        FlowPlan plan = FlowPlan.of(trace, expand);
        JsonFactory factory = new JsonFactory();
        try (JsonGenerator g = factory.createGenerator(out, JsonEncoding.UTF8).disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET)) {
            g.writeStartObject();
            g.writeStringField("displayTimeUnit", "ns");
            g.writeObjectFieldStart("otherData");
            g.writeStringField("producer", "mpjtrace " + MpjtraceVersion.VERSION);
            g.writeStringField("trace", traceName);
            g.writeStringField("mode", trace.meta().mode());
            g.writeNumberField("ranks", trace.meta().worldSize());
            g.writeStringField("times", plan.origins().anyRebuilt() ? "means of the trace's histograms, each rank from 0" : "measured, from the first MPI.Init");
            g.writeEndObject();
            g.writeArrayFieldStart("traceEvents");
            // The ranks' dumps share one time axis, from the earliest MPI.Init.
            for (RankTrace section : trace.ranks()) new RankWriter(g, plan, section, plan.origins().ofAll(section)).write();
            g.writeEndArray();
            g.writeEndObject();
        }
    }

    /** One rank's tracks, slices and flow ends. */
    private final class RankWriter implements RankMessages.Sink {
        private final JsonGenerator g;
        private final FlowPlan plan;
        private final RankTrace section;
        private final long origin;
        private final int rank;
        private final RankMessages messages;
        private boolean[] named = new boolean[4];
        /** Per thread: calls written so far. */
        private int[] seq = new int[4];
        /** Irecvs whose arrow ends where their request completes; the payload is the end if it never does. */
        private final OpenIrecvs open = new OpenIrecvs();

        // The call being written: what the walk found in it.
        private Op op;
        private int thread;
        private long enter, exit;
        private int request;
        private long msgOut, msgIn;
        private int coll;
        private int flowCount;
        private long[] flowIds = new long[8];
        private boolean[] flowStarts = new boolean[8];
        private boolean collectiveFlows;
        private final JsonText.Micros micros = new JsonText.Micros();

        RankWriter(JsonGenerator g, FlowPlan plan, RankTrace section, long origin) {
            this.g = g;
            this.plan = plan;
            this.section = section;
            this.origin = origin;
            this.rank = section.rank();
            this.messages = new RankMessages(plan.comms.ofRank(section));
        }

        void write() throws Exception {
            metadata("process_name", 0, "name", "rank " + rank);
            g.writeStartObject();
            g.writeStringField("ph", "M");
            g.writeStringField("name", "process_sort_index");
            g.writeNumberField("pid", rank);
            g.writeObjectFieldStart("args");
            g.writeNumberField("sort_index", rank);
            g.writeEndObject();
            g.writeEndObject();
            TimedCalls.forEach(trace, section, expand, (calls, base) -> {
                long[] w = calls.words();
                thread = Event.thread(w, base);
                if (thread >= named.length) named = Arrays.copyOf(named, Math.max(thread + 1, 2 * named.length));
                if (!named[thread]) {
                    named[thread] = true;
                    metadata("thread_name", thread, "name", thread == 0 ? "thread 0 (MPI.Init)" : "thread " + thread);
                }
                if (thread >= seq.length) seq = Arrays.copyOf(seq, Math.max(thread + 1, 2 * seq.length));
                op = Op.ofCode(Event.opCode(w, base));
                enter = Event.enter(w, base);
                exit = Event.exit(w, base);
                request = Event.request(w, base);
                msgOut = msgIn = 0;
                coll = -1;
                flowCount = 0;
                messages.walk(w, base, this);
                open.complete(op, thread, request, (t, id, end) -> {
                    collectiveFlows = false;
                    add(false, id);
                });
                slice(calls, base, seq[thread]++);
                for (int i = 0; i < flowCount; i++)
                    flow(flowStarts[i], flowIds[i], flowStarts[i] ? inside(enter, exit) : endInside(enter, exit), collectiveFlows);
            });
            open.remaining((t, id, end) -> {
                thread = t;
                flow(false, id, end, false);
            });
        }

        private void slice(RankTrace calls, int base, int seq) throws IOException {
            g.writeStartObject();
            JsonText.string(g, PH, SLICE);
            JsonText.string(g, NAME, fields.op(Event.opCode(calls.words(), base)));
            JsonText.string(g, CAT, MPJ);
            JsonText.number(g, PID, rank);
            JsonText.number(g, TID, thread);
            micros.write(g, TS, enter - origin);
            micros.write(g, DUR, exit - enter);
            g.writeFieldName(ARGS);
            g.writeStartObject();
            JsonText.number(g, SEQ, seq);
            fields.writeArgs(g, calls, base);
            if (msgOut != 0) JsonText.number(g, MSG_OUT, msgOut);
            if (msgIn != 0) JsonText.number(g, MSG_IN, msgIn);
            if (coll >= 0) JsonText.number(g, COLL, coll);
            g.writeEndObject();
            g.writeEndObject();
        }

        private void flow(boolean start, long id, long atNanos, boolean collective) throws IOException {
            g.writeStartObject();
            JsonText.string(g, PH, start ? FLOW_START : FLOW_END);
            if (!start) JsonText.string(g, BP, ENCLOSING);
            JsonText.number(g, ID, id);
            SerializedString name = collective ? COLLECTIVE : MESSAGE;
            JsonText.string(g, NAME, name);
            JsonText.string(g, CAT, name);
            JsonText.number(g, PID, rank);
            JsonText.number(g, TID, thread);
            micros.write(g, TS, atNanos - origin);
            g.writeEndObject();
        }

        private void metadata(String kind, int tid, String key, String value) throws IOException {
            g.writeStartObject();
            g.writeStringField("ph", "M");
            g.writeStringField("name", kind);
            g.writeNumberField("pid", rank);
            g.writeNumberField("tid", tid);
            g.writeObjectFieldStart("args");
            g.writeStringField(key, value);
            g.writeEndObject();
            g.writeEndObject();
        }

        /** A point just inside the slice's start, where an arrow leaves it. */
        private long inside(long from, long to) {
            return to - from >= 2 ? from + 1 : from;
        }

        /** A point just inside the slice's end, where an arrow arrives. */
        private long endInside(long from, long to) {
            return to - from >= 2 ? to - 1 : to;
        }

        private void add(boolean start, long id) {
            if (flowCount == flowIds.length) {
                flowIds = Arrays.copyOf(flowIds, 2 * flowCount);
                flowStarts = Arrays.copyOf(flowStarts, 2 * flowCount);
            }
            flowIds[flowCount] = id;
            flowStarts[flowCount++] = start;
        }

        @Override
        public void send(FlowPlan.Channel channel, int k) {
            long id = plan.message(channel, k);
            if (id == 0) return;
            msgOut = id;
            collectiveFlows = false;
            add(true, id);
        }

        @Override
        public void receive(FlowPlan.Channel channel, int k) {
            long id = plan.message(channel, k);
            if (id == 0) return;
            msgIn = id;
            collectiveFlows = false;
            if (op == Op.IRECV) {
                open.open(thread, request, id, endInside(enter, exit));
            } else {
                add(false, id);
            }
        }

        @Override
        public void collective(int key, int n, int place, int root) {
            if (plan.collective(key, n, 0) == 0) return;
            coll = n;
            collectiveFlows = true;
            int size = plan.comms.size(key);
            int hub = root >= 0 && root < size ? root : 0;
            boolean toRoot = op == Op.REDUCE || op == Op.GATHER || op == Op.GATHERV;
            if (place == hub) {
                for (int j = 0; j < size; j++) if (j != hub) add(!toRoot, plan.collective(key, n, j));
            } else {
                add(toRoot, plan.collective(key, n, place));
            }
        }
    }
}
