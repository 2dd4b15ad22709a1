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
 * <p>A tracer attached to a running job ({@code mpjtrace attach}) meets requests the program made before
 * it came: each gets an id when first seen ({@link EarlierRequests}), from the pool of the call that
 * names it, given back at once when that call completed it.
 *
 * <p>Called on the probe's path after the call returned: no allocation, except that the thread's array
 * of ids grows the first time it meets an array longer than any before (16 to start with).
 */
public final class RequestNames {
    /** Whether an MPJ request reports Is_null (MPI.REQUEST_NULL, or a request that has completed). */
    public interface NullTest {
        boolean isNull(Object request) throws Throwable;
    }

    /** Attached to a running job: whether a request the table does not hold is one the program made (not MPI.REQUEST_NULL). */
    public interface EarlierRequests {
        boolean madeByProgram(Object request) throws Throwable;
    }

    private final RequestTable table;
    private final NullTest nulls;
    /** Null unless the tracer was attached to the running job. */
    private final EarlierRequests earlier;
    private int[] ids = new int[16];

    public RequestNames(RequestTable table, NullTest nulls) {
        this(table, nulls, null);
    }

    /** @param earlier null unless the tracer was attached to the running job */
    public RequestNames(RequestTable table, NullTest nulls, EarlierRequests earlier) {
        this.table = table;
        this.nulls = nulls;
        this.earlier = earlier;
    }

    /**
     * The id of the one request a Wait, Test, Cancel or Start acted on, forgotten when {@code completed};
     * REQUEST_NULL when it names no pending request (Wait on MPI.REQUEST_NULL, or on a finished request).
     */
    public int single(Object request, boolean completed, long signature) throws Throwable {
        int id = table.find(request, completed);
        if (id != RequestTable.UNKNOWN) return id;
        return unnamed(request, completed, signature);
    }

    /**
     * Names the requests of {@code array} in {@link #ids}[0, length) and forgets those the call completed
     * (persistent ones keep their ids): all of them when {@code allCompleted} (Waitall, a Testall that
     * returned statuses), else those MPJ now reports Is_null. Returns the array's length.
     */
    public int array(Object[] array, boolean allCompleted, long signature) throws Throwable {
        int n = array.length;
        if (n > ids.length) ids = new int[Math.max(n, 2 * ids.length)];
        for (int i = 0; i < n; i++) {
            Object r = array[i];
            boolean completed = r != null && (allCompleted || nulls.isNull(r));
            int id = r == null ? RequestTable.UNKNOWN : table.find(r, completed);
            ids[i] = id != RequestTable.UNKNOWN ? id : unnamed(r, completed, signature);
        }
        return n;
    }

    /** The ids {@link #array} named; valid until its next call. */
    public int[] ids() {
        return ids;
    }

    /**
     * A request the table does not hold: a null one of Java's or of MPJ's; after an attach, one the program
     * made before, which gets its id now ({@code signature}: the naming call's pool); else one the recorder
     * could not name.
     */
    private int unnamed(Object request, boolean completed, long signature) throws Throwable {
        if (request == null) return Event.REQUEST_ABSENT;
        if (earlier != null && earlier.madeByProgram(request)) {
            int id = table.add(request, false, signature);
            if (completed || nulls.isNull(request)) table.find(request, true);
            return id;
        }
        return nulls.isNull(request) ? Event.REQUEST_NULL : RequestTable.UNKNOWN;
    }
}
