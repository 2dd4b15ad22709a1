package org.mpjtrace.trace.io;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.mpjtrace.trace.CallPath;
import org.mpjtrace.trace.CallSite;
import org.mpjtrace.trace.JobMeta;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.TracingMode;
import org.mpjtrace.trace.cluster.MarkerLog;
import org.mpjtrace.trace.global.GlobalTrace;
import org.mpjtrace.trace.io.frame.Layout;
import org.mpjtrace.trace.io.rules.GlobalRules;
import org.mpjtrace.trace.io.rules.TraceRules;
import org.mpjtrace.trace.io.serial.RankTable;

/**
 * Puts a trace file's decoded sections together, checking the rules that span sections: META first
 * and once, each rank once and within the world, one SITES, at most one CALL_PATHS, an END that counts
 * right, every event's site in the site table, a global trace a rank's calls can be rebuilt from, and,
 * when there is a call-path table, every path's sites in the site table and every event's stack
 * signature (the ranks', and the global trace's when the table is not empty) in the call-path table
 * with the event's site.
 */
final class TraceAssembler {
    private final String label;
    private JobMeta meta;
    private List<CallSite> sites;
    private CallPathTable callPathTable;
    /** The table's paths with their signatures, from END on. */
    private List<CallPath> callPaths;
    private GlobalTrace global;
    private SectionRef globalSection;
    private SectionRef callPathsSection;
    private MarkerLog markers;
    private final List<RankTrace> ranks = new ArrayList<>();
    private final Map<Integer, SectionRef> rankSections = new HashMap<>();
    /**
     * Opened for streaming ({@link TraceReader#open}): by rank, its RANK section kept undecoded, or the
     * rank decoded from the RANK_TABLE (small: ranks without calls of their own); else null.
     */
    private final Map<Integer, Object> lazyRanks;
    /** Opened for streaming: what the checks at END need of each rank, by rank ({@link RankUses}). */
    private final Map<Integer, RankUses> lazyUses;
    private final int version;
    /** The version the RANK_TABLE section appeared in. */
    private static final int RANK_TABLE_SINCE = 14;
    /** The RANK_TABLE section once read, else null. */
    private SectionRef rankTable;
    private boolean ended;

    /** An assembler that keeps every rank decoded ({@link TraceReader#read}). */
    TraceAssembler(String label) {
        this(label, Layout.VERSION, false);
    }

    /** @param lazy keep the ranks' sections as read and decode a rank when it is asked for */
    TraceAssembler(String label, int version, boolean lazy) {
        this.label = label;
        this.version = version;
        this.lazyRanks = lazy ? new TreeMap<>() : null;
        this.lazyUses = lazy ? new TreeMap<>() : null;
    }

    /** {@link #accept(SectionRef, SectionKind, Object)} for the section {@code value} was decoded from. */
    void accept(SectionScanner.Section section, Object value) throws TraceFormatException {
        accept(section.ref(), section.kind(), value);
        if (lazyRanks != null && section.kind() == SectionKind.RANK) {
            RankTrace t = (RankTrace) value;
            lazyRanks.put(t.rank(), section);
            lazyUses.put(t.rank(), RankUses.of(t));
        }
        if (lazyRanks != null && section.kind() == SectionKind.RANK_TABLE) {
            for (RankTrace t : ((RankTable) value).ranks()) {
                lazyRanks.put(t.rank(), t);
                lazyUses.put(t.rank(), RankUses.of(t));
            }
        }
    }

    /**
     * Refuses, before its body is decoded, a section kind the file's version did not have: its body would
     * otherwise be read by the layout of a version it was never written in, and fail as undecodable.
     */
    void expect(SectionScanner.Section section) throws TraceFormatException {
        if (section.kind() == SectionKind.RANK_TABLE && version < RANK_TABLE_SINCE)
            throw corrupt(section.ref(), "a RANK_TABLE section in a version-" + version + " file");
    }

    /** The site table once its section has been accepted, else null. */
    List<CallSite> sites() {
        return sites;
    }

    /** True once END has been accepted. */
    boolean ended() {
        return ended;
    }

    void accept(SectionRef ref, SectionKind kind, Object value) throws TraceFormatException {
        if (ref.index() == 0 && kind != SectionKind.META) throw corrupt(ref, "a trace file starts with META");
        switch (kind) {
            case META:
                if (meta != null) throw corrupt(ref, "second META section");
                String metaProblem = TraceRules.metaProblem((JobMeta) value);
                if (metaProblem != null) throw corrupt(ref, metaProblem);
                meta = (JobMeta) value;
                break;
            case RANK:
                acceptRank(ref, (RankTrace) value);
                break;
            case RANK_TABLE: // its version was checked before it was decoded (expect)
                if (rankTable != null) throw corrupt(ref, "second RANK_TABLE section (first " + rankTable + ")");
                rankTable = ref;
                for (RankTrace r : ((RankTable) value).ranks()) acceptRank(ref, r);
                break;
            case SITES:
                if (sites != null) throw corrupt(ref, "second SITES section");
                List<CallSite> table = ((SiteTable) value).sites();
                String sitesProblem = TraceRules.sitesProblem(table);
                if (sitesProblem != null) throw corrupt(ref, sitesProblem);
                sites = table;
                break;
            case CALL_PATHS:
                // Checked at END, once the site table gives the site's own paths their signatures.
                if (callPathTable != null) throw corrupt(ref, "second CALL_PATHS section");
                callPathTable = (CallPathTable) value;
                callPathsSection = ref;
                break;
            case GLOBAL:
                if (global != null) throw corrupt(ref, "second GLOBAL section");
                GlobalTrace g = (GlobalTrace) value;
                String shapeProblem = GlobalRules.shapeProblem(g);
                if (shapeProblem != null) throw corrupt(ref, shapeProblem);
                if (!g.ranks().isEmpty() && g.ranks().max() >= meta.worldSize())
                    throw corrupt(ref, "global trace names rank " + g.ranks().max() + " of a " + meta.worldSize() + "-rank job");
                global = g;
                globalSection = ref;
                break;
            case MARKERS:
                if (markers != null) throw corrupt(ref, "second MARKERS section");
                MarkerLog log = (MarkerLog) value;
                if (log.worldSize() != meta.worldSize())
                    throw corrupt(ref, "marker log of " + log.worldSize() + " ranks in a " + meta.worldSize() + "-rank job");
                markers = log;
                break;
            case END:
                int counted = ((EndMark) value).sectionsBefore();
                if (counted != ref.index())
                    throw corrupt(ref, "END counts " + counted + " sections before it, there are " + ref.index());
                if (sites == null) throw corrupt(ref, "no SITES section before END");
                if (lazyUses != null) {
                    for (Map.Entry<Integer, RankUses> e : lazyUses.entrySet()) {
                        String siteProblem = e.getValue().siteProblem(sites.size());
                        if (siteProblem != null) throw corrupt(rankSections.get(e.getKey()), siteProblem);
                    }
                } else {
                    for (RankTrace r : ranks) {
                        String siteProblem = TraceRules.siteProblem(r, sites.size());
                        if (siteProblem != null) throw corrupt(rankSections.get(r.rank()), siteProblem);
                    }
                }
                if (callPathTable != null) {
                    callPaths = callPathTable.resolved(sites);
                    String pathsProblem = TraceRules.callPathsProblem(callPaths);
                    if (pathsProblem != null) throw corrupt(callPathsSection, pathsProblem);
                    checkStacks();
                }
                if (global != null) {
                    String globalProblem = GlobalRules.sitesProblem(global, sites.size());
                    if (globalProblem != null) throw corrupt(globalSection, globalProblem);
                }
                TracingMode mode = TracingMode.of(meta.mode());
                if (mode != null && mode.hasGlobalTrace() && global == null)
                    throw corrupt(ref, "a " + meta.mode() + "-mode trace without its GLOBAL section");
                if (mode != null && mode.clusters() && markers == null)
                    throw corrupt(ref, "a " + meta.mode() + "-mode trace without its MARKERS section");
                ended = true;
                break;
            default:
                throw corrupt(ref, "a " + kind + " section does not belong in a trace file");
        }
    }

    private void acceptRank(SectionRef ref, RankTrace t) throws TraceFormatException {
        String rankProblem = TraceRules.rankProblem(t, meta.worldSize());
        if (rankProblem != null) throw corrupt(ref, rankProblem);
        SectionRef first = rankSections.putIfAbsent(t.rank(), ref);
        if (first != null) throw corrupt(ref, "rank " + t.rank() + " again (first in " + first + ")");
        if (lazyRanks == null) ranks.add(t);
    }

    private void checkStacks() throws TraceFormatException {
        String sitesProblem = TraceRules.callPathSitesProblem(callPaths, sites.size());
        if (sitesProblem != null) throw corrupt(callPathsSection, sitesProblem);
        Map<Long, CallPath> bySignature = TraceRules.bySignature(callPaths);
        if (lazyUses != null) {
            for (Map.Entry<Integer, RankUses> e : lazyUses.entrySet()) {
                String stackProblem = e.getValue().stackProblem(bySignature);
                if (stackProblem != null) throw corrupt(rankSections.get(e.getKey()), stackProblem);
            }
        } else {
            for (RankTrace r : ranks) {
                String stackProblem = TraceRules.stackProblem(r, bySignature);
                if (stackProblem != null) throw corrupt(rankSections.get(r.rank()), stackProblem);
            }
        }
        // An empty table is a trace whose calls all came straight from their sites: nothing to look up.
        if (global != null && !callPaths.isEmpty()) {
            String globalProblem = GlobalRules.stacksProblem(global, bySignature);
            if (globalProblem != null) throw corrupt(globalSection, globalProblem);
        }
    }

    /** The trace, ranks in rank order; no call paths when the file had no CALL_PATHS. Call after END. */
    TraceFile result() {
        ranks.sort(Comparator.comparingInt(RankTrace::rank));
        return new TraceFile(meta, sites, allRanks(), callPaths == null ? List.of() : callPaths, global, markers);
    }

    /** The ranks read so far, in rank order: decoded, or decoded one at a time as they are asked for. */
    private List<RankTrace> allRanks() {
        if (lazyRanks == null) return ranks;
        int[] numbers = lazyRanks.keySet().stream().mapToInt(Integer::intValue).toArray();
        return new RankSections(new ArrayList<>(lazyRanks.values()), numbers, version, label);
    }

    private TraceFormatException corrupt(SectionRef ref, String problem) {
        return TraceFormatException.corrupt(label, ref, problem);
    }
}
