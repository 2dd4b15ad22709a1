package org.mpjtrace.replay;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import mpi.Request;
import org.junit.jupiter.api.Test;
import org.mpjtrace.signatures.Mix64;
import org.mpjtrace.trace.Event;

class RequestSlotsTest {
    /** Stands for MPI.REQUEST_NULL. */
    private static final Request NULL = new Request(null);

    /** The digest the recorder made of an array of request ids up to format version 9 (count first, then each id). */
    private static long digest(int... ids) {
        long d = ids.length;
        for (int id : ids) d = Mix64.combine(d, id);
        return d;
    }

    private static Request request() {
        return new Request(null);
    }

    @Test
    void anArrayOfIdsGivesItsRequestsInAnyOrderWithNullsWhereTheProgramHadThem() {
        RequestSlots slots = new RequestSlots(NULL);
        Request r0 = request(), r1 = request(), s0 = request();
        slots.made(0, r0, false);
        slots.made(1, r1, false);
        slots.made(256, s0, false);
        assertArrayEquals(new Request[] {s0, NULL, r1, null, r0},
                slots.named(new int[] {256, Event.REQUEST_NULL, 1, Event.REQUEST_ABSENT, 0}));
        slots.completed(r1);
        assertArrayEquals(new Request[] {r1, s0}, slots.named(new int[] {1, 256}), "an id names its latest request, pending or not");
        assertThrows(ReplayException.class, () -> slots.named(new int[] {0, Event.NONE}), "a request the recorder could not name");
        assertThrows(ReplayException.class, () -> slots.named(new int[] {2}), "a request no call made");
    }

    @Test
    void aWaitOnTheNullRequestGetsMpjsNullRequest() {
        assertSame(NULL, new RequestSlots(NULL).byId(Event.REQUEST_NULL));
    }

    @Test
    void findsTheConsecutivePendingRequestsAnArrayNamed() {
        RequestSlots slots = new RequestSlots(NULL);
        Request r0 = request(), r1 = request(), s0 = request(), s1 = request();
        slots.made(0, r0, false);
        slots.made(1, r1, false);
        slots.made(256, s0, false);
        slots.made(257, s1, false);
        assertArrayEquals(new Request[] {r0, r1, s0, s1}, slots.array(4, digest(0, 1, 256, 257)));
        assertArrayEquals(new Request[] {s0, s1}, slots.array(2, digest(256, 257)));
        assertArrayEquals(new Request[] {r1, s0}, slots.array(2, digest(1, 256)));
        assertThrows(ReplayException.class, () -> slots.array(2, digest(257, 0)));
        assertThrows(ReplayException.class, () -> slots.array(5, digest(0, 1, 256, 257, 258)));
    }

    @Test
    void completedRequestsLeaveThePendingRunsAndTheirIdsAreReused() {
        RequestSlots slots = new RequestSlots(NULL);
        Request a = request(), b = request(), c = request(), d = request();
        slots.made(0, a, false);
        slots.made(1, b, false);
        slots.made(2, c, false);
        slots.completed(b);
        assertArrayEquals(new Request[] {a, c}, slots.array(2, digest(0, 2)), "the pending ones around a finished one");
        // Waitany, then Waitsome on the same array: the program passes the finished request again.
        assertArrayEquals(new Request[] {a, b}, slots.array(2, digest(0, 1)));
        slots.made(1, d, false);
        assertSame(d, slots.byId(1));
        assertArrayEquals(new Request[] {c, d}, slots.array(2, digest(2, 1)));
        assertThrows(ReplayException.class, () -> slots.array(2, digest(0, 1)), "id 1 now names d, made after c");
    }

    @Test
    void persistentRequestsStayPending() {
        RequestSlots slots = new RequestSlots(NULL);
        Request p = request(), q = request();
        slots.made(3, p, true);
        slots.made(4, q, true);
        slots.completed(p);
        assertArrayEquals(new Request[] {p, q}, slots.array(2, digest(3, 4)));
        assertThrows(ReplayException.class, () -> slots.byId(9));
    }
    /**
     * A Waitany loop over three receives whose array the program sets to REQUEST_NULL as each completes: traced
     * in the order a, b, c, replayed in the order b, c, a. Each call gets the array as the replay holds it, with
     * as many unfinished requests as the program's had; before, the third call named only c, which the replay
     * had finished, and MPJ waited on it forever.
     */
    @Test
    void aWaitanyLoopReplayedInAnotherOrderGetsTheRequestsTheReplayHasNotFinished() {
        RequestSlots slots = new RequestSlots(NULL);
        Request a = request(), b = request(), c = request();
        slots.made(1, a, false);
        slots.made(2, b, false);
        slots.made(3, c, false);
        int n = Event.REQUEST_NULL, site = 7;
        assertArrayEquals(new Request[] {a, b, c}, slots.asHeld(site, slots.named(new int[] {1, 2, 3})));
        slots.completed(b);
        assertArrayEquals(new Request[] {a, NULL, c}, slots.asHeld(site, slots.named(new int[] {n, 2, 3})));
        slots.completed(c);
        assertArrayEquals(new Request[] {a, NULL, NULL}, slots.asHeld(site, slots.named(new int[] {n, n, 3})));
        slots.completed(a);
        Request[] none = slots.asHeld(site, slots.named(new int[] {n, n, n}));
        assertArrayEquals(new Request[] {NULL, NULL, NULL}, none);
        assertFalse(slots.unfinished(none), "nothing left: a Waitany is not made");
    }

    @Test
    void aPersistentRequestStartedAgainIsUnfinishedAgain() {
        RequestSlots slots = new RequestSlots(NULL);
        Request a = request();
        slots.made(1, a, true);
        slots.completed(a);
        assertFalse(slots.unfinished(slots.asHeld(7, slots.named(new int[] {1}))));
        slots.started(a);
        assertArrayEquals(new Request[] {a}, slots.asHeld(7, slots.named(new int[] {1})));
    }

    @Test
    void aJavaNullStaysNullAndAnotherSitesArrayIsItsOwn() {
        RequestSlots slots = new RequestSlots(NULL);
        Request a = request(), b = request();
        slots.made(1, a, false);
        slots.made(2, b, false);
        assertArrayEquals(new Request[] {a, null}, slots.asHeld(7, slots.named(new int[] {1, Event.REQUEST_ABSENT})));
        // Site 8's array never held a request in its first place: its REQUEST_NULL stays one.
        assertArrayEquals(new Request[] {NULL, b}, slots.asHeld(8, slots.named(new int[] {Event.REQUEST_NULL, 2})));
    }
}
