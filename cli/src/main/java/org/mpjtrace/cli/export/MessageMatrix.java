package org.mpjtrace.cli.export;

import java.util.HashMap;
import java.util.Map;
import org.mpjtrace.cli.format.PersistentStarts;
import org.mpjtrace.cli.format.TimedCalls;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;

/**
 * Who sent how much to whom: the job's point-to-point messages as a matrix of world ranks, sender by
 * receiver, in messages and in bytes (as sent). Every send op and the send side of the Sendrecvs count
 * (as {@link RankMessages} finds them, a compressed trace's calls rebuilt, a non-lead's from its lead's with its own peers and counts where its section keeps them),
 * on every communicator whose members the trace names (peers are places in their communicator, turned
 * into world ranks); sends to PROC_NULL and on communicators it cannot place are left out, and counted.
 * Collectives are not messages here. One pass over the ranks, one at a time; memory: one entry per
 * channel, then the matrix.
 */
public final class MessageMatrix {
    private final int size;
    private final long[][] count, bytes;
    private long unplaced;

    private MessageMatrix(int size) {
        this.size = size;
        count = new long[size][size];
        bytes = new long[size][size];
    }

    /** @throws IllegalArgumentException for a job too large for a full matrix (more than {@code maxRanks}) */
    public static MessageMatrix of(TraceFile trace, int maxRanks) throws Exception {
        int size = trace.meta().worldSize();
        if (size > maxRanks) throw new IllegalArgumentException(size + " ranks; a matrix is drawn for at most " + maxRanks);
        Communicators comms = new Communicators(size);
        // Per channel: messages and bytes; places become world ranks once every rank has claimed its own.
        Map<FlowPlan.Channel, long[]> sent = new HashMap<>();
        for (RankTrace section : trace.ranks()) {
            Communicators.OfRank names = comms.ofRank(section);
            RankMessages messages = new RankMessages(names, new PersistentStarts(trace, section, false));
            RankMessages.Sink sink = new RankMessages.Sink() {
                @Override
                public void send(FlowPlan.Channel c, int k, long bytes) {
                    long[] t = sent.computeIfAbsent(c, x -> new long[2]);
                    t[0]++;
                    t[1] += bytes;
                }

                @Override
                public void receive(FlowPlan.Channel c, int k, int request) {}

                @Override
                public void collective(int key, int n, int place, int root) {}
            };
            TimedCalls.forEach(trace, section, false, (calls, base) -> messages.walk(calls, base, sink));
            names.claimPlaces();
        }
        MessageMatrix m = new MessageMatrix(size);
        for (Map.Entry<FlowPlan.Channel, long[]> e : sent.entrySet()) {
            FlowPlan.Channel c = e.getKey();
            long[] t = e.getValue();
            if (!comms.usable(c.comm()) || c.src() >= comms.size(c.comm()) || c.dst() >= comms.size(c.comm())) {
                m.unplaced += t[0];
                continue;
            }
            int from = comms.worldRank(c.comm(), c.src()), to = comms.worldRank(c.comm(), c.dst());
            if (from >= size || to >= size) {
                m.unplaced += t[0];
                continue;
            }
            m.count[from][to] += t[0];
            m.bytes[from][to] += t[1];
        }
        return m;
    }

    public int size() {
        return size;
    }

    /** Messages from world rank {@code from} to {@code to}. */
    public long count(int from, int to) {
        return count[from][to];
    }

    /** Bytes from world rank {@code from} to {@code to}. */
    public long bytes(int from, int to) {
        return bytes[from][to];
    }

    /** Sends left out: on a communicator whose members the trace does not name. */
    public long unplaced() {
        return unplaced;
    }
}
