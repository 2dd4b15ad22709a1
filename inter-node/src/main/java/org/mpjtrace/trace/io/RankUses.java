package org.mpjtrace.trace.io;

import java.util.Arrays;
import java.util.Map;
import org.mpjtrace.trace.CallPath;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.io.rules.TraceRules;

/**
 * What the checks at END need of a rank section opened for streaming ({@link TraceReader#open}), taken
 * while the section is decoded for its own checks, so that it need not be decoded again for them: the
 * site and stack rules need the SITES and CALL_PATHS tables, which come after the ranks. A 10-million-call
 * dump was decoded three times to open it; now once (1.2 s to 0.5 s, docs/benchmarks.md).
 *
 * <p>It keeps the events at which the highest site so far rises (the first event naming a site beyond
 * the table is among them) and each distinct (stack signature, site) pair with the first event using it
 * (an event's stack problem depends on that pair alone): a few hundred entries for a real program,
 * however many events. The problems found are those {@link TraceRules#siteProblem} and
 * {@link TraceRules#stackProblem} would find on the whole section, with the same messages.
 */
final class RankUses {
    private final int rank;
    /** Events where the highest site so far rises, and that site. */
    private int[] risingEvent = new int[8], risingSite = new int[8];
    private int risingCount;
    /** Distinct (signature, site) pairs in order of first use, and that use's event. */
    private long[] pairSignature = new long[16];
    private int[] pairSite = new int[16], pairEvent = new int[16];
    private int pairCount;
    /** Open addressing over the pairs: slot holds pair index + 1, 0 when empty. */
    private int[] slots = new int[64];

    private RankUses(int rank) {
        this.rank = rank;
    }

    static RankUses of(RankTrace t) {
        RankUses u = new RankUses(t.rank());
        long[] w = t.words();
        int highest = Integer.MIN_VALUE;
        long lastSignature = 0;
        int lastSite = 0;
        for (int i = 0; i < t.eventCount(); i++) {
            int b = RankTrace.base(i);
            int site = Event.site(w, b);
            long signature = Event.stack(w, b);
            if (site > highest) {
                highest = site;
                u.rising(i, site);
            }
            if (i > 0 && signature == lastSignature && site == lastSite) continue;
            u.pair(signature, site, i);
            lastSignature = signature;
            lastSite = site;
        }
        return u;
    }

    private void rising(int event, int site) {
        if (risingCount == risingEvent.length) {
            risingEvent = Arrays.copyOf(risingEvent, 2 * risingCount);
            risingSite = Arrays.copyOf(risingSite, 2 * risingCount);
        }
        risingEvent[risingCount] = event;
        risingSite[risingCount++] = site;
    }

    private void pair(long signature, int site, int event) {
        int mask = slots.length - 1;
        for (int s = hash(signature, site) & mask; ; s = (s + 1) & mask) {
            int p = slots[s] - 1;
            if (p < 0) {
                add(signature, site, event, s);
                return;
            }
            if (pairSignature[p] == signature && pairSite[p] == site) return;
        }
    }

    private void add(long signature, int site, int event, int slot) {
        if (pairCount == pairSignature.length) {
            pairSignature = Arrays.copyOf(pairSignature, 2 * pairCount);
            pairSite = Arrays.copyOf(pairSite, 2 * pairCount);
            pairEvent = Arrays.copyOf(pairEvent, 2 * pairCount);
        }
        pairSignature[pairCount] = signature;
        pairSite[pairCount] = site;
        pairEvent[pairCount] = event;
        slots[slot] = ++pairCount;
        if (2 * pairCount > slots.length) rehash();
    }

    private void rehash() {
        slots = new int[2 * slots.length];
        int mask = slots.length - 1;
        for (int p = 0; p < pairCount; p++) {
            int s = hash(pairSignature[p], pairSite[p]) & mask;
            while (slots[s] != 0) s = (s + 1) & mask;
            slots[s] = p + 1;
        }
    }

    private static int hash(long signature, int site) {
        long h = (signature ^ (long) site * 0x9E3779B97F4A7C15L) * 0xBF58476D1CE4E5B9L;
        return (int) (h ^ h >>> 32);
    }

    /** As {@link TraceRules#siteProblem} on the whole section. */
    String siteProblem(int siteCount) {
        for (int k = 0; k < risingCount; k++)
            if (risingSite[k] >= siteCount)
                return TraceRules.siteUseProblem(rank, risingEvent[k], risingSite[k], siteCount);
        return null;
    }

    /** As {@link TraceRules#stackProblem} on the whole section. */
    String stackProblem(Map<Long, CallPath> paths) {
        for (int p = 0; p < pairCount; p++) {
            String problem = TraceRules.stackUseProblem(paths.get(pairSignature[p]), pairSignature[p], pairSite[p]);
            if (problem != null) return TraceRules.eventProblem(rank, pairEvent[p], problem);
        }
        return null;
    }
}
