package org.mpjtrace.cli.export;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.mpjtrace.cli.export.JsonBytes.Text;
import org.mpjtrace.cli.format.PersistentStarts;
import org.mpjtrace.cli.format.TimedCalls;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.MpjtraceVersion;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.cluster.MarkerRecord;

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
 * only state kept is per channel, per communicator and per open Irecv. About 3.8 million calls per
 * second over a 2-million-call dump in memory, 1.2-1.5 million for the whole command on a 10-million-call
 * file (docs/benchmarks.md).
 */
public final class ChromeTraceWriter {
    private static final Text MESSAGE = Text.of("message"), COLLECTIVE = Text.of("collective"),
            PH = Text.of("ph"), NAME = Text.of("name"), CAT = Text.of("cat"), PID = Text.of("pid"),
            TID = Text.of("tid"), TS = Text.of("ts"), DUR = Text.of("dur"), ARGS = Text.of("args"),
            SEQ = Text.of("seq"), ID = Text.of("id"), BP = Text.of("bp"), MSG_OUT = Text.of("msg_out"),
            MSG_IN = Text.of("msg_in"), COLL = Text.of("coll"), SLICE = Text.of("X"), FLOW_START = Text.of("s"),
            FLOW_END = Text.of("f"), ENCLOSING = Text.of("e"), MPJ = Text.of("mpj"), METADATA = Text.of("M"),
            PROCESS_NAME = Text.of("process_name"), PROCESS_SORT_INDEX = Text.of("process_sort_index"), THREAD_NAME = Text.of("thread_name"),
            SORT_INDEX = Text.of("sort_index"), DISPLAY_TIME_UNIT = Text.of("displayTimeUnit"), OTHER_DATA = Text.of("otherData"),
            PRODUCER = Text.of("producer"), TRACE = Text.of("trace"), MODE = Text.of("mode"), RANKS = Text.of("ranks"),
            TIMES = Text.of("times"), TRACE_EVENTS = Text.of("traceEvents");

    /** The phases' track of a rank: after its threads (thread numbers are at most Event.MAX_THREAD). */
    private static final int PHASES_TID = 1 << 20;
    /** The rank's paused spans (org.mpjtrace.api.Tracing), on a track after its phases'. */
    private static final int PAUSED_TID = PHASES_TID + 1;
    private static final Text PAUSED = Text.of("tracing paused"), TRACER = Text.of("tracer");
    private static final Text INSTANT = Text.of("i"), SCOPE = Text.of("s"), THREAD_SCOPE = Text.of("t"), MARKER = Text.of("marker"),
            STATE = Text.of("state"), MARKER_CALL = Text.of("marker_call"), RANK0_CALL = Text.of("rank0_call");
    private static final Text PHASE = Text.of("phase"), FUNCTIONS = Text.of("functions"), PATTERNS = Text.of("patterns"),
            FIRST_CALL = Text.of("first_call"), LAST_CALL = Text.of("last_call"), CALLS = Text.of("calls");

    private final TraceFile trace;
    private final String traceName;
    private final boolean expand;
    private final CallFields fields;
    private final Map<Integer, List<PhaseSpan>> phases;

    /** @param expand rebuild calls from the compressed trace even where a rank's section keeps a dump */
    public ChromeTraceWriter(TraceFile trace, String traceName, boolean expand) {
        this(trace, traceName, expand, Map.of());
    }

    /** @param phases by rank, its execution phases, drawn on a track of their own after its threads' */
    public ChromeTraceWriter(TraceFile trace, String traceName, boolean expand, Map<Integer, List<PhaseSpan>> phases) {
        this.trace = trace;
        this.traceName = traceName;
        this.expand = expand;
        this.fields = new CallFields(trace);
        this.phases = phases;
    }

    /** Writes the whole trace to {@code out} (not closed). */
    public void write(OutputStream out) throws Exception {
        FlowPlan plan = FlowPlan.of(trace, expand);
        JsonBytes g = new JsonBytes(out);
        g.startObject();
        g.name(DISPLAY_TIME_UNIT).value("ns");
        g.name(OTHER_DATA).startObject();
        g.name(PRODUCER).value("mpjtrace " + MpjtraceVersion.VERSION);
        g.name(TRACE).value(traceName);
        g.name(MODE).value(trace.meta().mode());
        g.member(RANKS, trace.meta().worldSize());
        g.name(TIMES).value(plan.origins().anyRebuilt() ? "means of the trace's histograms, each rank from 0" : "measured, from the first MPI.Init");
        g.endObject();
        g.name(TRACE_EVENTS).startArray();
        // The ranks' dumps share one time axis, from the earliest MPI.Init.
        for (RankTrace section : trace.ranks()) new RankWriter(g, plan, section, plan.origins().ofAll(section)).write();
        g.endArray();
        g.endObject();
        g.flush();
    }

    /** One rank's tracks, slices and flow ends. */
    private final class RankWriter implements RankMessages.Sink {
        private final JsonBytes g;
        private final FlowPlan plan;
        private final RankTrace section;
        private final long origin;
        private final int rank;
        /** Shared with {@link #messages}: a persistent request's messages and bytes are at its Starts. */
        private final PersistentStarts starts;
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
        /** The rank's phases, their spans' start and end times as the calls come, and the calls seen. */
        private final List<PhaseSpan> spans;
        private final long[] spanStart, spanEnd;
        private int calls, nextSpan;
        /** Rank 0 of a clustered trace (format 18 on): the markers, in call order, each an instant at its call. */
        private final List<MarkerRecord> markers;
        private int nextMarker;

        RankWriter(JsonBytes g, FlowPlan plan, RankTrace section, long origin) {
            this.g = g;
            this.plan = plan;
            this.section = section;
            this.origin = origin;
            this.rank = section.rank();
            this.starts = new PersistentStarts(trace, section, expand);
            this.messages = new RankMessages(plan.comms.ofRank(section), starts);
            this.spans = phases.getOrDefault(rank, List.of());
            this.spanStart = new long[spans.size()];
            this.spanEnd = new long[spans.size()];
            this.markers = rank != 0 || trace.markers() == null ? List.of() : trace.markers().records().stream()
                    .filter(m -> m.rankZeroCall() >= 0).sorted(Comparator.comparingLong(MarkerRecord::rankZeroCall)).toList();
        }

        void write() throws Exception {
            metadata(PROCESS_NAME, 0, "rank " + rank);
            g.startObject();
            g.member(PH, METADATA);
            g.member(NAME, PROCESS_SORT_INDEX);
            g.member(PID, rank);
            g.name(ARGS).startObject();
            g.member(SORT_INDEX, rank);
            g.endObject();
            g.endObject();
            g.endRecord(false);
            TimedCalls.forEach(trace, section, expand, (calls, base) -> {
                long[] w = calls.words();
                thread = Event.thread(w, base);
                if (thread >= named.length) named = Arrays.copyOf(named, Math.max(thread + 1, 2 * named.length));
                if (!named[thread]) {
                    named[thread] = true;
                    metadata(THREAD_NAME, thread, thread == 0 ? "thread 0 (MPI.Init)" : "thread " + thread);
                }
                if (thread >= seq.length) seq = Arrays.copyOf(seq, Math.max(thread + 1, 2 * seq.length));
                op = Op.ofCode(Event.opCode(w, base));
                enter = Event.enter(w, base);
                exit = Event.exit(w, base);
                request = Event.request(w, base);
                msgOut = msgIn = 0;
                coll = -1;
                flowCount = 0;
                messages.walk(calls, base, this);
                open.complete(op, thread, request, (t, id, end) -> {
                    collectiveFlows = false;
                    add(false, id);
                });
                slice(calls, base, seq[thread]++);
                while (nextMarker < markers.size() && markers.get(nextMarker).rankZeroCall() <= this.calls) markerInstant(markers.get(nextMarker++));
                spanTimes();
                for (int i = 0; i < flowCount; i++)
                    flow(flowStarts[i], flowIds[i], flowStarts[i] ? inside(enter, exit) : endInside(enter, exit), collectiveFlows);
            });
            open.remaining((t, id, end) -> {
                thread = t;
                flow(false, id, end, false);
            });
            if (!spans.isEmpty()) phaseTrack();
            pausedTrack();
        }

        /**
         * A track of the spans the program paused tracing, a slice each: on the calls' own time axis, so
         * only for a rank whose calls have their own times (not the trace's means, which start at 0).
         */
        private void pausedTrack() throws IOException {
            long[] paused = section.stats().paused();
            if (paused.length == 0 || TimedCalls.meanTimes(trace, section, expand)) return;
            metadata(THREAD_NAME, PAUSED_TID, "tracing paused");
            for (int i = 0; i + 1 < paused.length; i += 2) {
                sliceHead(PAUSED, TRACER, PAUSED_TID, paused[i], paused[i + 1]);
                g.endObject();
                g.endRecord(false);
            }
        }

        /**
         * Where the ranks acted on a clustering marker, at the end of rank 0's call that was it: an instant
         * named {@code marker N STATE} on that call's thread, so a viewer shows the clustering over the calls.
         */
        private void markerInstant(MarkerRecord m) throws IOException {
            g.startObject();
            g.member(PH, INSTANT);
            g.member(SCOPE, THREAD_SCOPE);
            g.name(NAME).value("marker " + m.index() + " " + m.state());
            g.member(CAT, MARKER);
            g.member(PID, rank);
            g.member(TID, thread);
            g.name(TS).micros(exit - origin);
            g.name(ARGS).startObject();
            g.name(STATE).value(m.state().name());
            g.member(MARKER_CALL, m.markerCall());
            g.member(RANK0_CALL, m.rankZeroCall());
            g.endObject();
            g.endObject();
            g.endRecord(false);
        }

        /** The call just written starts or ends a phase (phases follow each other in call order): keep its time. */
        private void spanTimes() {
            if (nextSpan < spans.size()) {
                PhaseSpan p = spans.get(nextSpan);
                if (p.firstCall() == calls) spanStart[nextSpan] = enter;
                if (p.lastCall() == calls) spanEnd[nextSpan++] = exit;
            }
            calls++;
        }

        /** A track named "phases", a slice per phase from its first call's start to its last call's end. */
        private void phaseTrack() throws IOException {
            metadata(THREAD_NAME, PHASES_TID, "phases");
            for (int i = 0; i < spans.size(); i++) {
                PhaseSpan p = spans.get(i);
                if (p.lastCall() >= calls) continue; // a phase past the calls written (never, for the rank's own phases)
                sliceHead(Text.of(p.name()), PHASE, PHASES_TID, spanStart[i], spanEnd[i]);
                g.name(ARGS).startObject();
                g.member(FIRST_CALL, p.firstCall());
                g.member(LAST_CALL, p.lastCall());
                g.member(CALLS, p.lastCall() - p.firstCall() + 1);
                g.name(FUNCTIONS).value(p.functions());
                g.name(PATTERNS).value(p.patterns());
                g.endObject();
                g.endObject();
                g.endRecord(false);
            }
        }

        /** Opens a complete slice on one of the rank's tracks, from {@code from} to {@code to}: its args (if any) and end follow. */
        private void sliceHead(Text name, Text category, int tid, long from, long to) {
            g.startObject();
            g.member(PH, SLICE);
            g.member(NAME, name);
            g.member(CAT, category);
            g.member(PID, rank);
            g.member(TID, tid);
            g.name(TS).micros(from - origin);
            g.name(DUR).micros(to - from);
        }

        private void slice(RankTrace calls, int base, int seq) throws IOException {
            sliceHead(fields.op(Event.opCode(calls.words(), base)), MPJ, thread, enter, exit);
            g.name(ARGS).startObject();
            g.member(SEQ, seq);
            fields.writeArgs(g, calls, base, starts.bytes(calls, base));
            if (msgOut != 0) g.member(MSG_OUT, msgOut);
            if (msgIn != 0) g.member(MSG_IN, msgIn);
            if (coll >= 0) g.member(COLL, coll);
            g.endObject();
            g.endObject();
            g.endRecord(false);
        }

        private void flow(boolean start, long id, long atNanos, boolean collective) throws IOException {
            g.startObject();
            g.member(PH, start ? FLOW_START : FLOW_END);
            if (!start) g.member(BP, ENCLOSING);
            g.member(ID, id);
            Text name = collective ? COLLECTIVE : MESSAGE;
            g.member(NAME, name);
            g.member(CAT, name);
            g.member(PID, rank);
            g.member(TID, thread);
            g.name(TS).micros(atNanos - origin);
            g.endObject();
            g.endRecord(false);
        }

        /** A metadata event naming the rank's process or one of its threads. */
        private void metadata(Text kind, int tid, String name) throws IOException {
            g.startObject();
            g.member(PH, METADATA);
            g.member(NAME, kind);
            g.member(PID, rank);
            g.member(TID, tid);
            g.name(ARGS).startObject();
            g.name(NAME).value(name);
            g.endObject();
            g.endObject();
            g.endRecord(false);
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
        public void send(FlowPlan.Channel channel, int k, long bytes) {
            long id = plan.message(channel, k);
            if (id == 0) return;
            msgOut = id;
            collectiveFlows = false;
            add(true, id);
        }

        @Override
        public void receive(FlowPlan.Channel channel, int k, int request) {
            long id = plan.message(channel, k);
            if (id == 0) return;
            msgIn = id;
            collectiveFlows = false;
            if (request != RankMessages.BLOCKING) {
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
