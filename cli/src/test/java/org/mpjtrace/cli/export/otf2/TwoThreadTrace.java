package org.mpjtrace.cli.export.otf2;

import java.util.List;
import java.util.Map;
import org.mpjtrace.signatures.Mix64;
import org.mpjtrace.trace.CommInfo;
import org.mpjtrace.trace.DatatypeInfo;
import org.mpjtrace.trace.JobMeta;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankStats;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.fixtures.EventBuilder;

/**
 * A hand-made dump of two ranks whose calls cover what the export maps beyond plain messages: rank 0
 * has a second thread; a Waitall whose digest names its two requests (rank 0) and one whose digest
 * matches nothing, so the oldest pending requests are taken (rank 1); a Split making a communicator
 * both ranks join, with a Bcast on it; persistent requests started and waited for; a Recv from
 * ANY_SOURCE that matched rank 0's second thread. Times in µs steps from each rank's origin.
 */
final class TwoThreadTrace {
    static final long ORIGIN = 5_000_000_000L;
    static final long ORIGIN_1 = 7_000_000_000L;
    static final int LONG = 0;

    private TwoThreadTrace() {}

    static TraceFile trace() {
        return new TraceFile(new JobMeta("dump", "multicore", 2, 1_700_000_000_000L, 1_700_000_001_000L, "org.example.Two", Map.of(), "0.1.0"),
                List.of(), List.of(rank0(), rank1()));
    }

    private static RankTrace rank0() {
        Clock t0 = new Clock(ORIGIN), t1 = new Clock(ORIGIN);
        long waitall = Mix64.combine(Mix64.combine(2, 0), 1);
        EventBuilder[] events = {
                t0.call(Op.INIT).comm(0),
                t1.call(Op.SEND).thread(1).comm(0).peer(1).tag(9).count(1).type(LONG),
                t0.call(Op.ISEND).comm(0).peer(1).tag(5).count(4).type(LONG).req(0),
                t0.call(Op.IRECV).comm(0).peer(1).tag(6).count(4).type(LONG).req(1),
                t1.call(Op.ISEND).thread(1).comm(0).peer(1).tag(8).count(2).type(LONG).req(0),
                t0.call(Op.WAITALL).comm(0).count(2).digest(waitall),
                t1.call(Op.WAIT).thread(1).count(1).req(0),
                t0.call(Op.SPLIT).comm(0).color(0).key(0).result(1),
                t0.call(Op.BCAST).comm(1).peer(0).count(1).type(LONG),
                t0.call(Op.SEND_INIT).comm(0).peer(1).tag(7).count(1).type(LONG).req(2),
                t0.call(Op.START).count(1).req(2),
                t0.call(Op.WAIT).count(1).req(2),
                t0.call(Op.FINALIZE),
        };
        return new RankTrace(0, "node-a", ORIGIN, events.length, EventBuilder.words(events), comms(0), types(), List.of(), RankStats.EMPTY);
    }

    private static RankTrace rank1() {
        Clock t = new Clock(ORIGIN_1);
        EventBuilder[] events = {
                t.call(Op.INIT).comm(0),
                t.call(Op.IRECV).comm(0).peer(0).tag(5).count(4).type(LONG).req(0),
                t.call(Op.ISEND).comm(0).peer(0).tag(6).count(4).type(LONG).req(1),
                t.call(Op.WAITALL).comm(0).count(2).digest(12345),
                t.call(Op.SPLIT).comm(0).color(0).key(0).result(1),
                t.call(Op.BCAST).comm(1).peer(0).count(1).type(LONG),
                t.call(Op.RECV_INIT).comm(0).peer(0).tag(7).count(1).type(LONG).req(2),
                t.call(Op.START).count(1).req(2),
                t.call(Op.WAIT).count(1).req(2),
                t.call(Op.RECV).comm(0).peer(-2).tag(9).count(1).type(LONG).peer2(0).tag2(9),
                t.call(Op.IRECV).comm(0).peer(0).tag(8).count(2).type(LONG).req(3),
                t.call(Op.WAIT).count(1).req(3),
                t.call(Op.FINALIZE),
        };
        return new RankTrace(1, "node-b", ORIGIN_1, events.length, EventBuilder.words(events), comms(1), types(), List.of(), RankStats.EMPTY);
    }

    private static List<CommInfo> comms(int rank) {
        return List.of(new CommInfo(0, "Intracomm", 2, rank), new CommInfo(1, "Intracomm", 2, rank));
    }

    private static List<DatatypeInfo> types() {
        return List.of(new DatatypeInfo(LONG, 8, 8, 1));
    }

    /** One thread's calls, each 10 µs after the previous one's end and lasting 5 µs. */
    private static final class Clock {
        private final long origin;
        private long now;

        Clock(long origin) {
            this.origin = origin;
        }

        EventBuilder call(Op op) {
            long enter = now + 10_000;
            now = enter + 5_000;
            return new EventBuilder(op, 0, origin).at(enter, now);
        }
    }
}
