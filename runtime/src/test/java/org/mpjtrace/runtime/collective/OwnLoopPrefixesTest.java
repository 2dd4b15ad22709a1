package org.mpjtrace.runtime.collective;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpjtrace.runtime.rank.CallPathRegistry;
import org.mpjtrace.runtime.rank.SiteRegistry;
import org.mpjtrace.trace.CallPath;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankStats;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.io.RankPayload;

/** An old lead's first calls reach a rank of another JVM, whose call sites are numbered otherwise. */
class OwnLoopPrefixesTest {
    private static final RankTrace NO_CALLS = new RankTrace(0, "h", 0, 0, new long[0], List.of(), List.of(), List.of(), RankStats.EMPTY);

    private static long[] record(int op, int site, long stack) {
        long[] w = new long[Event.WORDS];
        w[Event.W_OP_SITE] = Event.pack(Event.opAndThread(op, 0), site);
        w[Event.W_STACK] = stack;
        w[Event.W_PEER_TAG] = Event.pack(1, 7);
        return w;
    }

    @Test
    void theRecordsNameTheAskersOwnIdsOfTheSameSitesAndItLearnsTheirCallingContexts() throws Exception {
        SiteRegistry leadSites = new SiteRegistry(), mySites = new SiteRegistry();
        int init = leadSites.intern("p.Main", "main", 10, 0, "mpi.MPI.Init");
        int send = leadSites.intern("p.Main", "step", 20, 0, "mpi.Comm.Send");
        int caller = leadSites.intern("p.Main", "main", 30, 0, "");
        // The asker's JVM loaded the classes in another order.
        int mySend = mySites.intern("p.Main", "step", 20, 0, "mpi.Comm.Send");
        assertNotEquals(send, mySend);
        CallPathRegistry leadPaths = new CallPathRegistry(), myPaths = new CallPathRegistry();
        leadPaths.register(0xABCDL, send, new int[] {caller, -1});
        long[] records = new long[3 * Event.WORDS];
        System.arraycopy(record(Op.INIT.code, init, 1), 0, records, 0, Event.WORDS);
        System.arraycopy(record(Op.SEND.code, send, 0xABCDL), 0, records, Event.WORDS, Event.WORDS);
        System.arraycopy(record(Op.SEND.code, send, 0xABCDL), 0, records, 2 * Event.WORDS, Event.WORDS);

        byte[] answer = OwnLoopPrefixes.answer(records, new RankPayload(NO_CALLS, leadSites.snapshot(), leadPaths.snapshot()));
        long[] mine = OwnLoopPrefixes.localRecords(mySites, myPaths, answer);

        assertEquals(records.length, mine.length);
        for (int base = 0; base < records.length; base += Event.WORDS) {
            assertEquals(leadSites.site(Event.site(records, base)).key(), mySites.site(Event.site(mine, base)).key(), "record at " + base);
            assertEquals(Event.opCode(records, base), Event.opCode(mine, base));
            assertEquals(Event.stack(records, base), Event.stack(mine, base));
        }
        assertEquals(mySend, Event.site(mine, Event.WORDS));
        CallPath learnt = myPaths.snapshot().get(0);
        assertEquals(0xABCDL, learnt.signature());
        assertEquals(mySend, learnt.site());
        assertArrayEquals(new int[] {mySites.intern("p.Main", "main", 30, 0, ""), -1}, learnt.callers());
    }

    @Test
    void anAnswerWithoutRecordsNeedsNoTables() throws Exception {
        assertEquals(0, OwnLoopPrefixes.localRecords(new SiteRegistry(), new CallPathRegistry(), new byte[] {0, 0, 0, 0}).length);
    }
}
