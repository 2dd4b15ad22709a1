package org.mpjtrace.trace.io;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mpjtrace.trace.CallSite;
import org.mpjtrace.trace.JobMeta;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;

/**
 * Puts a trace file's decoded sections together, checking the rules that span sections: META first
 * and once, each rank once and within the world, one SITES, an END that counts right, and every
 * event's site in the table.
 */
final class TraceAssembler {
    private final String label;
    private JobMeta meta;
    private List<CallSite> sites;
    private final List<RankTrace> ranks = new ArrayList<>();
    private final Map<Integer, SectionRef> rankSections = new HashMap<>();
    private boolean ended;

    TraceAssembler(String label) {
        this.label = label;
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
                RankTrace t = (RankTrace) value;
                String rankProblem = TraceRules.rankProblem(t, meta.worldSize());
                if (rankProblem != null) throw corrupt(ref, rankProblem);
                SectionRef first = rankSections.putIfAbsent(t.rank(), ref);
                if (first != null) throw corrupt(ref, "rank " + t.rank() + " again (first in " + first + ")");
                ranks.add(t);
                break;
            case SITES:
                if (sites != null) throw corrupt(ref, "second SITES section");
                List<CallSite> table = ((SiteTable) value).sites();
                String sitesProblem = TraceRules.sitesProblem(table);
                if (sitesProblem != null) throw corrupt(ref, sitesProblem);
                sites = table;
                break;
            case END:
                int counted = ((EndMark) value).sectionsBefore();
                if (counted != ref.index())
                    throw corrupt(ref, "END counts " + counted + " sections before it, there are " + ref.index());
                if (sites == null) throw corrupt(ref, "no SITES section before END");
                for (RankTrace r : ranks) {
                    String siteProblem = TraceRules.siteProblem(r, sites.size());
                    if (siteProblem != null) throw corrupt(rankSections.get(r.rank()), siteProblem);
                }
                ended = true;
                break;
            default:
                throw corrupt(ref, "a " + kind + " section does not belong in a trace file");
        }
    }

    /** The trace, ranks in rank order. Call after END. */
    TraceFile result() {
        ranks.sort(Comparator.comparingInt(RankTrace::rank));
        return new TraceFile(meta, sites, ranks);
    }

    private TraceFormatException corrupt(SectionRef ref, String problem) {
        return TraceFormatException.corrupt(label, ref, problem);
    }
}
