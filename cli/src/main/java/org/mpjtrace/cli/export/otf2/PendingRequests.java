package org.mpjtrace.cli.export.otf2;

import java.util.ArrayList;
import java.util.List;
import org.mpjtrace.signatures.Mix64;

/**
 * One thread's requests under the trace's symbolic ids, in the order they were made, so that the call
 * that completes one can write its OTF2 completion with the request id the starting call wrote. A Wait,
 * Test, Start or Cancel names its request's id, and so does each entry of a call on an array (Waitall,
 * Testany, Startall...) from format version 10 on. Older traces have only the array's length and a
 * digest of its ids; its requests are the run of that many consecutive ones, in order of making, whose
 * digest matches (how programs build such arrays), else the oldest that many (see the export's class
 * comment for what that approximates). Ids are reused once a request
 * completes, so an id names the latest request made under it.
 */
final class PendingRequests {

    /** A request: a send or a receive, its message (for the completion of a receive), and whether it is in flight. */
    static final class Request {
        final int id;
        final boolean send;
        final boolean persistent;
        final int peer, comm, tag;
        final long bytes;
        boolean active;

        Request(int id, boolean send, boolean persistent, int peer, int comm, int tag, long bytes) {
            this.id = id;
            this.send = send;
            this.persistent = persistent;
            this.peer = peer;
            this.comm = comm;
            this.tag = tag;
            this.bytes = bytes;
        }
    }

    private final List<Request> requests = new ArrayList<>();

    /** A request made: active at once unless persistent (then a Start makes it active). */
    Request made(int id, boolean send, boolean persistent, int peer, int comm, int tag, long bytes) {
        Request r = new Request(id, send, persistent, peer, comm, tag, bytes);
        requests.removeIf(old -> old.id == id);
        r.active = !persistent;
        requests.add(r);
        return r;
    }

    /** The latest request under this id, or null when no call made one. */
    Request byId(int id) {
        for (int i = requests.size() - 1; i >= 0; i--) if (requests.get(i).id == id) return requests.get(i);
        return null;
    }

    /** The requests of an array call by their ids, in array order, leaving out null entries and ids no call made. */
    List<Request> named(int[] ids) {
        List<Request> named = new ArrayList<>();
        for (int id : ids) {
            Request r = id >= 0 ? byId(id) : null;
            if (r != null) named.add(r);
        }
        return named;
    }

    /** Format version 9 and older: the requests a call on an array named: a run matching the digest, else the oldest that are active (or, for Startall, idle). */
    List<Request> array(int count, long digest, boolean toStart) {
        List<Request> run = matchingRun(count, digest);
        if (run != null) return run;
        List<Request> oldest = new ArrayList<>();
        for (Request r : requests) {
            if (oldest.size() == count) break;
            if (toStart ? r.persistent && !r.active : r.active) oldest.add(r);
        }
        return oldest;
    }

    private List<Request> matchingRun(int count, long digest) {
        for (int from = requests.size() - count; from >= 0 && count > 0; from--) {
            long d = count;
            for (int i = 0; i < count; i++) d = Mix64.combine(d, requests.get(from + i).id);
            if (d == digest) return new ArrayList<>(requests.subList(from, from + count));
        }
        return null;
    }

    /** The request has completed (or was cancelled): it is gone, unless persistent (then idle until started again). */
    void finished(Request r) {
        r.active = false;
        if (!r.persistent) requests.remove(r);
    }
}
