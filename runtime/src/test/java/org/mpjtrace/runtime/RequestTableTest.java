package org.mpjtrace.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.Test;

class RequestTableTest {

    @Test
    void idsFollowRequestsUntilCompleted() {
        RequestTable t = new RequestTable();
        Object a = new Object(), b = new Object();
        int ia = t.add(a, false), ib = t.add(b, false);
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
        int id = t.add(p, true);
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
                ids[i] = t.add(pending[i], false);
            }
            for (int i = 0; i < pending.length; i++) assertEquals(ids[i], t.find(pending[i], true), "round " + round);
        }
    }

    @Test
    void nullAndUnknownRequestsHaveNoId() {
        RequestTable t = new RequestTable();
        assertEquals(RequestTable.UNKNOWN, t.add(null, false));
        assertEquals(RequestTable.UNKNOWN, t.find(new Object(), true));
    }
}
