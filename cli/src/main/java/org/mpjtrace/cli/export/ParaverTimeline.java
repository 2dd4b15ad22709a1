package org.mpjtrace.cli.export;

import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import org.mpjtrace.cli.format.PersistentStarts;
import org.mpjtrace.cli.format.TimedCalls;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;

/**
 * Everything a Paraver export writes, collected so that it can be written sorted by time: Paraver wants
 * one time-ordered record list, while the trace holds each rank's calls apart. Each thread of each rank
 * is a {@link Stream} of its calls (enter, exit, op and site), in the thread's own order, which is its
 * time order; {@link PrvWriter} merges the streams. Each message the second pass of {@link FlowPlan}
 * matches is one communication record: its send end (the sending call's enter, a persistent request's
 * Start) and receive end (the receive's enter, and its exit, or for an Irecv or a started Recv_init the exit
 * of the Wait or Waitall that completed it, as the Chrome export's arrows end; the call's own exit when none
 * did).
 *
 * <p>Memory: the calls go to disk ({@link CallSpill}, 24 bytes a call), so what stays is 32 KB per
 * thread and 36 bytes per matched message (about 100 MB for the 10-million-call benchmark dump, whose
 * export runs in a 512 MB heap: docs/benchmarks.md).
 *
 * <p>Times are ns: a dump's from the first MPI.Init on the rank's host (the ranks of one host share one
 * clock; another host's clock is unrelated, so each host counts from its own first rank), calls rebuilt
 * from a compressed trace each rank from 0 ({@link TimedCalls}).
 */
final class ParaverTimeline implements Closeable {
    /**
     * Bits of a call's third word: site + 1 (low 32), op code (16 above), whether it sent a matched message;
     * or {@link #PAUSED}: no call but a span the rank paused tracing, from "enter" to "exit".
     */
    static final long SENT = 1L << 48, PAUSED = 1L << 49;

    /**
     * One thread's calls: three words each, enter, exit, then site+1 | op << 32 | SENT, in blocks on the
     * {@link CallSpill}. Read back in call order (a call, then the next: one block in memory at a time).
     */
    static final class Stream {
        final int rank, thread;
        private final CallSpill spill;
        /** Where each full or last block starts in the spill. */
        private long[] blocks = new long[4];
        private int blockCount;
        /** The block being filled while collecting, then the block last read. */
        private long[] block = new long[CallSpill.BLOCK_LONGS];
        private int loaded = -1;
        int count;
        /**
         * The message ids of the calls marked SENT, in call order, each call's last negated: a call can send
         * several (a Startall of persistent send requests).
         */
        int[] sent = new int[4];
        int sentCount;
        /**
         * 1-based place in the Paraver objects ({@link ParaverObjects}): CPU, task and thread (the thread's
         * place among its rank's, which is its number + 1 unless the rank left a number unused).
         */
        int cpu, task, place;

        Stream(int rank, int thread, CallSpill spill) {
            this.rank = rank;
            this.thread = thread;
            this.spill = spill;
        }

        void add(long enter, long exit, long opSite) {
            int at = 3 * (count % CallSpill.BLOCK_CALLS);
            block[at] = enter;
            block[at + 1] = exit;
            block[at + 2] = opSite;
            count++;
            if (count % CallSpill.BLOCK_CALLS == 0) spillBlock(CallSpill.BLOCK_LONGS);
        }

        /** Every call collected: the last block to the spill too, and the filling buffer released until read. */
        void finish() {
            int rest = count % CallSpill.BLOCK_CALLS;
            if (rest > 0) spillBlock(3 * rest);
            block = null;
        }

        private void spillBlock(int longs) {
            if (blockCount == blocks.length) blocks = Arrays.copyOf(blocks, 2 * blockCount);
            blocks[blockCount++] = spill.append(block, longs);
        }

        private long word(int call, int k) {
            int b = call / CallSpill.BLOCK_CALLS;
            if (b != loaded) {
                if (block == null) block = new long[CallSpill.BLOCK_LONGS];
                int calls = Math.min(CallSpill.BLOCK_CALLS, count - b * CallSpill.BLOCK_CALLS);
                spill.read(blocks[b], 3 * calls, block);
                loaded = b;
            }
            return block[3 * (call - b * CallSpill.BLOCK_CALLS) + k];
        }

        long enter(int i) { return word(i, 0); }
        long exit(int i) { return word(i, 1); }
        int op(int i) { return (int) (word(i, 2) >>> 32) & 0xFFFF; }
        int site(int i) { return (int) word(i, 2); }
        boolean sent(int i) { return (word(i, 2) & SENT) != 0; }
        boolean paused(int i) { return (word(i, 2) & PAUSED) != 0; }

        /** Bytes this stream holds in memory now. */
        long heldBytes() {
            return 8L * blocks.length + (block == null ? 0 : 8L * block.length) + 4L * sent.length;
        }
    }

    /** Per rank (in the trace's order), its threads' streams by thread number; a rank has at least thread 0. */
    final List<Stream[]> ranks = new ArrayList<>();
    /** Each rank's host, in the order of {@link #ranks}: kept from this pass, as a streamed trace decodes a rank each time it is asked for. */
    final List<String> hosts = new ArrayList<>();
    /** Per message id (1-based, index 0 unused): its receive end, size and tag (the send end is the sending call). */
    final long[] recvPosted, recvDone, bytes;
    final Stream[] receiver;
    final int[] tag;
    /** Op codes this version does not know, seen in calls. */
    final BitSet unknownOps = new BitSet();
    /** The latest time of any record. */
    long end;
    private final CallSpill spill;

    private ParaverTimeline(int messages, CallSpill spill) {
        this.spill = spill;
        recvPosted = new long[messages + 1];
        recvDone = new long[messages + 1];
        bytes = new long[messages + 1];
        receiver = new Stream[messages + 1];
        tag = new int[messages + 1];
    }

    static ParaverTimeline of(TraceFile trace, boolean expand) throws Exception {
        FlowPlan plan = FlowPlan.of(trace, expand);
        if (plan.messages() > Integer.MAX_VALUE - 8) throw new IllegalStateException("more than 2^31 messages");
        ParaverTimeline t = new ParaverTimeline((int) plan.messages(), new CallSpill());
        try {
            for (RankTrace section : trace.ranks()) {
                long origin = plan.origins().ofHost(section);
                t.ranks.add(t.new RankCollector(plan, trace, section, expand, origin).collect(trace, expand));
                t.hosts.add(section.host());
            }
        } catch (Exception | Error e) {
            t.close();
            throw e;
        }
        return t;
    }

    /** Removes the spilled calls. */
    @Override
    public void close() throws IOException {
        spill.close();
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
        private boolean sent;

        RankCollector(FlowPlan plan, TraceFile trace, RankTrace section, boolean expand, long origin) {
            this.plan = plan;
            this.section = section;
            this.origin = origin;
            this.messages = new RankMessages(plan.comms.ofRank(section), new PersistentStarts(trace, section, expand));
        }

        Stream[] collect(TraceFile trace, boolean expand) throws Exception {
            streams[0] = new Stream(section.rank(), 0, spill);
            PausesOnAxis pauses = PausesOnAxis.of(trace, section, expand, origin);
            TimedCalls.forEach(trace, section, expand, (c, b) -> {
                long[] w = c.words();
                int thread = Event.thread(w, b);
                if (thread >= streams.length) streams = Arrays.copyOf(streams, Math.max(thread + 1, 2 * streams.length));
                if (streams[thread] == null) streams[thread] = new Stream(section.rank(), thread, spill);
                stream = streams[thread];
                int code = Event.opCode(w, b);
                op = Op.ofCode(code);
                if (op == null) unknownOps.set(code);
                enter = Event.enter(w, b) - origin;
                exit = Event.exit(w, b) - origin;
                end = Math.max(end, exit);
                sent = false;
                pauses.before(thread, enter, this::paused);
                messages.walk(c, b, this);
                if (sent) stream.sent[stream.sentCount - 1] = -stream.sent[stream.sentCount - 1];
                open.complete(op, thread, Event.request(w, b), (t, id, payload) -> recvDone[(int) id] = exit);
                stream.add(enter, exit, (Event.site(w, b) + 1L) & 0xFFFF_FFFFL | (long) code << 32 | (sent ? SENT : 0));
            });
            // Thread 0 and each thread that called: a number the rank left unused (a thread started that never
            // called MPJ) gets no Paraver thread.
            List<Stream> called = new ArrayList<>();
            for (Stream s : streams) {
                if (s == null) continue;
                stream = s;
                pauses.before(s.thread, Long.MAX_VALUE, this::paused);
                s.finish();
                called.add(s);
            }
            return called.toArray(Stream[]::new);
        }

        /** A span the rank paused tracing, on the stream of the thread being collected: a record of its own. */
        private void paused(long from, long to) {
            stream.add(from, Math.max(from, to), PAUSED);
            end = Math.max(end, to);
        }

        @Override
        public void send(FlowPlan.Channel channel, int k, long size) {
            int id = (int) plan.message(channel, k);
            if (id == 0) return;
            sent = true;
            bytes[id] = size;
            tag[id] = channel.tag();
            if (stream.sentCount == stream.sent.length) stream.sent = Arrays.copyOf(stream.sent, 2 * stream.sentCount);
            stream.sent[stream.sentCount++] = id;
        }

        @Override
        public void receive(FlowPlan.Channel channel, int k, int request) {
            int id = (int) plan.message(channel, k);
            if (id == 0) return;
            receiver[id] = stream;
            recvPosted[id] = enter;
            recvDone[id] = exit;
            if (request != RankMessages.BLOCKING) open.open(stream.thread, request, id, 0);
        }

        @Override
        public void collective(int key, int n, int place, int root) {
            // Paraver's communication records are point-to-point; a collective is its state and events.
        }
    }
}
