package org.mpjtrace.cli.phases;

import java.util.List;

/**
 * Ranks whose phases are the same: the same boundaries as call indices, the same patterns in each phase
 * (pattern ids shared by the ranks: {@link PatternIds}) and the same threshold t. What an SPMD program's
 * ranks usually share, and where they differ (a root rank, the ends of a ring) the classes show it.
 *
 * @param ranks     the ranks, ascending
 * @param threshold the t their trees were cut at
 * @param phases    the phases of the class's first rank, their times the mean over the class's ranks
 */
public record RankClass(List<Integer> ranks, int threshold, List<Phase> phases) {

    public RankClass {
        ranks = List.copyOf(ranks);
        phases = List.copyOf(phases);
    }

    /** The ranks compactly, runs of consecutive ranks as first-last: {@code 0,2-5}. */
    public String compactRanks() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < ranks.size(); ) {
            int j = i;
            while (j + 1 < ranks.size() && ranks.get(j + 1) == ranks.get(j) + 1) j++;
            if (sb.length() > 0) sb.append(',');
            sb.append(ranks.get(i));
            if (j > i) sb.append('-').append(ranks.get(j));
            i = j + 1;
        }
        return sb.toString();
    }
}
