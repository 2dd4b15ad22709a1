package org.mpjtrace.cli.format;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceMemory;
import org.mpjtrace.trace.cluster.MarkerState;
import org.mpjtrace.trace.ranks.RankSet;

/**
 * The trace memory the ranks held at markers, per state (the Chameleon paper's Table IV): markers
 * passed, mean and largest bytes of the partial trace. Ranks with the same figures share one row under
 * their ranklist, so the table stays as short as the number of behaviours, not of ranks; typically
 * the leads differ and every non-lead shares the row with 0 bytes in L.
 */
final class TraceMemoryTable {
    private static final MarkerState[] STATES = {MarkerState.AT, MarkerState.C, MarkerState.L, MarkerState.F};

    private TraceMemoryTable() {}

    static void print(PrintWriter out, List<RankTrace> ranks) {
        // Rows keyed by their printed figures, in the order of their first rank.
        Map<List<String>, List<Integer>> rows = new LinkedHashMap<>();
        for (RankTrace r : ranks) rows.computeIfAbsent(figures(r.stats().memory()), f -> new ArrayList<>()).add(r.rank());

        List<String> headers = new ArrayList<>(List.of("ranks"));
        for (MarkerState s : STATES) headers.addAll(List.of(">" + s + " n", ">" + s + " mean", ">" + s + " max"));
        TextTable table = new TextTable(headers.toArray(new String[0]));
        rows.forEach((figures, members) -> {
            List<Object> cells = new ArrayList<>();
            cells.add(RankSet.of(members.stream().mapToInt(Integer::intValue).toArray()));
            cells.addAll(figures);
            table.row(cells.toArray());
        });
        if (table.isEmpty()) out.println("  (no rank sections in this file)");
        else table.print(out, "  ");
    }

    /** Per state: markers, mean bytes, max bytes; "-" for the bytes of a state the rank never passed. */
    private static List<String> figures(TraceMemory m) {
        List<String> f = new ArrayList<>(STATES.length * 3);
        for (MarkerState s : STATES) {
            long n = m.markers()[s.code];
            f.add(Long.toString(n));
            f.add(n == 0 ? "-" : Long.toString(Math.round((double) m.sumBytes()[s.code] / n)));
            f.add(n == 0 ? "-" : Long.toString(m.maxBytes()[s.code]));
        }
        return f;
    }
}
