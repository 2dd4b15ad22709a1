package org.mpjtrace.cli.profile;

import org.mpjtrace.trace.Op;

/**
 * One line of the profile: a call site's calls of one op (site id set), or an op over all sites (site
 * -1), summed over the ranks, with the spread over ranks of each rank's time there.
 */
public final class ProfileEntry {
    private final int site;
    private final Op op;
    long calls, nanos, bytes;
    final Spread perRank = new Spread();

    ProfileEntry(int site, Op op) {
        this.site = site;
        this.op = op;
    }

    /** The call site's id in the trace's site table, or -1 for an op's line. */
    public int site() {
        return site;
    }

    public Op op() {
        return op;
    }

    public long calls() {
        return calls;
    }

    /** Time inside MPJ, summed over every call and rank. */
    public long nanos() {
        return nanos;
    }

    public long bytes() {
        return bytes;
    }

    /** Each rank's time here, over the ranks that made such calls. */
    public Spread perRank() {
        return perRank;
    }

    public long meanNanos() {
        return calls == 0 ? 0 : nanos / calls;
    }
}
