package org.mpjtrace.cli.demo;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.mpjtrace.cli.format.MarkerLogText;
import org.mpjtrace.cli.format.TextTable;
import org.mpjtrace.cli.format.Units;
import org.mpjtrace.cli.profile.Profile;
import org.mpjtrace.cli.profile.ProfileEntry;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.cluster.Cluster;
import org.mpjtrace.trace.cluster.Clustering;
import org.mpjtrace.trace.cluster.MarkerLog;
import org.mpjtrace.trace.cluster.MarkerRecord;
import org.mpjtrace.trace.cluster.MarkerState;
import org.mpjtrace.trace.global.OwnCallCounts;

/**
 * What {@code mpjtrace demo} tells after its run, in about 35 lines, for someone who has never used the
 * tool: how many calls the ranks made and how few bytes their trace takes against a dump, the loop the
 * ranks found and the clusters they formed (why the trace stays small), where the time in MPJ went, and
 * the report page written beside the trace, with the commands to go further. Every figure is read from
 * the trace the demo just wrote.
 */
public final class DemoStory {
    static final int TOP_SITES = 5;

    private DemoStory() {}

    /**
     * {@code trace} read from {@code file}, a clustering mode's trace of a finished job; {@code page} the
     * report written; {@code dump} the size of a dump-mode file of the same job, or -1 when there is none.
     */
    public static void print(PrintWriter out, Path file, TraceFile trace, Path page, long dump) throws IOException {
        long calls = OwnCallCounts.total(trace), size = Files.size(file);
        out.println("What the demo shows, from " + file + ":");
        out.println("  " + trace.meta().worldSize() + " ranks made " + String.format("%,d", calls) + " MPJ calls in "
                + Units.seconds(trace.meta().elapsedMillis() * 1_000_000L) + " s; the trace holds every one of them in " + Units.fileSize(size)
                + ", " + String.format("%.2f", (double) size / calls) + " bytes a call;");
        out.println(dump > 0 ? "  a dump of the same run (every call with its times, mode dump, run just now) took " + Units.fileSize(dump)
                + ", " + String.format("%.0f", (double) dump / size) + " times as much."
                : "  (the run in mode dump, to compare with, failed: see the lines above).");
        out.println("  Each rank folds its loops as it records; once the ranks have clustered, one lead per cluster records for all.");
        out.println();
        clusters(out, trace.markers());
        out.println();
        topSites(out, Profile.of(trace));
        out.println();
        out.println("The whole story on one page (profile, heatmaps, timeline): " + page + ", for any browser, e.g. xdg-open " + page);
        out.println("Go on with: mpjtrace stats " + file + " | mpjtrace clusters " + file + " | mpjtrace export " + file
                + " --format chrome -o demo.json (for ui.perfetto.dev) | mpjtrace run --help");
    }

    private static void clusters(PrintWriter out, MarkerLog log) {
        if (!log.choices().isEmpty() && log.choices().get(0).ownLoops())
            out.println("  The ranks found their time-step loop themselves, each its own (the loop has no collective; rank 0's proposed at the "
                    + log.choices().get(0).site() + "; marker auto, no option needed).");
        else if (!log.choices().isEmpty())
            out.println("  The ranks found their time-step loop themselves: its boundary is the " + log.choices().get(0).site()
                    + " (marker auto; no option needed).");
        Clustering c = MarkerLogText.governing(log);
        if (c == null) {
            out.println("  The ranks clustered only at MPI.Finalize: every rank traced the whole run.");
            return;
        }
        MarkerRecord first = log.records().stream().filter(r -> r.state() == MarkerState.C).findFirst().orElse(null);
        out.println("  The ranks formed " + c.clusters().size() + " clusters of ranks that behave alike"
                + (first == null || !log.auto() ? "" : ", at collective " + first.markerCall() + " of " + log.candidates()
                + "; from then on the other ranks recorded nothing") + ":");
        TextTable t = new TextTable(">lead", ">ranks", "members");
        for (Cluster k : c.clusters()) t.row(k.lead(), k.members().size(), k.members());
        t.print(out, "    ");
    }

    private static void topSites(PrintWriter out, Profile p) {
        List<ProfileEntry> sites = p.sites();
        long app = p.appNanos();
        out.println("Where the time in MPJ went, the top " + Math.min(TOP_SITES, sites.size()) + " call sites over all ranks (mpjtrace stats for all):");
        TextTable t = new TextTable("site", "op", ">calls", ">time ms", ">% of app time");
        for (ProfileEntry e : sites.subList(0, Math.min(TOP_SITES, sites.size())))
            t.row(p.where(e.site()), e.op().mpjName, e.calls(), Units.millis(e.nanos()), Units.percent(e.nanos(), app));
        t.print(out, "  ");
    }
}
