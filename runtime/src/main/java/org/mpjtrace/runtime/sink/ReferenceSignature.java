package org.mpjtrace.runtime.sink;

import org.mpjtrace.signatures.Mix64;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.fold.Field;
import org.mpjtrace.trace.fold.RelativePeers;

/**
 * Mode reference's signature of one rank since its last merge (ACURDION's reference clustering): the
 * whole event sequence with every parameter, folded into a 64-bit hash as the calls arrive. Two ranks
 * get the same value only when they made the same calls, in the same order, from the same call paths,
 * with the same value in every field the loop-compressed trace keeps (end-points relative to themselves,
 * encoded as the trace encodes them): their traces are then identical, so a cluster of them loses
 * nothing. Times are left out.
 */
final class ReferenceSignature {
    private final int rank;
    private final int worldSize;
    private long hash;

    ReferenceSignature(int rank, int worldSize) {
        this.rank = rank;
        this.worldSize = worldSize;
    }

    void add(long[] w, int base) {
        int op = Event.opCode(w, base);
        // The stack signature, not the site id: site ids are numbered per JVM, stack signatures are not.
        long h = Mix64.combine(Mix64.combine(hash, op), Event.stack(w, base));
        for (Field f : Field.ALL) {
            long v = f.read(w, base);
            h = Mix64.combine(h, RelativePeers.isRelative(op, f) ? RelativePeers.encode(v, rank, worldSize) : v);
        }
        hash = h;
    }

    long value() {
        return hash;
    }

    void reset() {
        hash = 0;
    }
}
