package org.mpjtrace.trace;

import org.mpjtrace.signatures.Mix64;

/**
 * The array arguments of a call, kept once per distinct content under the digest its events hold
 * ({@link Event#digest}), so that a replay can issue the call again: the count and displacement arrays
 * of the v-collectives, Create_cart's dims, Create_graph's index and edges, and the ranks of the group
 * Create was given, and the symbolic ids of the requests a Waitall, Testany, Startall... was given (a1,
 * format version 10 on). Which array is which follows the op's record (see {@link Event}); unused ones are
 * null. The digest hashes the content only, so every rank that passed the same arrays names the same
 * entry, and merging ranks' tables needs no renumbering.
 */
public record CallArrays(long digest, int[] a1, int[] a2, int[] a3, int[] a4) {

    /** The digest an event holds for these arrays. */
    public static long digestOf(int[] a1, int[] a2, int[] a3, int[] a4) {
        return Mix64.combine(Mix64.combine(Mix64.of(a1), Mix64.of(a2)), Mix64.combine(Mix64.of(a3), Mix64.of(a4)));
    }

    /**
     * The digest of a call on an array of requests: its first {@code n} symbolic ids as a1, no other
     * array. Equal to {@code digestOf(Arrays.copyOf(ids, n), null, null, null)}, without the copy (the
     * recorder's hot path calls it).
     */
    public static long digestOfIds(int[] ids, int n) {
        return Mix64.combine(Mix64.combine(Mix64.of(ids, n), 0), Mix64.combine(0, 0));
    }

    /** Whether the arrays are those the digest was made of (a corrupt file could pair them wrongly). */
    public boolean consistent() {
        return digestOf(a1, a2, a3, a4) == digest;
    }
}
