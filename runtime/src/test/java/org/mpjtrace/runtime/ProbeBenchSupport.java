package org.mpjtrace.runtime;

/** Lets the JMH benchmarks (another package, for JMH's generated code) set up a rank without MPJ. */
public final class ProbeBenchSupport {
    private ProbeBenchSupport() {}

    /** A rank whose fold thread drains into nothing: what is measured ends at the ring. */
    public static void bindRank() {
        StandInMpj.bindRank(16384, EventStore.DISCARD);
    }
}
