package org.mpjtrace.runtime;

import org.mpjtrace.runtime.rank.RankContext;
import org.mpjtrace.runtime.rank.SiteRegistry;
import org.mpjtrace.runtime.sink.EventStore;

/** Lets the JMH benchmarks (another package, for JMH's generated code) set up a rank without MPJ. */
public final class ProbeBenchSupport {
    /** Call sites the benchmarks may name: ids 0 to MPJ_SITES - 1. */
    public static final int MPJ_SITES = 8;

    private ProbeBenchSupport() {}

    /** A rank whose fold thread drains into nothing: what is measured ends at the ring. */
    public static void bindRank() {
        StandInMpj.bindRank(16384, EventStore.DISCARD);
    }

    /**
     * A rank as {@link #bindRank()} with the given agent key stackDepth, call sites 0 to MPJ_SITES - 1
     * interned, and {@code frames} wrapped calls in progress on the calling thread (as if the MPJ calls
     * measured were made {@code frames} application calls deep).
     */
    public static void bindRank(int stackDepth, int frames) {
        RankContext ctx = StandInMpj.bindRank("ringSize=16384,stackDepth=" + stackDepth, EventStore.DISCARD);
        SiteRegistry sites = ctx.tracer.sites();
        for (int i = 0; i < MPJ_SITES; i++) sites.intern("bench.App", "call", 100 + i, 0, "mpi.Comm.Send");
        for (int i = 0; i < frames; i++) Context.push(sites.intern("bench.App", "level" + i, 10 + i, 0, "bench.App.level" + (i + 1)));
    }
}
