package org.mpjtrace.trace.cluster;

import java.util.ArrayList;
import java.util.List;

/** The rank signatures that two well-known communication patterns give, indexed by rank. */
final class Workloads {

    private Workloads() {}

    /**
     * A five-point stencil on a non-periodic px by py grid (rank = x + px * y): each rank talks to its
     * neighbours north, south, west and east where they exist, so its Call-Path depends on how many it
     * has and its end-points are the mean of its neighbours.
     */
    static List<RankSignature> stencil(int px, int py) {
        List<RankSignature> out = new ArrayList<>();
        for (int r = 0; r < px * py; r++) {
            int x = r % px, y = r / px;
            List<Integer> neighbours = new ArrayList<>();
            if (y > 0) neighbours.add(r - px);
            if (y < py - 1) neighbours.add(r + px);
            if (x > 0) neighbours.add(r - 1);
            if (x < px - 1) neighbours.add(r + 1);
            int rank = r;
            // From the integer differences, as a tracer would average them: abs - r could differ in the last bit.
            double rel = neighbours.stream().mapToInt(n -> n - rank).average().orElseThrow();
            double abs = neighbours.stream().mapToInt(Integer::intValue).average().orElseThrow();
            out.add(new RankSignature(r, neighbours.size(), rel, rel, abs, abs));
        }
        return out;
    }

    /** Rank 0 sends to and receives from every other rank; each worker talks to rank 0 only. */
    static List<RankSignature> masterWorker(int size) {
        List<RankSignature> out = new ArrayList<>();
        double meanWorker = size / 2.0; // of 1 .. size - 1
        out.add(new RankSignature(0, 100, meanWorker, meanWorker, meanWorker, meanWorker));
        for (int w = 1; w < size; w++) out.add(new RankSignature(w, 200, -w, -w, 0, 0));
        return out;
    }
}
