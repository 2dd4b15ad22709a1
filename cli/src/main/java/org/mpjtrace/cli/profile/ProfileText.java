package org.mpjtrace.cli.profile;

import java.io.PrintWriter;
import java.util.List;
import java.util.function.ToLongFunction;
import org.mpjtrace.cli.format.TextTable;
import org.mpjtrace.cli.format.Units;
import org.mpjtrace.trace.AgentKeys;
import org.mpjtrace.trace.JobMeta;
import org.mpjtrace.trace.TimingMode;

/**
 * {@code stats}' profile as text, laid out as mpiP's report: the job, the ranks' app and MPJ times as
 * min/mean/max (MPI.Init and MPI.Finalize apart), the top call sites by aggregate time, then the ops with
 * their imbalance. A 64-rank job's profile is as long as a 4-rank job's; {@code --per-rank} adds the
 * per-rank tables.
 */
public final class ProfileText {
    private ProfileText() {}

    public static void print(PrintWriter out, String fileLabel, Profile p, int top) {
        JobMeta m = p.trace().meta();
        String program = m.mainClass().isEmpty() ? "(main class not recorded)" : m.mainClass();
        out.println("Profile of " + fileLabel + ": " + program + ", " + m.worldSize() + " ranks, mode " + m.mode() + ", " + m.device()
                + ", wall " + Units.seconds(m.elapsedMillis() * 1_000_000L) + " s");
        String timing = m.agentOptions() == null ? TimingMode.HISTOGRAM.key : m.agentOptions().getOrDefault(AgentKeys.TIMING, TimingMode.HISTOGRAM.key);
        if (p.fromLeads())
            out.println("  clustered trace: only leads traced; each other rank's calls are its lead's (its cluster in `clusters`) with the"
                    + " peers, counts and loop counts its section keeps of its own, " + (p.meanTimes() ? "its times its lead's" : "its times its own"));
        if (p.meanTimes())
            out.println("  times: the compressed trace's mean time of each call (timing=" + timing + "), alike on every rank that makes it"
                    + " (a dump, keepDump=true or timing=lossless or lossy keeps each call's own)");
        else if (p.losslessTimes())
            out.println("  times: every call's own, kept beside the compressed trace (timing=" + timing + ")");
        out.println();

        List<RankTimes> ranks = p.ranks();
        if (ranks.isEmpty()) {
            // An interim trace of a clustering mode (the job died before MPI.Finalize) holds no rank sections:
            // its calls and their times are the global trace's, below, not a profile of zeros.
            out.println("Per rank: none in this file (the ranks' sections are written at MPI.Finalize, which the job did not reach);"
                    + " the calls merged up to the last marker, and their times, follow from the compressed trace");
            out.println();
            return;
        }
        out.println("Per rank, ms (" + ranks.size() + " ranks):");
        TextTable t = new TextTable("", ">min", ">mean", ">max", ">max rank");
        row(t, "app time (Init to Finalize)", ranks, RankTimes::appNanos);
        row(t, "MPJ time (no Init, Finalize)", ranks, RankTimes::mpjNanos);
        row(t, "MPI.Init", ranks, RankTimes::initNanos);
        row(t, "MPI.Finalize", ranks, RankTimes::finalizeNanos);
        t.print(out, "  ");
        long app = p.appNanos(), mpj = 0;
        for (RankTimes r : ranks) mpj += r.mpjNanos();
        out.println("  MPJ time is " + Units.percent(mpj, app) + "% of app time over all ranks");
        out.println();

        List<ProfileEntry> sites = p.sites();
        out.println("Top " + Math.min(top, sites.size()) + " of " + sites.size() + " call sites by time in MPJ, all ranks:");
        TextTable s = new TextTable("site", "op", ">calls", ">time ms", ">% app", ">mean us", ">bytes", ">ranks", ">rank min ms", ">mean ms", ">max ms");
        for (ProfileEntry e : sites.subList(0, Math.min(top, sites.size())))
            s.row(p.where(e.site()), e.op().mpjName, e.calls(), Units.millis(e.nanos()), Units.percent(e.nanos(), app), Units.micros(e.meanNanos()),
                    e.bytes(), e.perRank().ranks(), Units.millis(e.perRank().min()), Units.millis(Math.round(e.perRank().mean())),
                    Units.millis(e.perRank().max()));
        printOrNone(out, s);
        out.println();

        out.println("Time in MPJ per op, all ranks (imbalance: the most a rank spent over the mean):");
        TextTable o = new TextTable("op", ">calls", ">time ms", ">% app", ">mean us", ">bytes", ">ranks", ">rank min ms", ">mean ms", ">max ms", ">imbalance");
        for (ProfileEntry e : p.ops())
            o.row(e.op().mpjName, e.calls(), Units.millis(e.nanos()), Units.percent(e.nanos(), app), Units.micros(e.meanNanos()), e.bytes(),
                    e.perRank().ranks(), Units.millis(e.perRank().min()), Units.millis(Math.round(e.perRank().mean())),
                    Units.millis(e.perRank().max()), Units.twoDecimals(e.perRank().imbalance()));
        printOrNone(out, o);
        out.println();
    }

    private static void row(TextTable t, String what, List<RankTimes> ranks, ToLongFunction<RankTimes> f) {
        Spread s = new Spread();
        int maxRank = -1;
        long max = Long.MIN_VALUE;
        for (RankTimes r : ranks) {
            long v = f.applyAsLong(r);
            s.add(v);
            if (v > max) {
                max = v;
                maxRank = r.rank();
            }
        }
        t.row(what, Units.millis(s.min()), Units.millis(Math.round(s.mean())), Units.millis(s.max()), maxRank < 0 ? "-" : maxRank);
    }


    private static void printOrNone(PrintWriter out, TextTable t) {
        if (t.isEmpty()) out.println("  (none)");
        else t.print(out, "  ");
    }
}
