package org.mpjtrace.cli.export;

import java.util.HashMap;
import java.util.Map;
import org.mpjtrace.cli.format.PersistentStarts;
import org.mpjtrace.cli.format.TimedCalls;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;

/**
 * The first pass of a Chrome export: which sends meet which receives and which collectives every member
 * reached, so that the second pass can give each flow one id at both ends while it writes rank after
 * rank, and draw no arrow that would have only one end. It walks every rank's calls once
 * ({@link RankMessages}) and keeps one entry per channel and per communicator, not per call: its memory
 * grows with the job's communication pattern, not its length.
 *
 * <p>The same walk notes where the times start ({@link #origins}): exports that must know it before
 * they write their first call need no pass of their own for it.
 *
 * <p>Flow ids: channel by channel, one per send that has its receive ({@code min(sends, receives)}), then
 * communicator by communicator, one per member of every collective all members reached (the arrow
 * between that member and the root, or place 0). Ids start at 1 and stay far below 2^53, so viewers
 * written in JavaScript read them exactly.
 */
final class FlowPlan {
    /** Messages from place {@code src} to place {@code dst} of communicator {@code comm} with tag {@code tag}. */
    record Channel(int comm, int src, int dst, int tag) {}

    final Communicators comms;
    /** Per channel: sends, receives, first flow id. */
    private final Map<Channel, long[]> channels = new HashMap<>();
    /** Per communicator key: collectives each place made. */
    private final Map<Integer, int[]> collectiveCounts = new HashMap<>();
    /** Per communicator key: collectives every member made, and first flow id. */
    private final Map<Integer, long[]> collectives = new HashMap<>();
    private final TimeOrigins origins;
    private long flows;
    /** Message ids are 1 to this; collective arrows come after. */
    private long messages;

    private FlowPlan(TimeOrigins origins, int worldSize) {
        this.origins = origins;
        this.comms = new Communicators(worldSize);
    }

    static FlowPlan of(TraceFile trace, boolean expand) throws Exception {
        FlowPlan plan = new FlowPlan(new TimeOrigins(trace, expand), trace.meta().worldSize());
        for (RankTrace section : trace.ranks()) {
            plan.origins.note(section);
            Communicators.OfRank names = plan.comms.ofRank(section);
            RankMessages messages = new RankMessages(names, new PersistentStarts(trace, section, expand));
            RankMessages.Sink sink = new RankMessages.Sink() {
                @Override
                public void send(Channel c, int k, long bytes) {
                    plan.channels.computeIfAbsent(c, x -> new long[3])[0]++;
                }

                @Override
                public void receive(Channel c, int k, int request) {
                    plan.channels.computeIfAbsent(c, x -> new long[3])[1]++;
                }

                @Override
                public void collective(int key, int n, int place, int root) {
                    int[] counts = plan.collectiveCounts.get(key);
                    if (counts == null || place >= counts.length) {
                        int[] grown = new int[Math.max(place + 1, counts == null ? 0 : counts.length)];
                        if (counts != null) System.arraycopy(counts, 0, grown, 0, counts.length);
                        plan.collectiveCounts.put(key, counts = grown);
                    }
                    counts[place] = n + 1;
                }
            };
            TimedCalls.forEach(trace, section, expand, (calls, base) -> messages.walk(calls, base, sink));
            names.claimPlaces();
        }
        plan.number();
        return plan;
    }

    private void number() {
        for (Map.Entry<Channel, long[]> e : channels.entrySet()) {
            long[] c = e.getValue();
            c[2] = flows + 1;
            if (comms.usable(e.getKey().comm())) flows += Math.min(c[0], c[1]);
        }
        messages = flows;
        for (Map.Entry<Integer, int[]> e : collectiveCounts.entrySet()) {
            int key = e.getKey();
            if (!comms.usable(key) || comms.size(key) < 2) continue;
            int size = comms.size(key);
            int[] counts = e.getValue();
            long complete = counts.length < size ? 0 : Integer.MAX_VALUE;
            for (int c : counts) complete = Math.min(complete, c);
            collectives.put(key, new long[] {complete, flows + 1});
            flows += complete * size;
        }
    }

    /** The id of the flow of the k-th message on the channel, or 0 when that message has no two ends here. */
    long message(Channel c, int k) {
        long[] e = channels.get(c);
        if (e == null || !comms.usable(c.comm()) || k >= Math.min(e[0], e[1])) return 0;
        return e[2] + k;
    }

    /** The id of the arrow between place {@code place} and the hub of the n-th collective on the communicator, or 0. */
    long collective(int key, int n, int place) {
        long[] e = collectives.get(key);
        if (e == null || n >= e[0]) return 0;
        return e[1] + (long) n * comms.size(key) + place;
    }

    /** Where each rank's times start, found by the walk. */
    TimeOrigins origins() {
        return origins;
    }

    /** The highest message id ({@link #message}); ids above it are collectives'. */
    long messages() {
        return messages;
    }
}
