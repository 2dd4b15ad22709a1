package org.mpjtrace.runtime.recording;

import org.mpjtrace.trace.Event;

/**
 * Names the requests a completion call was given by their symbolic ids (as Pilgrim does), so that a
 * replay can pass the same requests in the same places: an array call's ids in array order, with
 * {@link Event#REQUEST_NULL} where the program passed MPI.REQUEST_NULL or a request that had completed
 * before (MPJ skips both alike) and {@link Event#REQUEST_ABSENT} for a Java null. Which requests the call
 * completed is read from MPJ after it returned (a completed request reports Is_null), so Waitany,
 * Waitsome, Testany and Testsome give their finished requests' ids back to the pools as Wait does, and
 * the next iteration of a loop names the same ids again: its calls fold.
 *
 * <p>Called on the probe's path after the call returned: no allocation, except that the thread's array
 * of ids grows the first time it meets an array longer than any before (16 to start with).
 */
public final class RequestNames {
    /** Whether an MPJ request reports Is_null (MPI.REQUEST_NULL, or a request that has completed). */
    public interface NullTest {
        boolean isNull(Object request) throws Throwable;
    }

    private final RequestTable table;
    private final NullTest nulls;
    private int[] ids = new int[16];

    public RequestNames(RequestTable table, NullTest nulls) {
        this.table = table;
        this.nulls = nulls;
    }

    /**
     * The id of the one request a Wait, Test, Cancel or Start acted on, forgotten when {@code completed};
     * REQUEST_NULL when it names no pending request (Wait on MPI.REQUEST_NULL, or on a finished request).
     */
    public int single(Object request, boolean completed) throws Throwable {
        int id = table.find(request, completed);
        if (id != RequestTable.UNKNOWN) return id;
        return unnamed(request);
    }

    /**
     * Names the requests of {@code array} in {@link #ids}[0, length) and forgets those the call completed
     * (persistent ones keep their ids): all of them when {@code allCompleted} (Waitall, a Testall that
     * returned statuses), else those MPJ now reports Is_null. Returns the array's length.
     */
    public int array(Object[] array, boolean allCompleted) throws Throwable {
        int n = array.length;
        if (n > ids.length) ids = new int[Math.max(n, 2 * ids.length)];
        for (int i = 0; i < n; i++) {
            Object r = array[i];
            int id = r == null ? RequestTable.UNKNOWN : table.find(r, allCompleted || nulls.isNull(r));
            ids[i] = id != RequestTable.UNKNOWN ? id : unnamed(r);
        }
        return n;
    }

    /** The ids {@link #array} named; valid until its next call. */
    public int[] ids() {
        return ids;
    }

    /** A request the table does not hold: a null one of MPJ's or of Java's, else one the recorder could not name. */
    private int unnamed(Object request) throws Throwable {
        if (request == null) return Event.REQUEST_ABSENT;
        return nulls.isNull(request) ? Event.REQUEST_NULL : RequestTable.UNKNOWN;
    }
}
