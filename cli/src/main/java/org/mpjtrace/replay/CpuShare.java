package org.mpjtrace.replay;

import org.mpjtrace.cli.profile.Profile;
import org.mpjtrace.cli.profile.RankTimes;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;

/**
 * The most of a rank's recorded computation that can have run on a core: what the replay spends spinning,
 * the rest of each computation asleep ({@link ComputeClock}). The replay command works it out for rank 0
 * before it starts the job, and every rank replays with it: working it out takes a pass over the rank's
 * calls, which in the job's JVM left the compilers busy into the replay (Stencil2D at 4 ranks, 6% longer).
 *
 * <p>Why: a trace records the time between calls, not what the rank did in it. A rank that waited there
 * without a core (a sleep, I/O, or its turn on a core it shared) and a rank that computed all along look
 * alike. Spinning through every interval asks for more CPU than the traced run had whenever its ranks
 * outnumbered the cores: LeavingPair with {@code compute=2000} (each step a 2 ms sleep), traced on 16
 * ranks of 2 cores in 0.82 s (rank 0's span), replayed in 5.2-5.4 s, 16 threads spinning through 0.7 s
 * each on 2 cores; with this share (15%), in 1.18-1.22 s (docs/benchmarks.md).
 *
 * <p>The traced run bounds it: its M ranks on a host of C cores had C / M of a core each on average, so
 * over the rank's span (MPI.Init to MPI.Finalize, less the tracer's set-up) at most {@code C / M * span}
 * of its computation ran on a core. The cores are the replay machine's (a replay runs where the traced run
 * did, or on its like); the ranks on the host are those the trace names with the rank's host. Where the
 * bound is above the computation (no more ranks than cores, or little computation) the share is 1 and the
 * replay spins throughout, as it did before.
 */
public final class CpuShare {
    private CpuShare() {}

    /** The share, in (0, 1], for {@code rank} replayed on a machine of {@code cores}. */
    public static double of(TraceFile trace, int rank, int cores) {
        // A core a rank (or no section): no need of the pass over its calls.
        return coreEach(trace, rank, cores) ? 1 : bound(trace, rank).share(cores);
    }

    /**
     * What the traced run says of {@code rank}'s time on a core: how many ranks shared its host, its span and
     * how much of it it computed. A proxy application carries these and works out its share where it runs.
     */
    public static Bound bound(TraceFile trace, int rank) {
        RankTrace section = trace.rank(rank);
        if (section == null) return new Bound(1, 0, 0);
        RankTimes t = Profile.timesOf(trace, section);
        long span = Profile.programSpan(trace, section, t);
        // Timing summaries' means can put a rank's calls a little over its span: then it computed nothing.
        return new Bound(ranksOnHost(trace, section), span, Math.max(0, span - t.mpjNanos()));
    }

    /** A rank's figures from its traced run (nanoseconds): the ranks on its host, its span, its computation. */
    public record Bound(long ranksOnHost, long span, long computation) {
        /** The share on a machine of {@code cores}. */
        public double share(int cores) {
            return CpuShare.share(cores, ranksOnHost, span, computation);
        }
    }

    /**
     * Whether the ranks the trace names on {@code rank}'s host have a core each on a machine of {@code cores}
     * (or the trace names no host for the rank). The replay then rebuilds its calls before its clock starts
     * ({@code CallsAhead}): with a core a rank that shortened call-dense replays by 4-6%, and with 4 ranks on 2
     * cores it lengthened RequestPatterns' and TwoCallers' by 6-14% (docs/benchmarks.md).
     */
    public static boolean coreEach(TraceFile trace, int rank, int cores) {
        RankTrace section = trace.rank(rank);
        return section == null || ranksOnHost(trace, section) <= cores;
    }

    private static long ranksOnHost(TraceFile trace, RankTrace section) {
        return trace.ranks().stream().filter(r -> r.host().equals(section.host())).count();
    }

    /** {@code min(1, cores / ranks * span / computation)}; 1 where the figures say nothing. */
    static double share(int cores, long ranksOnHost, long span, long computation) {
        if (cores < 1 || ranksOnHost <= cores || span <= 0 || computation <= 0) return 1;
        return Math.min(1, (double) cores / ranksOnHost * span / computation);
    }
}
