package org.mpjtrace.trace.io.serial;

import java.util.List;
import org.mpjtrace.trace.RankTrace;

/**
 * The RANK_TABLE section's object (version 14): the sections of every rank that keeps no calls of its
 * own, in rank order, in one section. In the compressed modes a rank's section is its tables and
 * statistics, about 80 bytes of which most are the same on every rank; one section a rank cost 17
 * bytes of framing each and left LZ4 nothing to match, so the file grew by about 100 bytes a rank
 * (Stencil2D, full: 2,618 B at 9 ranks, 5,313 B at 36). In one section, laid out column by column
 * ({@link RankTableSerializer}), what the ranks share costs once: 2,008 B and 2,290 B.
 */
public record RankTable(List<RankTrace> ranks) {
    public RankTable {
        ranks = List.copyOf(ranks);
    }
}
