package org.mpjtrace.runtime.recording;

import java.util.Arrays;

/**
 * Maps live MPJ Request objects of one thread to symbolic request ids, by identity, with no allocation:
 * open addressing over fixed arrays. A request gets its id when Isend/Irecv/..._init returns it, from
 * the pool of the call path that made it ({@link RequestPools}), and gives it back when a Wait or a
 * successful Test completes it (persistent requests keep theirs).
 *
 * <p>Deleted entries leave tombstones; when live entries plus tombstones pass three quarters of the
 * table, the live ones are rehashed into a second, preallocated table (so steady Isend/Wait loops never
 * lose a pending request's id). Requests a program never completes (it drops them) linger; only when
 * live entries alone fill the table is it cleared (requests pending then decode as id -1).
 */
public final class RequestTable {
    static final int UNKNOWN = -1;
    private static final int CAPACITY = 4096; // power of two
    private static final int MASK = CAPACITY - 1;
    private static final int LIMIT = CAPACITY * 3 / 4;
    private static final Object TOMBSTONE = new Object();

    private Object[] keys = new Object[CAPACITY];
    private int[] ids = new int[CAPACITY];
    private boolean[] persistent = new boolean[CAPACITY];
    private Object[] spareKeys = new Object[CAPACITY];
    private int[] spareIds = new int[CAPACITY];
    private boolean[] sparePersistent = new boolean[CAPACITY];
    private final RequestPools pools = new RequestPools();
    private int live;
    private int tombstones;

    /** @param signature stack signature of the call that made the request: its id pool */
    public int add(Object request, boolean isPersistent, long signature) {
        if (request == null) return UNKNOWN;
        if (live + tombstones >= LIMIT) {
            if (live >= LIMIT / 2) clear();
            else rehash();
        }
        // A new request is not in the table, so the first free or deleted slot on its probe path will do.
        int i = slot(request);
        while (keys[i] != null && keys[i] != TOMBSTONE) i = (i + 1) & MASK;
        if (keys[i] == TOMBSTONE) tombstones--;
        int id = pools.take(signature);
        keys[i] = request;
        ids[i] = id;
        persistent[i] = isPersistent;
        live++;
        return id;
    }

    /** The request's id; forgets it when {@code completed} and it is not persistent. */
    public int find(Object request, boolean completed) {
        if (request == null) return UNKNOWN;
        for (int i = slot(request), probes = 0; keys[i] != null && probes < CAPACITY; i = (i + 1) & MASK, probes++) {
            if (keys[i] == request) {
                int id = ids[i];
                if (completed && !persistent[i]) {
                    pools.give(id);
                    keys[i] = TOMBSTONE;
                    live--;
                    tombstones++;
                }
                return id;
            }
        }
        return UNKNOWN;
    }

    private void rehash() {
        Arrays.fill(spareKeys, null);
        for (int i = 0; i < CAPACITY; i++) {
            Object k = keys[i];
            if (k == null || k == TOMBSTONE) continue;
            int j = slot(k);
            while (spareKeys[j] != null) j = (j + 1) & MASK;
            spareKeys[j] = k;
            spareIds[j] = ids[i];
            sparePersistent[j] = persistent[i];
        }
        Object[] k = keys; keys = spareKeys; spareKeys = k;
        int[] d = ids; ids = spareIds; spareIds = d;
        boolean[] p = persistent; persistent = sparePersistent; sparePersistent = p;
        tombstones = 0;
    }

    private void clear() {
        for (int i = 0; i < CAPACITY; i++) if (keys[i] != null && keys[i] != TOMBSTONE) pools.give(ids[i]);
        Arrays.fill(keys, null);
        live = 0;
        tombstones = 0;
    }

    private static int slot(Object o) {
        int h = System.identityHashCode(o);
        return (h ^ (h >>> 16)) & MASK;
    }
}
