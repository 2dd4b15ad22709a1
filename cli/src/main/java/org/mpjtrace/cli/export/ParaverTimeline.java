package org.mpjtrace.cli.export;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mpjtrace.cli.format.EventBytes;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;

/**
 * Everything a Paraver export writes, collected so that it can be written sorted by time: Paraver wants
 * one time-ordered record list, while the trace holds each rank's calls apart. Each thread of each rank
 * is a {@link Stream} of its calls (enter, exit, op and site), in the thread's own order, which is its
 * time order; {@link PrvWriter} merges the streams. Each message the second pass of {@link FlowPlan}
 * matches is one communication record: its send end (the sending call's enter) and receive end (the
 * receive's enter, and its exit, or for an Irecv the exit of the Wait or Waitall that completed it, as
 * the Chrome export's arrows end; the Irecv's own exit when none did).
 *
 * <p>Memory: 24 bytes per call and 36 per matched message, on top of the loaded trace (71 MB, growth by
 * doubling included, for the 2-million-call benchmark dump: docs/benchmarks.md); a compressed trace standing for billions of calls does not fit.
 *
 * <p>Times are ns: a dump's from the first MPI.Init on the rank's host (the ranks of one host share one
 * clock; another host's clock is unrelated, so each host counts from its own first rank), calls rebuilt
 * from a compressed trace each rank from 0 ({@link TimedCalls}).
 */
final class ParaverTimeline {
    /** Bits of a call's third word: site + 1 (low 32), op code (16 above), whether it sent a matched message. */
    static final long SENT = 1L << 48;

    /** One thread's calls: three words each, enter, exit, then site+1 | op << 32 | SENT. */
    static final class Stream {
        final int rank, thread;
        long[] calls = new long[3 * 16];
        int count;
        /** The message ids of the calls marked SENT, in call order. */
        int[] sent = new int[4];
        int sentCount;
        /** 1-based place in the Paraver objects ({@link ParaverObjects}): CPU, task and thread. */
        int cpu, task;

        Stream(int rank, int thread) {
            this.rank = rank;
            this.thread = thread;
        }

        long enter(int i) { return calls[3 * i]; }
        long exit(int i) { return calls[3 * i + 1]; }
        int op(int i) { return (int) (calls[3 * i + 2] >>> 32) & 0xFFFF; }
        int site(int i) { return (int) calls[3 * i + 2]; }
        boolean sent(int i) { return (calls[3 * i + 2] & SENT) != 0; }
    }

    /** Per rank (in the trace's order), its threads' streams by thread number; a rank has at least thread 0. */
    final List<Stream[]> ranks = new ArrayList<>();
    /** Per message id (1-based, index 0 unused): its receive end, size and tag (the send end is the sending call). */
    final long[] recvPosted, recvDone, bytes;
    final Stream[] receiver;
    final int[] tag;
    /** Op codes this version does not know, seen in calls. */
    final BitSet unknownOps = new BitSet();
    /** The latest time of any record. */
    long end;

    private ParaverTimeline(int messages) {
        recvPosted = new long[messages + 1];
        recvDone = new long[messages + 1];
        bytes = new long[messages + 1];
        receiver = new Stream[messages + 1];
        tag = new int[messages + 1];
    }

    static ParaverTimeline of(TraceFile trace, boolean expand) throws Exception {
        FlowPlan plan = FlowPlan.of(trace, expand);
        if (plan.messages() > Integer.MAX_VALUE - 8) throw new IllegalStateException("more than 2^31 messages");
        ParaverTimeline t = new ParaverTimeline((int) plan.messages());
        Map<String, Long> hostOrigins = hostOrigins(trace, expand);
        for (RankTrace section : trace.ranks()) {
            long origin = TimedCalls.rebuilt(trace, section, expand) ? 0 : hostOrigins.get(section.host());
            t.ranks.add(t.new RankCollector(plan, section, origin).collect(trace, expand));
        }
        return t;
    }

    /** Per host, the earliest MPI.Init of its ranks whose dump is used. */
    private static Map<String, Long> hostOrigins(TraceFile trace, boolean expand) {
        Map<String, Long> origins = new HashMap<>();
        for (RankTrace r : trace.ranks())
            if (!TimedCalls.rebuilt(trace, r, expand)) origins.merge(r.host(), r.initNanos(), Math::min);
        return origins;
    }

    /** One rank's calls into its streams, and its ends of the matched messages. */
    private final class RankCollector implements RankMessages.Sink {
        private final FlowPlan plan;
        private final RankTrace section;
        private final long origin;
        private final RankMessages messages;
        private final OpenIrecvs open = new OpenIrecvs();
        private Stream[] streams = new Stream[1];

        // The call being collected.
        private Stream stream;
        private Op op;
        private long enter, exit;
        private RankTrace calls;
        private int base;
        private boolean sent;

        RankCollector(FlowPlan plan, RankTrace section, long origin) {
            this.plan = plan;
            this.section = section;
            this.origin = origin;
            this.messages = new RankMessages(plan.comms.ofRank(section));
        }

        Stream[] collect(TraceFile trace, boolean expand) throws Exception {
            streams[0] = new Stream(section.rank(), 0);
            TimedCalls.forEach(trace, section, expand, (c, b) -> {
                long[] w = c.words();
                calls = c;
                base = b;
                int thread = Event.thread(w, b);
                if (thread >= streams.length) streams = Arrays.copyOf(streams, Math.max(thread + 1, 2 * streams.length));
                if (streams[thread] == null) streams[thread] = new Stream(section.rank(), thread);
                stream = streams[thread];
                int code = Event.opCode(w, b);
                op = Op.ofCode(code);
                if (op == null) unknownOps.set(code);
                enter = Event.enter(w, b) - origin;
                exit = Event.exit(w, b) - origin;
                end = Math.max(end, exit);
                sent = false;
                messages.walk(w, b, this);
                open.complete(op, thread, Event.request(w, b), (t, id, payload) -> recvDone[(int) id] = exit);
                add(stream, enter, exit, (Event.site(w, b) + 1L) & 0xFFFF_FFFFL | (long) code << 32 | (sent ? SENT : 0));
            });
            for (int i = 0; i < streams.length; i++) if (streams[i] == null) streams[i] = new Stream(section.rank(), i);
            return streams;
        }

        private void add(Stream s, long enter, long exit, long opSite) {
            if (3 * s.count + 3 > s.calls.length) s.calls = Arrays.copyOf(s.calls, 2 * s.calls.length);
            s.calls[3 * s.count] = enter;
            s.calls[3 * s.count + 1] = exit;
            s.calls[3 * s.count + 2] = opSite;
            s.count++;
        }

        @Override
        public void send(FlowPlan.Channel channel, int k) {
            int id = (int) plan.message(channel, k);
            if (id == 0) return;
            sent = true;
            bytes[id] = EventBytes.primary(calls, base);
            tag[id] = channel.tag();
            if (stream.sentCount == stream.sent.length) stream.sent = Arrays.copyOf(stream.sent, 2 * stream.sentCount);
            stream.sent[stream.sentCount++] = id;
        }

        @Override
        public void receive(FlowPlan.Channel channel, int k) {
            int id = (int) plan.message(channel, k);
            if (id == 0) return;
            receiver[id] = stream;
            recvPosted[id] = enter;
            recvDone[id] = exit;
            if (op == Op.IRECV) open.open(stream.thread, Event.request(calls.words(), base), id, 0);
        }

        @Override
        public void collective(int key, int n, int place, int root) {
            // Paraver's communication records are point-to-point; a collective is its state and events.
        }
    }
}
