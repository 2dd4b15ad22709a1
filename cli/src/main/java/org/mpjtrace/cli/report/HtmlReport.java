package org.mpjtrace.cli.report;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.mpjtrace.cli.chart.Heatmap;
import org.mpjtrace.cli.chart.Timeline;
import org.mpjtrace.cli.export.MessageMatrix;
import org.mpjtrace.cli.format.ClusteringSettings;
import org.mpjtrace.cli.format.MarkerLogText;
import org.mpjtrace.cli.format.Units;
import org.mpjtrace.cli.profile.Profile;
import org.mpjtrace.cli.profile.ProfileEntry;
import org.mpjtrace.cli.profile.RankTimes;
import org.mpjtrace.trace.JobMeta;
import org.mpjtrace.trace.MpjtraceVersion;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.cluster.Cluster;
import org.mpjtrace.trace.cluster.Clustering;
import org.mpjtrace.trace.cluster.MarkerLog;
import org.mpjtrace.trace.cluster.MarkerRecord;

/**
 * {@code mpjtrace report}: one self-contained HTML page about a trace, readable with no network: the job,
 * the profile's tables ({@link Profile}), the communication heatmaps in bytes and in messages
 * ({@link Heatmap}), a timeline of a window of each rank's calls ({@link Timeline}) and, for a clustering
 * mode, the markers and the clusters. Pictures are PNGs inside the page (data: URLs), the style sheet is
 * inline, and the one script only counts the pictures the browser decoded (the page's
 * {@code data-images-loaded}), which the test reads back from headless Chromium.
 */
public final class HtmlReport {
    /** Ranks a heatmap or the timeline draws at most. */
    static final int MAX_RANKS = 512;
    private static final int TIMELINE_CALLS = 200;
    private static final String STYLE = "body{font:14px/1.4 system-ui,sans-serif;margin:2em auto;max-width:1100px;color:#222}"
            + "h1{font-size:1.6em}h2{margin-top:1.6em;border-bottom:1px solid #ccc}table{border-collapse:collapse;margin:.5em 0}"
            + "th,td{padding:2px 8px;border-bottom:1px solid #eee;text-align:left}td.n{text-align:right;font-variant-numeric:tabular-nums}"
            + "img{max-width:100%;border:1px solid #ddd}.note{color:#666}";

    private HtmlReport() {}

    public static String of(TraceFile trace, String fileLabel) throws Exception {
        Profile profile = Profile.of(trace);
        JobMeta m = trace.meta();
        String program = m.mainClass().isEmpty() ? fileLabel : m.mainClass();
        Html h = new Html();
        h.raw("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>").text("mpjtrace report: " + program)
                .raw("</title><style>").raw(STYLE).raw("</style></head><body>");
        h.raw("<h1>").text(program).raw("</h1>");
        h.raw("<p id=\"job\">").text(m.worldSize() + " ranks, mode " + m.mode() + ", " + m.device() + ", wall "
                + Units.seconds(m.elapsedMillis() * 1_000_000L) + " s; trace " + fileLabel + ", ended "
                + (JobMeta.AT_FINALIZE.equals(m.ending()) ? "at MPI.Finalize" : m.ending())).raw("</p>");
        if (profile.fromLeads())
            h.raw("<p class=\"note\">").text("Clustered trace: only leads traced; each other rank's calls are its lead's, with the peers, counts and loop counts its section keeps of its own.").raw("</p>");
        if (profile.meanTimes())
            h.raw("<p class=\"note\">").text("Times: the compressed trace's mean time of each call, alike on every rank that makes it.").raw("</p>");

        profileSection(h, profile);

        h.element("h2", "Communication matrix");
        if (m.worldSize() > MAX_RANKS) {
            h.raw("<p class=\"note\">").text("Not drawn: more than " + MAX_RANKS + " ranks.").raw("</p>");
        } else {
            MessageMatrix matrix = MessageMatrix.of(trace, MAX_RANKS);
            h.raw("<p>").text("Point-to-point messages, sender down the side, receiver along the bottom; white: nothing sent.").raw("</p>");
            picture(h, "heatmap of bytes", out -> Heatmap.writePng(matrix, Heatmap.Metric.BYTES, program + ": bytes", m.worldSize() + " ranks", 800, 680, out));
            picture(h, "heatmap of messages", out -> Heatmap.writePng(matrix, Heatmap.Metric.COUNT, program + ": messages", m.worldSize() + " ranks", 800, 680, out));
        }

        h.element("h2", "Timeline");
        h.raw("<p>").text("Rank 0's first " + TIMELINE_CALLS + " calls after MPI.Init and the same span on every rank"
                + (m.worldSize() > 64 ? " (the first 64 ranks)" : "") + "; gaps are the program's own computation.").raw("</p>");
        picture(h, "timeline", out -> Timeline.writePng(trace, TIMELINE_CALLS, 64, 1000, Math.max(300, 60 + 18 * Math.min(64, m.worldSize())), out));

        long calls = 0;
        for (RankTimes r : profile.ranks()) calls += r.calls();
        PhasesSection.write(h, trace, fileLabel, calls);

        if (trace.markers() != null) clusteringSection(h, trace);

        h.raw("<p class=\"note\">").text("Written by mpjtrace " + MpjtraceVersion.VERSION + ".").raw("</p>");
        // Counts the pictures the browser decoded: a check for tests and a hint when a page arrives damaged.
        h.raw("<script>window.addEventListener('load',function(){var n=0;for(const i of document.images){if(i.complete&&i.naturalWidth>0)n++;}"
                + "document.body.setAttribute('data-images-loaded',String(n));});</script>");
        h.raw("</body></html>\n");
        return h.toString();
    }

    private static void profileSection(Html h, Profile p) {
        h.element("h2", "Profile");
        List<Object[]> ranks = new ArrayList<>();
        for (RankTimes r : p.ranks())
            ranks.add(new Object[] {r.rank(), Units.millis(r.appNanos()), Units.millis(r.mpjNanos()), Units.percent(r.mpjNanos(), r.appNanos()),
                    Units.millis(r.initNanos()), Units.millis(r.finalizeNanos()), r.calls()});
        h.raw("<details><summary>").text("Per rank (" + ranks.size() + " ranks): app time, MPJ time (MPI.Init and MPI.Finalize apart)").raw("</summary>");
        h.table(new String[] {"rank", "app ms", "MPJ ms", "MPJ %", "MPI.Init ms", "MPI.Finalize ms", "calls"}, ranks);
        h.raw("</details>");
        long app = p.appNanos();
        List<Object[]> sites = new ArrayList<>();
        List<ProfileEntry> all = p.sites();
        for (ProfileEntry e : all.subList(0, Math.min(20, all.size())))
            sites.add(new Object[] {p.where(e.site()), e.op().mpjName, e.calls(), Units.millis(e.nanos()), Units.percent(e.nanos(), app),
                    Units.micros(e.meanNanos()), e.bytes(), e.perRank().ranks(), Units.millis(e.perRank().min()),
                    Units.millis(Math.round(e.perRank().mean())), Units.millis(e.perRank().max())});
        h.raw("<h3>").text("Top " + sites.size() + " of " + all.size() + " call sites by time in MPJ").raw("</h3>");
        h.table(new String[] {"site", "op", "calls", "time ms", "% app", "mean us", "bytes", "ranks", "rank min ms", "rank mean ms", "rank max ms"}, sites);
        List<Object[]> ops = new ArrayList<>();
        for (ProfileEntry e : p.ops())
            ops.add(new Object[] {e.op().mpjName, e.calls(), Units.millis(e.nanos()), Units.percent(e.nanos(), app), Units.micros(e.meanNanos()),
                    e.bytes(), Units.millis(e.perRank().max()), Units.twoDecimals(e.perRank().imbalance())});
        h.element("h3", "Per op (imbalance: max over mean of the ranks' times)");
        h.table(new String[] {"op", "calls", "time ms", "% app", "mean us", "bytes", "rank max ms", "imbalance"}, ops);
    }

    private static void clusteringSection(Html h, TraceFile trace) {
        MarkerLog log = trace.markers();
        h.element("h2", "Clustering");
        h.raw("<p>").text(ClusteringSettings.oneLine(trace) + "; " + MarkerLogText.clustersAndMarkers(log)).raw("</p>");
        for (String line : MarkerLogText.markerLines(trace)) h.raw("<p>").text(line.strip()).raw("</p>");
        List<Object[]> markers = new ArrayList<>();
        for (MarkerRecord r : log.records()) {
            Clustering c = log.clusteringOf(r);
            markers.add(new Object[] {r.index(), r.markerCall(), r.state(), r.changedRanks(), c == null ? "" : c.clusters().size(), r.mergedCalls()});
        }
        h.element("h3", "Markers over time");
        h.table(new String[] {"marker", "marker calls", "state", "ranks changed", "clusters", "calls merged"}, markers);
        Clustering last = null;
        for (MarkerRecord r : log.records()) if (log.clusteringOf(r) != null) last = log.clusteringOf(r);
        if (last != null) {
            List<Object[]> clusters = new ArrayList<>();
            for (Cluster c : last.clusters()) clusters.add(new Object[] {c.lead(), c.members().size(), c.members()});
            h.element("h3", "Clusters of the last clustering");
            h.table(new String[] {"lead", "ranks", "members"}, clusters);
        }
    }

    /** A picture drawn into memory and put in the page as a data: URL. */
    private static void picture(Html h, String alt, PngWriter draw) throws IOException {
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        draw.write(png);
        h.raw("<p><img alt=\"").text(alt).raw("\" src=\"data:image/png;base64,").raw(Base64.getEncoder().encodeToString(png.toByteArray()))
                .raw("\"></p>");
    }

    private interface PngWriter {
        void write(java.io.OutputStream out) throws IOException;
    }
}
