package org.mpjtrace.cli.profile;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mpjtrace.cli.format.PersistentStarts;
import org.mpjtrace.cli.format.TimedCalls;
import org.mpjtrace.trace.CallSite;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;

/**
 * A trace's profile in mpiP's spirit, for every mode: per rank its app and MPJ times, per call site
 * (application site and op) and per op the calls, time, bytes and the spread of the ranks' times. One
 * pass over every rank's calls ({@link TimedCalls}: a dump's measured times, or a compressed trace's
 * calls rebuilt with its mean times, a non-lead's from its lead's with what its own section keeps), one rank at a time, so a trace
 * opened for streaming is profiled in the memory of one rank's calls plus a few numbers per site.
 *
 * <p>MPI.Init and MPI.Finalize are kept apart, in the ranks' times only: MPI.Init holds MPJ's start-up
 * (40% of the demo's time in MPJ when it was counted) and neither is communication.
 */
public final class Profile {
    private final TraceFile trace;
    private final List<RankTimes> ranks = new ArrayList<>();
    private final Map<Long, ProfileEntry> sites = new HashMap<>();
    private final Map<Op, ProfileEntry> ops = new HashMap<>();
    private boolean rebuilt;
    private boolean lossless;
    private Map<Integer, String> where;

    private Profile(TraceFile trace) {
        this.trace = trace;
    }

    public static Profile of(TraceFile trace) {
        Profile p = new Profile(trace);
        for (RankTrace section : trace.ranks()) p.add(section);
        return p;
    }

    /** One rank's times alone, as {@link #ranks} gives them: what {@code replay} sets its wall time against. */
    public static RankTimes timesOf(TraceFile trace, RankTrace section) {
        RankPass pass = new RankPass(new PersistentStarts(trace, section, false));
        TimedCalls.forEach(trace, section, false, pass::call);
        return pass.times(section.rank());
    }

    /**
     * The program's span of a rank: its MPI.Init to MPI.Finalize ({@code times}, from {@link #timesOf}) less the
     * tracer's set-up of the rank at MPI.Init, which is not the program's. Calls' own times (a dump,
     * timing=lossless) hold the set-up between MPI.Init and the next call; a compressed trace's mean times do
     * not (the fold counts that call's compute time from the set-up's end), so nothing is taken off them.
     */
    public static long programSpan(TraceFile trace, RankTrace section, RankTimes times) {
        return times.appNanos() - (TimedCalls.meanTimes(trace, section, false) ? 0 : section.stats().setupNanos());
    }

    private void add(RankTrace section) {
        if (TimedCalls.meanTimes(trace, section, false)) rebuilt = true;
        if (!section.times().isEmpty()) lossless = true;
        RankPass pass = new RankPass(new PersistentStarts(trace, section, false));
        TimedCalls.forEach(trace, section, false, pass::call);
        ranks.add(pass.times(section.rank()));
        for (Map.Entry<Long, long[]> e : pass.bySite.entrySet()) {
            long key = e.getKey();
            Op op = Op.ofCode((int) (key & 0xFFFF));
            fold(sites.computeIfAbsent(key, k -> new ProfileEntry((int) (k >> 16), op)), e.getValue());
        }
        for (Map.Entry<Op, long[]> e : pass.byOp.entrySet()) fold(ops.computeIfAbsent(e.getKey(), o -> new ProfileEntry(-1, o)), e.getValue());
    }

    private static void fold(ProfileEntry entry, long[] rank) {
        entry.calls += rank[0];
        entry.nanos += rank[1];
        entry.bytes += rank[2];
        entry.perRank.add(rank[1]);
    }

    /** One rank's calls, summed as they come. */
    private static final class RankPass {
        long calls, mpjNanos, initNanos, finalizeNanos;
        long initExit = Long.MIN_VALUE, finalizeEnter = Long.MIN_VALUE;
        long firstEnter = Long.MAX_VALUE, lastExit = Long.MIN_VALUE;
        /** Per (site << 16 | op code): calls, time, bytes. */
        final Map<Long, long[]> bySite = new HashMap<>();
        final Map<Op, long[]> byOp = new HashMap<>();
        /** A persistent request's bytes count at its Starts. */
        private final PersistentStarts starts;

        RankPass(PersistentStarts starts) {
            this.starts = starts;
        }

        RankTimes times(int rank) {
            long app = finalizeEnter != Long.MIN_VALUE && initExit != Long.MIN_VALUE
                    ? finalizeEnter - initExit : calls == 0 ? 0 : lastExit - firstEnter;
            return new RankTimes(rank, app, mpjNanos, initNanos, finalizeNanos, calls);
        }

        void call(RankTrace calls, int base) {
            long[] w = calls.words();
            int code = Event.opCode(w, base);
            Op op = Op.ofCode(code);
            if (op == null) return;
            long enter = Event.enter(w, base), exit = Event.exit(w, base), inside = exit - enter;
            this.calls++;
            firstEnter = Math.min(firstEnter, enter);
            lastExit = Math.max(lastExit, exit);
            if (op == Op.INIT) {
                initNanos += inside;
                initExit = Math.max(initExit, exit);
                return;
            }
            if (op == Op.FINALIZE) {
                finalizeNanos += inside;
                if (finalizeEnter == Long.MIN_VALUE) finalizeEnter = enter;
                return;
            }
            mpjNanos += inside;
            long bytes = starts.bytes(calls, base);
            long key = (long) Event.site(w, base) << 16 | (code & 0xFFFF);
            add(bySite.computeIfAbsent(key, k -> new long[3]), inside, bytes);
            add(byOp.computeIfAbsent(op, o -> new long[3]), inside, bytes);
        }

        private static void add(long[] t, long nanos, long bytes) {
            t[0]++;
            t[1] += nanos;
            t[2] += bytes;
        }
    }

    public TraceFile trace() {
        return trace;
    }

    /** The ranks' times, in rank order. */
    public List<RankTimes> ranks() {
        return ranks;
    }

    /** Call sites, most time first. */
    public List<ProfileEntry> sites() {
        return byTime(sites.values());
    }

    /** Ops, most time first. */
    public List<ProfileEntry> ops() {
        return byTime(ops.values());
    }

    private static List<ProfileEntry> byTime(Iterable<ProfileEntry> entries) {
        List<ProfileEntry> list = new ArrayList<>();
        entries.forEach(list::add);
        list.sort(Comparator.comparingLong(ProfileEntry::nanos).reversed().thenComparingInt(ProfileEntry::site)
                .thenComparing(e -> e.op().mpjName));
        return list;
    }

    /** Whether some rank's calls were rebuilt from the compressed trace with their own times (timing=lossless). */
    public boolean losslessTimes() {
        return lossless;
    }

    /** Whether some rank's calls were rebuilt from the compressed trace, with its mean times. */
    public boolean meanTimes() {
        return rebuilt;
    }

    /** Whether the trace is clustered: only leads traced, and the other ranks' figures are their lead's. */
    public boolean fromLeads() {
        return trace.markers() != null;
    }

    /** App time summed over ranks, which mpiP's percentages divide by. */
    public long appNanos() {
        long sum = 0;
        for (RankTimes r : ranks) sum += r.appNanos();
        return sum;
    }

    /** {@code Class.method:line} of a site id. */
    public String where(int site) {
        if (where == null) {
            where = new HashMap<>();
            for (CallSite s : trace.sites()) where.put(s.id(), s.where());
        }
        return where.getOrDefault(site, "site" + site);
    }
}
