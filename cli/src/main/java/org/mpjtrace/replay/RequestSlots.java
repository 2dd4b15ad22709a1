package org.mpjtrace.replay;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import mpi.Request;
import org.mpjtrace.signatures.Mix64;
import org.mpjtrace.trace.Event;

/**
 * The replay's requests under the symbolic ids the trace gave them. A call that names one request
 * (Wait, Test, Start, Cancel) gives its id. A call on an array (Waitall, Testany, Startall...) gives, from
 * format version 10 on, each entry's id in array order ({@link #named}): any order, any mix, with MPJ's
 * REQUEST_NULL (a request that had completed, or REQUEST_NULL itself) and Java's null where the program
 * had them. Older traces give only how many and a digest of their ids ({@link #array}).
 *
 * <p>Ids are reused once their request completes (the recorder takes them from per-call-path pools),
 * so an id names the latest request made under it.
 *
 * <p>Which request of an array Waitany, Waitsome, Testany or Testsome completes depends on the timing of the
 * run, and the trace does not say which it was: the replay's may be another. The program then passes the
 * array again with the one it saw complete set to REQUEST_NULL (or finished, which the trace names alike),
 * and the trace names the others, one of which the replay has completed already; MPJ waits forever on an
 * array whose requests have all finished (MPI returns at once). So these calls get the array as this replay
 * holds it ({@link #asHeld}): a REQUEST_NULL where the call site's array last had a request this replay has
 * not finished gets that request back, and the requests this replay has finished go as REQUEST_NULL. Each
 * call then has as many unfinished requests as the program's had (a Waitany loop over Irecvs from every
 * other rank, its array set to REQUEST_NULL as they complete, replayed in every mode). A Waitany or Waitsome
 * left with none (a Waitsome that completed more here than in the traced run), on which MPJ would wait
 * forever where MPI returns at once, is made as a Testany or Testsome, which return at once: the rank makes
 * as many calls as the trace holds, so that {@code compare} pairs the calls after it with their own.
 */
final class RequestSlots {
    /** @param order when it was made: array calls look for runs of requests in that order */
    private record Slot(int id, Request request, boolean persistent, long order) {}

    /** Pending requests (and persistent ones, which stay), in the order they were made. */
    private final List<Slot> pending = new ArrayList<>();
    /** The request made last under each id, pending or not. */
    private final Map<Integer, Slot> latest = new HashMap<>();
    private long nextOrder;
    /** MPJ's MPI.REQUEST_NULL: the request the trace's {@link Event#REQUEST_NULL} stands for. */
    private final Request nullRequest;
    /** Requests this replay has completed (persistent ones until started again), by identity. */
    private final Set<Request> finished = Collections.newSetFromMap(new IdentityHashMap<>());
    /** By call site, the last request each position of its array held, for the calls that complete some of it. */
    private final Map<Integer, Request[]> lastHeld = new HashMap<>();

    RequestSlots(Request nullRequest) {
        this.nullRequest = nullRequest;
    }

    void made(int id, Request request, boolean persistent) {
        Slot previous = latest.get(id);
        if (previous != null) pending.remove(previous);
        Slot s = new Slot(id, request, persistent, nextOrder++);
        pending.add(s);
        latest.put(id, s);
    }

    /** The request made last under this id; MPI.REQUEST_NULL for {@link Event#REQUEST_NULL}. */
    Request byId(int id) {
        if (id == Event.REQUEST_NULL) return nullRequest;
        Slot s = latest.get(id);
        if (s == null) throw new ReplayException("a call names request " + id + ", which no earlier call made");
        return s.request;
    }

    /** The requests of an array call, from the ids the trace kept for it in array order (format version 10 on). */
    Request[] named(int[] ids) {
        Request[] a = new Request[ids.length];
        for (int i = 0; i < ids.length; i++) a[i] = ids[i] == Event.REQUEST_ABSENT ? null : byId(ids[i]);
        return a;
    }

    /**
     * Format version 9 and older, which kept only how many requests an array call named and a digest of
     * their ids: the requests, in its order, found as a run of pending
     * requests, else a run that includes completed ones whose ids were not reused yet (Waitany then
     * Waitsome on the same array: the program passes the finished request again).
     */
    Request[] array(int count, long digest) {
        List<Slot> live = new ArrayList<>(latest.values());
        live.sort(Comparator.comparingLong(Slot::order));
        Request[] a = run(pending, count, digest);
        if (a == null) a = run(live, count, digest);
        if (a != null) return a;
        if (count < 0 || count > live.size())
            throw new ReplayException("a call names " + count + " requests, but only " + pending.size() + " are pending");
        throw new ReplayException("a call names " + count + " requests that are not " + count + " consecutive pending ones");
    }

    private static Request[] run(List<Slot> slots, int count, long digest) {
        for (int from = slots.size() - count; from >= 0 && count >= 0; from--) {
            long d = count;
            for (int i = 0; i < count; i++) d = Mix64.combine(d, slots.get(from + i).id);
            if (d != digest) continue;
            Request[] a = new Request[count];
            for (int i = 0; i < count; i++) a[i] = slots.get(from + i).request;
            return a;
        }
        return null;
    }

    /**
     * The array a call at {@code site} that completes some of its requests gets, from {@code a}, the requests
     * the trace names: as this replay holds it (above), in place.
     */
    Request[] asHeld(int site, Request[] a) {
        Request[] last = lastHeld.get(site);
        if (last == null || last.length != a.length) lastHeld.put(site, last = new Request[a.length]);
        for (int i = 0; i < a.length; i++) {
            Request r = a[i];
            if (r == nullRequest && last[i] != null && !finished.contains(last[i])) r = last[i];
            if (r == null || r == nullRequest) continue;
            last[i] = r;
            a[i] = finished.contains(r) ? nullRequest : r;
        }
        return a;
    }

    /** Whether {@code a} (as {@link #asHeld} gives it) has a request left to complete: MPJ's Waitany and Waitsome wait forever without. */
    boolean unfinished(Request[] a) {
        for (Request r : a) if (r != null && r != nullRequest) return true;
        return false;
    }

    /** A persistent request was started again: it is pending until it completes. */
    void started(Request r) {
        finished.remove(r);
    }

    /** The request has completed: it is no longer pending, unless persistent. */
    void completed(Request r) {
        if (r != nullRequest) finished.add(r);
        for (int i = 0; i < pending.size(); i++) {
            Slot s = pending.get(i);
            if (s.request == r) {
                if (!s.persistent) pending.remove(i);
                return;
            }
        }
    }
}
