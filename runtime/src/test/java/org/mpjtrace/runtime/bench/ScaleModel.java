package org.mpjtrace.runtime.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.mpjtrace.runtime.sink.FoldBenchSupport;
import org.mpjtrace.signatures.cluster.BinomialTree;
import org.mpjtrace.trace.cluster.RankSignature;
import org.mpjtrace.trace.fold.TraceNode;
import org.mpjtrace.trace.global.GlobalTrace;
import org.mpjtrace.trace.global.TraceMerge;
import org.mpjtrace.trace.io.GlobalCodec;
import org.mpjtrace.trace.io.TraceFormatException;
import org.mpjtrace.trace.ranks.RankSet;

/**
 * A model of the whole pipeline at P ranks, mode full against mode chameleon, run with the production
 * merge, clustering and codecs over synthetic per-rank traces of a 2-D stencil (issue 30 item 4); what
 * bench/scale-model.sh prints, one JSON line per P.
 *
 * <p>Per-rank traces: {@link FoldBenchSupport#stencilRecords} of each rank of a rows x cols grid (2 to 4
 * halo neighbours by position, Irecv/Isend/Waitall a step, an Allreduce every 10th step) folded by the
 * production {@code RankLoopFolder}. Peers are stored relative, so the fold depends on the rank only by
 * its boundary class (nine) and its timing jitter: the model folds {@code variants} ranks of each class and
 * gives every other rank of the class one of those folds (in turn), so folding is not P-bound.
 *
 * <p>Mode full ({@code FinalMerge}): every node of the binomial tree of all P ranks really runs: decode
 * each child's bytes ({@link GlobalCodec}), {@link TraceMerge#merge} them into its own, encode its result for
 * its parent; rank 0 encodes the result once more for the file, all before MPI.Finalize returns. Mode
 * chameleon at one acted-on marker ({@link MarkerModel}): the vote, the clustering (state C only) and the
 * leads' merge, each where the production code runs it, rank 0's merge of the leads' blocks on its writer
 * thread off the ranks' critical path. The MPJ sends and receives are not run (those classes need MPJ):
 * the bytes the sender encoded are handed to the receiver, and each message is charged {@code latency +
 * bytes / bandwidth} ({@link ModelClock}), both measured on niodev loopback by the example PingPong
 * (docs/benchmarks.md, "Scale model").
 *
 * <p>Time is the critical path over each node's measured CPU work (System.nanoTime, the shortest of
 * {@code timing} runs), as in {@link AcurdionTreeSimulation}: up a tree {@code t = max(t, T(child) +
 * transfer) + decode + merge} over the children nearest first, plus the node's encode; down the tree a node
 * forwards before it decodes ({@link AcurdionTreeSimulation#arrivals}). Nothing is extrapolated: every
 * message of every level is encoded, decoded and merged for real (65,535 merges at 65,536 ranks, about 15 s
 * on this project's 2-core machine). The targets (a tenth, a hundredth) do not hold for a marker in
 * state C, whose vote and clustering are O(log P) messages deep as full's merge is; see docs/benchmarks.md.
 *
 * <p>Output keys: the four ({@code clustered_ms} is a marker in state C: vote, clustering and the
 * leads' merge on the critical path), then {@code ratio_ms} (clustered / full), {@code marker_l_ms} and
 * {@code ratio_l} (a marker in state L: vote and leads' merge), {@code full_cpu_ms} (the sum of all nodes'
 * merge work), {@code full_tree_bytes} (all messages of the tree), {@code full_largest_message}, {@code
 * full_write_ms} (rank 0's encoding for the file), {@code vote_ms}, {@code clustering_ms} (up and down),
 * {@code leads_ms} (the leads' merge on the critical path), {@code writer_ms} (rank 0's writer thread: the
 * blocks decoded, merged and encoded for the file), {@code clusters}, {@code clustering_message} (bytes of
 * the root's clustering), {@code clustered_cpu_ms} (every rank's work at the marker, the writer's
 * included), {@code lead_block_ms} (the longest of the leads' {@code GlobalTrace.ofRanks}), {@code
 * lead_largest_merge_ms} (the longest decode + merge of one block) and {@code lead_largest_merge_ranks}
 * (the ranks that merge's result stands for). {@code full_bytes} is the encoded merged trace of the run
 * (the file's global trace), {@code clustered_bytes} the encoded merged block of one marker plus the
 * clustering message.
 */
public final class ScaleModel {
    private final ModelClock clock;

    ScaleModel(ModelClock clock) {
        this.clock = clock;
    }

    /** The number of rounds of the binomial tree of P ranks: ceil(log2 P). */
    static int levels(int p) {
        return p <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(p - 1);
    }

    /** How many messages go up the binomial tree of P ranks at round {@code level}: children at distance 2^level. */
    static int messagesAtLevel(int p, int level) {
        int n = 0;
        for (int r = 0; r < p; r++) for (int child : BinomialTree.children(r, p)) if (child - r == 1 << level) n++;
        return n;
    }

    /** The grid of P ranks: cols the smallest divisor of P at least sqrt P (as AcurdionTreeSimulation). */
    static int[] grid(int p) {
        int cols = (int) Math.ceil(Math.sqrt(p));
        while (p % cols != 0) cols++;
        return new int[] {p / cols, cols};
    }

    /** A rank's boundary class on the grid, 0..8: (top, middle, bottom) x (left, middle, right). */
    static int boundaryClass(int rank, int rows, int cols) {
        int i = rank / cols, j = rank % cols;
        int r = i == 0 ? 0 : i == rows - 1 ? 2 : 1, c = j == 0 ? 0 : j == cols - 1 ? 2 : 1;
        return 3 * r + c;
    }

    /** The halo neighbours of a rank, in the order of the synthetic records. */
    static int[] neighbours(int rank, int rows, int cols) {
        int i = rank / cols, j = rank % cols;
        int[] all = {i > 0 ? rank - cols : -1, i < rows - 1 ? rank + cols : -1, j > 0 ? rank - 1 : -1, j < cols - 1 ? rank + 1 : -1};
        return Arrays.stream(all).filter(x -> x >= 0).toArray();
    }

    /** Every rank's folded trace of {@code steps} steps, {@code variants} real folds per boundary class. */
    static List<TraceNode>[] traces(int p, int steps, int variants) {
        int[] g = grid(p);
        @SuppressWarnings("unchecked")
        List<TraceNode>[] out = new List[p];
        Map<Integer, List<List<TraceNode>>> folds = new HashMap<>();
        int[] seen = new int[9];
        for (int r = 0; r < p; r++) {
            int c = boundaryClass(r, g[0], g[1]);
            List<List<TraceNode>> mine = folds.computeIfAbsent(c, x -> new ArrayList<>());
            if (mine.size() < variants) mine.add(FoldBenchSupport.stencilPartialTrace(r, g[0], g[1], steps, Math.max(p, 2)));
            out[r] = mine.get(seen[c]++ % mine.size());
        }
        return out;
    }

    /** Result of one model at P: times in ns, sizes in bytes. */
    record Result(int p, long fullNs, int fullBytes, long fullCpuNs, long fullTreeBytes, int fullLargestMessage, long fullWriteNs,
                  MarkerModel marker) {
        String json() {
            MarkerModel m = marker;
            return String.format(Locale.ROOT, "{\"ranks\":%d,\"full_merge_ms\":%.3f,\"clustered_ms\":%.3f,\"full_bytes\":%d,\"clustered_bytes\":%d,"
                            + "\"ratio_ms\":%.4f,\"marker_l_ms\":%.3f,\"ratio_l\":%.4f,\"full_cpu_ms\":%.1f,\"full_tree_bytes\":%d,"
                            + "\"full_largest_message\":%d,\"full_write_ms\":%.3f,\"vote_ms\":%.3f,\"clustering_ms\":%.3f,\"leads_ms\":%.3f,"
                            + "\"writer_ms\":%.3f,\"clusters\":%d,\"clustering_message\":%d,\"clustered_cpu_ms\":%.1f,\"lead_block_ms\":%.3f,"
                            + "\"lead_largest_merge_ms\":%.3f,\"lead_largest_merge_ranks\":%d}",
                    p, fullNs / 1e6, m.markerC() / 1e6, fullBytes, m.blockBytes() + m.clusteringMessage(), (double) m.markerC() / fullNs,
                    m.markerL() / 1e6, (double) m.markerL() / fullNs, fullCpuNs / 1e6, fullTreeBytes, fullLargestMessage, fullWriteNs / 1e6,
                    m.voteNs() / 1e6, m.clusteringNs() / 1e6, m.leadsNs() / 1e6, m.writerNs() / 1e6, m.clusters(), m.clusteringMessage(),
                    m.cpuNs() / 1e6, m.leadBlockNs() / 1e6, m.largestMergeNs() / 1e6, m.largestMergeRanks());
        }
    }

    /** The model at P: full's merge of the whole run ({@code fullSteps}) and chameleon at one marker ({@code intervalSteps}). */
    Result model(int p, int fullSteps, int intervalSteps, int k, int variants) {
        // Mode full: the binomial tree of all ranks, every node run.
        List<TraceNode>[] whole = traces(p, fullSteps, variants);
        long[] t = new long[p];
        byte[][] message = new byte[p][];
        long cpu = 0, treeBytes = 0;
        int largest = 0;
        GlobalTrace root = null;
        for (int r = p - 1; r >= 0; r--) {
            int node = r;
            GlobalTrace mine = GlobalTrace.ofRank(r, whole[r]);
            long time = 0;
            for (int child : BinomialTree.children(r, p)) {
                byte[] bytes = message[child];
                message[child] = null;
                GlobalTrace before = mine;
                mine = clock.timed(() -> TraceMerge.merge(before, decode(bytes)));
                cpu += clock.lastWork();
                time = Math.max(time, t[child] + clock.transfer(bytes.length)) + clock.lastWork();
                treeBytes += bytes.length;
                largest = Math.max(largest, bytes.length);
            }
            whole[node] = null;
            if (r > 0) {
                GlobalTrace done = mine;
                message[r] = clock.timed(() -> GlobalCodec.encode(done));
                cpu += clock.lastWork();
                time += clock.lastWork();
            } else {
                root = mine;
            }
            t[r] = time;
        }
        GlobalTrace fullRoot = root;
        byte[] fullFile = clock.timed(() -> GlobalCodec.encode(fullRoot));
        long fullWrite = clock.lastWork();
        if (!fullRoot.ranks().equals(RankSet.range(0, p, 1)))
            throw new IllegalStateException("full merge covers " + fullRoot.ranks().size() + " ranks, not " + p);
        whole = null;
        root = null;
        MarkerModel marker = MarkerModel.of(p, traces(p, intervalSteps, variants), k, clock);
        return new Result(p, t[0] + fullWrite, fullFile.length, cpu + fullWrite, treeBytes, largest, fullWrite, marker);
    }

    /** A rank's chameleon signature: its fold's shape, the mean relative and absolute halo peer (sources and destinations alike). */
    static RankSignature signature(int rank, int rows, int cols, long shape) {
        int[] peers = neighbours(rank, rows, cols);
        double rel = 0, abs = 0;
        for (int q : peers) {
            rel += q - rank;
            abs += q;
        }
        int n = Math.max(1, peers.length);
        return new RankSignature(rank, shape, rel / n, rel / n, abs / n, abs / n);
    }

    static GlobalTrace decode(byte[] bytes) {
        try {
            return GlobalCodec.decode(bytes);
        } catch (TraceFormatException e) {
            throw new IllegalStateException("a merge message did not decode", e);
        }
    }

    public static void main(String[] args) throws Exception {
        List<Integer> ps = new ArrayList<>();
        double latencyUs = 0, bandwidth = 0;
        int timing = 3, fullSteps = 1000, intervalSteps = 100, k = 9, variants = 4;
        boolean warmup = true;
        for (String a : args) {
            int eq = a.indexOf('=');
            if (eq < 0) {
                ps.add(Integer.parseInt(a));
                continue;
            }
            String key = a.substring(0, eq), value = a.substring(eq + 1);
            switch (key) {
                case "latency-us" -> latencyUs = Double.parseDouble(value);
                case "bandwidth-mbps" -> bandwidth = Double.parseDouble(value);
                case "timing" -> timing = Integer.parseInt(value);
                case "steps" -> fullSteps = Integer.parseInt(value);
                case "interval" -> intervalSteps = Integer.parseInt(value);
                case "k" -> k = Integer.parseInt(value);
                case "variants" -> variants = Integer.parseInt(value);
                case "warmup" -> warmup = Boolean.parseBoolean(value);
                default -> {
                    System.err.println("ScaleModel: unknown key " + key);
                    System.exit(2);
                }
            }
        }
        if (ps.isEmpty() || ps.stream().anyMatch(p -> p < 2) || timing < 1 || k < 1 || variants < 1) {
            System.err.println("usage: ScaleModel P... [latency-us=L] [bandwidth-mbps=W] [timing=3] [steps=1000] [interval=100] [k=9] [variants=4] [warmup=true]");
            System.exit(2);
        }
        ScaleModel model = new ScaleModel(new ModelClock(latencyUs, bandwidth, timing));
        int largest = ps.stream().mapToInt(Integer::intValue).max().getAsInt();
        if (warmup) { // warm-up (JIT); warmup=false models code run once in a fresh JVM, as a real job's merge at Finalize
            long warm = System.nanoTime();
            model.model(Math.min(largest, 4096), fullSteps, intervalSteps, k, variants);
            System.err.printf(Locale.ROOT, "scale-model: warm-up at P = %d in %.1f s%n", Math.min(largest, 4096), (System.nanoTime() - warm) / 1e9);
        }
        for (int p : ps) {
            System.gc();
            long start = System.nanoTime();
            Result r = model.model(p, fullSteps, intervalSteps, k, variants);
            System.out.println(r.json());
            System.out.flush();
            System.err.printf(Locale.ROOT, "scale-model: P = %d modelled in %.1f s%n", p, (System.nanoTime() - start) / 1e9);
        }
    }
}
