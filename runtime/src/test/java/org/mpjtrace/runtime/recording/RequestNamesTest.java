package org.mpjtrace.runtime.recording;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.mpjtrace.trace.Event;

/**
 * Requests named by id: those the thread made, and after an attach those the program made before the
 * tracer came, named on first sight; MPI.REQUEST_NULL and Java's null keep their marks.
 */
class RequestNamesTest {
    private static final Object REQUEST_NULL = new Object();

    /** Requests MPJ now reports Is_null: MPI.REQUEST_NULL and those given here. */
    private static RequestNames.NullTest nullsAre(Object... done) {
        Set<Object> nulls = Set.of(done);
        return r -> r == REQUEST_NULL || nulls.contains(r);
    }

    @Test
    void withoutAnAttachARequestNeverSeenIsUnknownAndANullOneIsMarked() throws Throwable {
        Object before = new Object();
        RequestNames names = new RequestNames(new RequestTable(), nullsAre());
        assertEquals(RequestTable.UNKNOWN, names.single(before, false, 7));
        assertEquals(Event.REQUEST_NULL, names.single(REQUEST_NULL, true, 7));
        assertEquals(Event.REQUEST_ABSENT, names.single(null, true, 7));
    }

    @Test
    void afterAnAttachARequestMadeBeforeGetsAnIdWhenFirstSeenAndGivesItBackWhenCompleted() throws Throwable {
        Object pending = new Object(), waited = new Object();
        RequestTable table = new RequestTable();
        RequestNames names = new RequestNames(table, nullsAre(waited), r -> r != REQUEST_NULL);
        int tested = names.single(pending, false, 7); // a Test that did not complete it
        assertEquals(tested, names.single(pending, false, 7), "kept while pending");
        assertEquals(tested, names.single(pending, true, 7), "its Wait names it again, then forgets it");
        assertEquals(RequestTable.UNKNOWN, table.find(pending, false));
        int id = names.single(waited, true, 7);
        assertEquals(RequestTable.UNKNOWN, table.find(waited, false), "completed at first sight: its id is free again");
        assertEquals(id, table.add(new Object(), false, 7), "and the pool hands it out next");
        assertEquals(Event.REQUEST_NULL, names.single(REQUEST_NULL, true, 7), "MPI.REQUEST_NULL is no request of the program's");

        Object[] array = {new Object(), REQUEST_NULL, null};
        int n = names.array(array, true, 9);
        int[] ids = Arrays.copyOf(names.ids(), n);
        assertEquals(3, n);
        assertArrayEquals(new int[] {ids[0], Event.REQUEST_NULL, Event.REQUEST_ABSENT}, ids);
        assertEquals(true, ids[0] >= 0, "a request made before the attach, named: " + ids[0]);
    }
}
