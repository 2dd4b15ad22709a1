package org.mpjtrace.cli.format;

/** Calls, bytes and time inside MPJ of one op (on one rank, or summed over ranks). Mutable accumulator. */
public final class OpTotals {
    private long calls;
    private long bytes;
    private long nanos;

    public void add(long bytes, long nanos) {
        this.calls++;
        this.bytes += bytes;
        this.nanos += nanos;
    }

    public void add(OpTotals other) {
        calls += other.calls;
        bytes += other.bytes;
        nanos += other.nanos;
    }

    public long calls() {
        return calls;
    }

    public long bytes() {
        return bytes;
    }

    /** Sum of (exit - enter) over the calls. */
    public long nanos() {
        return nanos;
    }

    /** Mean time per call in ns, 0 without calls. */
    public long meanNanos() {
        return calls == 0 ? 0 : nanos / calls;
    }
}
