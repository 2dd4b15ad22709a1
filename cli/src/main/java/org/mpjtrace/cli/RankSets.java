package org.mpjtrace.cli;

import java.util.ArrayList;
import java.util.List;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;

/** Says which ranks a trace holds, compactly ("ranks 0-15", "ranks 0-3, 5"), for error messages. */
final class RankSets {

    private RankSets() {}

    static String describe(TraceFile trace) {
        List<Integer> ranks = new ArrayList<>();
        for (RankTrace r : trace.ranks()) ranks.add(r.rank());
        if (ranks.isEmpty()) return "it holds no ranks";
        StringBuilder sb = new StringBuilder(ranks.size() == 1 ? "it holds rank " : "it holds ranks ");
        int i = 0;
        while (i < ranks.size()) {
            int j = i;
            while (j + 1 < ranks.size() && ranks.get(j + 1) == ranks.get(j) + 1) j++;
            if (i > 0) sb.append(", ");
            sb.append(ranks.get(i));
            if (j > i) sb.append('-').append(ranks.get(j));
            i = j + 1;
        }
        return sb.toString();
    }
}
