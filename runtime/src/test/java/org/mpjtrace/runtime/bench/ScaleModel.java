package org.mpjtrace.runtime.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import org.mpjtrace.runtime.sink.FoldBenchSupport;
import org.mpjtrace.signatures.cluster.BinomialTree;
import org.mpjtrace.trace.cluster.Cluster;
import org.mpjtrace.trace.cluster.ClusterSets;
import org.mpjtrace.trace.cluster.Clustering;
import org.mpjtrace.trace.cluster.ClusteringCodec;
import org.mpjtrace.trace.cluster.RankSignature;
import org.mpjtrace.trace.fold.TraceNode;
import org.mpjtrace.trace.fold.TraceShapeSignature;
import org.mpjtrace.trace.global.GlobalTrace;
import org.mpjtrace.trace.global.TraceMerge;
import org.mpjtrace.trace.io.GlobalCodec;
import org.mpjtrace.trace.io.TraceFormatException;

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
 * its parent; rank 0 encodes the result once more for the file. Mode chameleon at one marker: the
 * clustering of {@code ClusterTree} ({@link ClusterSets} up the same tree with the ranks' {@link
 * RankSignature}s, the call-path being {@link TraceShapeSignature} of the rank's real fold, the root's
 * {@link ClusteringCodec} message down to every node), then {@code LeadMerge}'s radix-8 tree of the K
 * leads (each lead's partial trace of one interval as its cluster's block, encoded, sent, decoded and
 * merged in lead order at rank 0), then rank 0's encoding of the merged block for the file. The MPJ
 * sends and receives are not run (those classes need MPJ): the bytes the sender encoded are handed to
 * the receiver, and each message is charged {@code latency + bytes / bandwidth}, both measured on niodev
 * loopback by the example PingPong (docs/benchmarks.md, "Scale model").
 *
 * <p>Time is the critical path over each node's measured CPU work (System.nanoTime, the shortest of
 * {@code timing} runs), as in {@link AcurdionTreeSimulation}: up a tree {@code t = max(t, T(child) +
 * transfer) + decode + merge} over the children nearest first, plus the node's encode; down the tree a node
 * forwards before it decodes ({@link AcurdionTreeSimulation#arrivals}). Nothing is extrapolated: every
 * message of every level is encoded, decoded and merged for real (65,535 merges at 65,536 ranks; the whole
 * model at that P took 11.3 s on this project's 2-core machine, 2026-11-26). Measured there with niodev's
 * 36 us and 1,400 MB/s: at 65,536 ranks full's merge 25.1 ms, chameleon's marker 28.3 ms, both files'
 * traces about 1 kB; the targets (a tenth, a hundredth) do not hold, see docs/benchmarks.md.
 *
 * <p>Output keys after the four of the issue: {@code ratio_ms} (clustered / full), {@code full_cpu_ms} (the
 * sum of all nodes' merge work), {@code full_tree_bytes} (all messages of the tree), {@code
 * full_largest_message}, {@code full_write_ms} (rank 0's encoding for the file), {@code clustering_ms} (up
 * and down), {@code lead_merge_ms} (the leads' tree to rank 0), {@code clustered_write_ms}, {@code clusters},
 * {@code clustering_message} (bytes of the root's clustering), {@code clustered_cpu_ms}, {@code
 * lead_block_ms} (the longest of the leads' {@code GlobalTrace.ofRanks}, giving a partial trace its
 * cluster's ranks), {@code lead_largest_merge_ms} (the longest of the leads' decode + merge of one block) and {@code
 * lead_largest_merge_ranks} (the ranks that merge's result stands for: TraceMerge's cost grows with the
 * ranks the traces stand for, not with their bytes, which stay below 450 B a block).
 * {@code full_bytes} is the encoded merged trace of the run (the file's global trace),
 * {@code clustered_bytes} the encoded merged block of one marker plus the clustering message.
 */
public final class ScaleModel {
    /** Leads' merge tree: children per lead, as in LeadMerge. */
    static final int RADIX = 8;

    private final double latencyNs;
    private final double nsPerByte;
    private final int timing;
    private long lastWork;

    ScaleModel(double latencyUs, double bandwidthMBps, int timing) {
        this.latencyNs = latencyUs * 1000;
        this.nsPerByte = bandwidthMBps <= 0 ? 0 : 1000.0 / bandwidthMBps;
        this.timing = timing;
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
    record Result(int p, long fullNs, long clusteredNs, int fullBytes, int clusteredBytes, long fullCpuNs, long fullTreeBytes, int fullLargestMessage,
                  long clusteringNs, long leadMergeNs, long clusteredWriteNs, long fullWriteNs, int clusters, int clusteringMessage, long clusteredCpuNs,
                  long leadBlockNs, long leadLargestMergeNs, int leadLargestMergeRanks) {
        String json() {
            return String.format(Locale.ROOT, "{\"ranks\":%d,\"full_merge_ms\":%.3f,\"clustered_ms\":%.3f,\"full_bytes\":%d,\"clustered_bytes\":%d,"
                            + "\"ratio_ms\":%.4f,\"full_cpu_ms\":%.1f,\"full_tree_bytes\":%d,\"full_largest_message\":%d,\"full_write_ms\":%.3f,"
                            + "\"clustering_ms\":%.3f,\"lead_merge_ms\":%.3f,\"clustered_write_ms\":%.3f,\"clusters\":%d,\"clustering_message\":%d,"
                            + "\"clustered_cpu_ms\":%.1f,\"lead_block_ms\":%.3f,\"lead_largest_merge_ms\":%.3f,\"lead_largest_merge_ranks\":%d}",
                    p, fullNs / 1e6, clusteredNs / 1e6, fullBytes, clusteredBytes, (double) clusteredNs / fullNs, fullCpuNs / 1e6, fullTreeBytes,
                    fullLargestMessage, fullWriteNs / 1e6, clusteringNs / 1e6, leadMergeNs / 1e6, clusteredWriteNs / 1e6, clusters, clusteringMessage,
                    clusteredCpuNs / 1e6, leadBlockNs / 1e6, leadLargestMergeNs / 1e6, leadLargestMergeRanks);
        }
    }

    long transfer(int bytes) {
        return Math.round(latencyNs + bytes * nsPerByte);
    }

    /** The model at P: full's merge of the whole run ({@code fullSteps}) and chameleon at one marker ({@code intervalSteps}). */
    Result model(int p, int fullSteps, int intervalSteps, int k, int variants) throws TraceFormatException {
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
                mine = timed(() -> TraceMerge.merge(before, decode(bytes)));
                cpu += lastWork;
                time = Math.max(time, t[child] + transfer(bytes.length)) + lastWork;
                treeBytes += bytes.length;
                largest = Math.max(largest, bytes.length);
            }
            whole[node] = null;
            if (r > 0) {
                GlobalTrace done = mine;
                message[r] = timed(() -> GlobalCodec.encode(done));
                cpu += lastWork;
                time += lastWork;
            } else {
                root = mine;
            }
            t[r] = time;
        }
        GlobalTrace fullRoot = root;
        byte[] fullFile = timed(() -> GlobalCodec.encode(fullRoot));
        long fullWrite = lastWork;
        long fullNs = t[0] + fullWrite;
        if (!fullRoot.ranks().equals(org.mpjtrace.trace.ranks.RankSet.range(0, p, 1)))
            throw new IllegalStateException("full merge covers " + fullRoot.ranks().size() + " ranks, not " + p);
        long fullCpu = cpu + fullWrite;
        whole = null;
        root = null;

        // Mode chameleon at one marker: the clustering (ClusterTree), up then down.
        List<TraceNode>[] partial = traces(p, intervalSteps, variants);
        int[] g = grid(p);
        long ccpu = 0;
        long[] up = new long[p];
        byte[][] setMessage = new byte[p][];
        byte[] result = null;
        Map<List<TraceNode>, Long> shapes = new HashMap<>();
        for (int r = p - 1; r >= 0; r--) {
            RankSignature sig = signature(r, g[0], g[1], shapes.computeIfAbsent(partial[r], TraceShapeSignature::of));
            ClusterSets sets = timed(() -> ClusterSets.of(sig));
            ccpu += lastWork;
            long time = lastWork;
            for (int child : BinomialTree.children(r, p)) {
                byte[] bytes = setMessage[child];
                setMessage[child] = null;
                ClusterSets before = sets;
                sets = timed(() -> before.merge(ClusterSets.decode(bytes, p), k));
                ccpu += lastWork;
                time = Math.max(time, up[child] + transfer(bytes.length)) + lastWork;
            }
            ClusterSets done = sets;
            if (r > 0) {
                setMessage[r] = timed(done::encode);
            } else {
                long nanos = time;
                result = timed(() -> ClusteringCodec.encode(done.result(nanos)));
            }
            ccpu += lastWork;
            up[r] = time + lastWork;
        }
        byte[] resultBytes = result;
        long[] arrival = AcurdionTreeSimulation.arrivals(p, transfer(resultBytes.length));
        Clustering clustering = ClusteringCodec.decode(resultBytes, p);
        long down = 0;
        for (int r = 1; r < p; r++) {
            Clustering c = timed(() -> ClusteringCodec.decode(resultBytes, p));
            ccpu += lastWork;
            down = Math.max(down, arrival[r] + lastWork);
            if (r == p - 1 && !c.equals(clustering)) throw new IllegalStateException("rank " + r + " decoded another clustering");
        }
        long clusteringNs = up[0] + down;

        // The leads' merge (LeadMerge): a radix tree of the leads in rank order, its root's result to rank 0.
        int[] leads = clustering.leads();
        Arrays.sort(leads);
        GlobalTrace[] block = new GlobalTrace[leads.length];
        long[] lt = new long[leads.length];
        long leadBlock = 0, leadLargestMerge = 0;
        int leadLargestMergeRanks = 0;
        byte[][] leadMessage = new byte[leads.length][];
        for (int i = leads.length - 1; i >= 0; i--) {
            Cluster cluster = clustering.clusterOf(leads[i]);
            int lead = leads[i];
            List<TraceNode> nodes = partial[lead];
            GlobalTrace mine = timed(() -> clustering.absoluteEndpoints() && cluster.members().size() > 1
                    ? GlobalTrace.ofRanksWithAbsolutePeers(cluster.members(), lead, p, nodes) : GlobalTrace.ofRanks(cluster.members(), nodes));
            ccpu += lastWork;
            leadBlock = Math.max(leadBlock, lastWork);
            long time = lastWork;
            for (int c = RADIX * i + 1; c <= RADIX * i + RADIX && c < leads.length; c++) {
                byte[] bytes = leadMessage[c];
                GlobalTrace before = mine;
                mine = timed(() -> TraceMerge.merge(before, decode(bytes)));
                ccpu += lastWork;
                if (lastWork > leadLargestMerge) {
                    leadLargestMerge = lastWork;
                    leadLargestMergeRanks = mine.ranks().size();
                }
                time = Math.max(time, lt[c] + transfer(bytes.length)) + lastWork;
            }
            block[i] = mine;
            if (i > 0 || lead != 0) {
                GlobalTrace done = mine;
                leadMessage[i] = timed(() -> GlobalCodec.encode(done));
                ccpu += lastWork;
                time += lastWork;
            }
            lt[i] = time;
        }
        long leadNs = lt[0];
        GlobalTrace merged = block[0];
        if (leads[0] != 0) { // the leads' root hands its result to rank 0, which decodes it
            byte[] bytes = leadMessage[0];
            merged = timed(() -> decode(bytes));
            ccpu += lastWork;
            leadNs += transfer(bytes.length) + lastWork;
        }
        GlobalTrace clusteredRoot = merged;
        byte[] clusteredFile = timed(() -> GlobalCodec.encode(clusteredRoot));
        long clusteredWrite = lastWork;
        ccpu += lastWork;
        if (!clusteredRoot.ranks().equals(org.mpjtrace.trace.ranks.RankSet.range(0, p, 1)))
            throw new IllegalStateException("lead merge covers " + clusteredRoot.ranks().size() + " ranks, not " + p);
        long clusteredNs = clusteringNs + leadNs + clusteredWrite;
        return new Result(p, fullNs, clusteredNs, fullFile.length, clusteredFile.length + resultBytes.length, fullCpu, treeBytes, largest,
                clusteringNs, leadNs, clusteredWrite, fullWrite, clustering.clusters().size(), resultBytes.length, ccpu, leadBlock, leadLargestMerge, leadLargestMergeRanks);
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

    private static GlobalTrace decode(byte[] bytes) {
        try {
            return GlobalCodec.decode(bytes);
        } catch (TraceFormatException e) {
            throw new IllegalStateException("a merge message did not decode", e);
        }
    }

    private <T> T timed(Supplier<T> work) {
        Shortest<T> s = Shortest.of(timing, work);
        lastWork = s.nanos();
        return s.result();
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
        ScaleModel model = new ScaleModel(latencyUs, bandwidth, timing);
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
