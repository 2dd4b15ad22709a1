package org.mpjtrace.runtime.recording;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.Test;

class RequestTableTest {

    @Test
    void idsFollowRequestsUntilCompleted() {
        RequestTable t = new RequestTable();
        Object a = new Object(), b = new Object();
        int ia = t.add(a, false, 1), ib = t.add(b, false, 1);
        assertNotEquals(ia, ib);
        assertEquals(ia, t.find(a, false));
        assertEquals(ia, t.find(a, true));
        assertEquals(RequestTable.UNKNOWN, t.find(a, false), "completed requests are forgotten");
        assertEquals(ib, t.find(b, false));
    }

    @Test
    void persistentRequestsSurviveCompletion() {
        RequestTable t = new RequestTable();
        Object p = new Object();
        int id = t.add(p, true, 1);
        for (int i = 0; i < 10; i++) assertEquals(id, t.find(p, true));
    }

    @Test
    void longIsendWaitLoopsNeverLoseAPendingRequest() {
        RequestTable t = new RequestTable();
        Object[] pending = new Object[8];
        int[] ids = new int[8];
        for (int round = 0; round < 5_000; round++) {
            for (int i = 0; i < pending.length; i++) {
                pending[i] = new Object();
                ids[i] = t.add(pending[i], false, 9);
            }
            for (int i = 0; i < pending.length; i++) assertEquals(ids[i], t.find(pending[i], true), "round " + round);
        }
    }

    @Test
    void idsComeFromPerSignaturePoolsAndRepeatEveryIteration() {
        RequestTable t = new RequestTable();
        int[] first = null;
        for (int step = 0; step < 100; step++) {
            Object[] reqs = {new Object(), new Object(), new Object(), new Object()};
            int[] ids = {t.add(reqs[0], false, 11), t.add(reqs[1], false, 11), t.add(reqs[2], false, 22), t.add(reqs[3], false, 22)};
            if (first == null) first = ids;
            org.junit.jupiter.api.Assertions.assertArrayEquals(first, ids, "step " + step);
            for (Object r : reqs) t.find(r, true);
        }
        assertEquals(0, first[0]);
        assertEquals(1, first[1]);
        assertEquals(RequestPools.SLOTS, first[2], "a second call path has its own pool");
    }

    @Test
    void aFreedIdIsTheLowestFreeOne() {
        RequestTable t = new RequestTable();
        Object a = new Object(), b = new Object(), c = new Object();
        t.add(a, false, 5);
        int ib = t.add(b, false, 5);
        t.find(a, true);
        assertEquals(0, t.add(c, false, 5), "slot 0 is free again");
        assertEquals(1, ib);
    }

    @Test
    void nullAndUnknownRequestsHaveNoId() {
        RequestTable t = new RequestTable();
        assertEquals(RequestTable.UNKNOWN, t.add(null, false, 1));
        assertEquals(RequestTable.UNKNOWN, t.find(new Object(), true));
    }
}
