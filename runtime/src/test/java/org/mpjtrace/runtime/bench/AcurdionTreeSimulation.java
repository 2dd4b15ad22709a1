package org.mpjtrace.runtime.bench;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.function.Supplier;
import org.mpjtrace.signatures.cluster.BinomialTree;
import org.mpjtrace.signatures.cluster.ClusterOptions;
import org.mpjtrace.signatures.cluster.Signature;
import org.mpjtrace.signatures.cluster.SignatureFormat;
import org.mpjtrace.signatures.cluster.SignatureVector;
import org.mpjtrace.trace.cluster.Cluster;
import org.mpjtrace.trace.cluster.Clustering;
import org.mpjtrace.trace.cluster.ClusteringCodec;
import org.mpjtrace.trace.cluster.SignatureCandidates;
import org.mpjtrace.trace.ranks.RankSet;

/**
 * Mode acurdion's clustering tree (the algorithm of {@code AcurdionTree}) simulated in one thread for
 * large P, with synthetic signatures: how the parallel time grows with the number of ranks.
 *
 * <p>Every node of the binomial tree does exactly what a rank does in {@code AcurdionTree}, with the
 * production classes and the production bytes: Adaptive Signature Building (decode each child's 11 words
 * and format, {@link SignatureFormat#withChild}, encode its own words and format for its parent; the root
 * encodes the format for the broadcast and every other node decodes it), then K-farthest (decode each
 * child's {@link SignatureCandidates} and merge them into its own, encode the result for its parent; the
 * root builds the {@link Clustering} and encodes it with {@link ClusteringCodec}, every other node decodes
 * it). Only the messages are not sent: the bytes the sender encoded are handed to the receiver.
 *
 * <p>Since the nodes run one after the other, the parallel time is computed as the critical path over
 * the measured work of each node (System.nanoTime around each piece, each piece run {@code timing} times
 * and the shortest kept, so that a collection or a preemption does not land on the critical path):
 * <ul>
 *   <li>up sweeps: a node's finish time folds over its children in {@link BinomialTree#children} order
 *       (nearest first, as {@code AcurdionTree} receives them): {@code t = max(t, T(child) + transfer) +
 *       (its decode and merge of that child)}, then plus the encoding of its own message;</li>
 *   <li>down sweeps: a node passes the root's bytes on before it decodes them ({@code AcurdionTree} sends
 *       to its children, largest subtree first, then decodes), so the message arrives at the i-th child a
 *       node sends to at {@code arrival(node) + i * transfer}, and a node is done at {@code arrival + (its
 *       decode)}; the sweep's time is the latest node's, from the root's finish time (its encoding
 *       included).</li>
 * </ul>
 * The transfer of a message costs {@code latency + bytes / bandwidth}, 0 by default (the arguments
 * {@code latency-us} and {@code bandwidth-mbps} set it). The phases are added as if separated by barriers
 * (a rank starts K-farthest only once it has the format, but deeper ranks could start before the root
 * has finished its broadcast), so the total is an upper bound of the chained critical path.
 *
 * <p>Synthetic signatures, deterministic (seeded per rank): ranks on a rows x cols grid (cols the
 * smallest divisor of P at least sqrt P), each interval 10 steps of a 5-point halo exchange with 16
 * doubles per message and a row Allreduce, after a Split of COMM_WORLD into rows (COLOR = row, KEY =
 * column, as NAS CG's transpose). Call-Path by the number of neighbours (2, 3, 4) and one more for rank 0
 * (it also reduces a checksum, a reduction op more in TYPE); SRC and DEST the mean relative neighbour
 * (nine boundary classes); COUNT by the neighbours; LOOP innermost = neighbours, outer 10; TAG constant;
 * COMP and COMM noisy (normal, 10% and 20%). So every rank's signature differs from every other's (COMP,
 * COMM, KEY, COLOR), Adaptive Signature Building selects 10 of the 11 signatures and every node with more
 * than K candidates really reduces its list.
 *
 * <p>Run it with a fixed, pre-touched heap ({@code -Xms3g -Xmx3g -XX:+AlwaysPreTouch}, as
 * bench/acurdion-scaling.sh does): otherwise the page faults of a growing heap fall into the first nodes'
 * timed work (the shortest of a few runs does not remove them) and from there onto the critical path.
 *
 * <p>Arguments (all optional): {@code p=256,1024,...} (default 256 to 65,536 by 4), {@code k=9},
 * {@code reps=5}, {@code timing=3}, {@code seed=1}, {@code latency-us=0}, {@code bandwidth-mbps=0} (0: no transfer cost).
 * Prints a Markdown table of the medians; exits 1 when a clustering is not valid (every rank in exactly
 * one cluster, at most K clusters since the Call-Paths do not outnumber K, no cluster mixing Call-Paths
 * under double-step, every node decoding the root's clustering, at most 2K + 1 candidates at any node).
 */
public final class AcurdionTreeSimulation {
    private static final int WORDS = Signature.values().length;
    private static final ClusterOptions OPTIONS = ClusterOptions.DEFAULT;

    private final int k;
    private final double latencyNs;
    private final double nsPerByte;
    /** How many times each piece of node work is run; its time is the shortest. */
    private final int timing;
    /** The time {@link #timed} measured last. */
    private long lastWork;

    private AcurdionTreeSimulation(int k, int timing, double latencyUs, double bandwidthMBps) {
        this.k = k;
        this.timing = timing;
        this.latencyNs = latencyUs * 1000;
        this.nsPerByte = bandwidthMBps <= 0 ? 0 : 1000.0 / bandwidthMBps;
    }

    /** One simulated clustering: critical paths in ns and what it produced. */
    record Run(int p, long asbUp, long formatDown, long kfUp, long clusteringDown, long cpu, long cpuDecodes, Clustering clustering, int maxHeld,
               int maxUpBytes, int resultBytes, long[] rootChildWork, int[] rootChildren, long medianDecode) {
        long down() {
            return formatDown + clusteringDown;
        }

        long total() {
            return asbUp + formatDown + kfUp + clusteringDown;
        }
    }

    public static void main(String[] args) {
        int[] ps = {256, 1024, 4096, 16384, 65536};
        int k = 9, reps = 5, timing = 3;
        long seed = 1;
        double latencyUs = 0, bandwidth = 0;
        for (String a : args) {
            int eq = a.indexOf('=');
            if (eq < 0) usage("not key=value: " + a);
            String key = a.substring(0, eq), value = a.substring(eq + 1);
            try {
                switch (key) {
                    case "p" -> ps = Arrays.stream(value.split(",")).mapToInt(s -> Integer.parseInt(s.trim())).toArray();
                    case "k" -> k = Integer.parseInt(value);
                    case "reps" -> reps = Integer.parseInt(value);
                    case "timing" -> timing = Integer.parseInt(value);
                    case "seed" -> seed = Long.parseLong(value);
                    case "latency-us" -> latencyUs = Double.parseDouble(value);
                    case "bandwidth-mbps" -> bandwidth = Double.parseDouble(value);
                    default -> usage("unknown key " + key);
                }
            } catch (NumberFormatException e) {
                usage("bad number in " + a);
            }
        }
        if (ps.length == 0 || Arrays.stream(ps).anyMatch(p -> p < 2) || k < 1 || reps < 1 || timing < 1 || latencyUs < 0 || bandwidth < 0)
            usage("p >= 2, k >= 1, reps >= 1, timing >= 1, latency and bandwidth >= 0");
        System.exit(new AcurdionTreeSimulation(k, timing, latencyUs, bandwidth).measure(ps, reps, seed) ? 0 : 1);
    }

    private static void usage(String problem) {
        System.err.println("AcurdionTreeSimulation: " + problem);
        System.err.println("usage: AcurdionTreeSimulation [p=256,1024,...] [k=9] [reps=5] [timing=3] [seed=1] [latency-us=0] [bandwidth-mbps=0]");
        System.exit(2);
    }

    private boolean measure(int[] ps, int reps, long seed) {
        int largest = Arrays.stream(ps).max().getAsInt();
        long warmStart = System.nanoTime();
        SignatureVector[] warm = signatures(largest, seed + 1);
        if (!valid(simulate(warm), warm)) return false;
        System.err.printf(Locale.ROOT, "warm-up: 1 clustering at P = %,d in %.1f s%n", largest, (System.nanoTime() - warmStart) / 1e9);

        List<Run> medians = new ArrayList<>();
        boolean ok = true;
        for (int p : ps) {
            SignatureVector[] sigs = signatures(p, seed);
            List<Run> runs = new ArrayList<>();
            for (int r = 0; r < reps; r++) {
                System.gc();
                Run run = simulate(sigs);
                if (!valid(run, sigs)) ok = false;
                if (!runs.isEmpty() && !runs.get(0).clustering().clusters().equals(run.clustering().clusters())) {
                    System.err.println("P = " + p + ": repetition " + (r + 1) + " clustered differently from the first");
                    ok = false;
                }
                runs.add(run);
            }
            runs.sort(Comparator.comparingLong(Run::total));
            Run median = runs.get(runs.size() / 2);
            medians.add(median);
            System.err.printf(Locale.ROOT, "P = %,d: total critical path %s (of %d runs: %s)%n", p, us(median.total()), reps,
                    String.join(", ", runs.stream().map(r -> us(r.total())).toList()));
        }
        print(medians, reps, seed);
        return ok;
    }

    private void print(List<Run> runs, int reps, long seed) {
        System.out.printf(Locale.ROOT, "K = %d, %s, median of %d runs (the run with the median total), each piece of work the "
                        + "shortest of %d, seed %d, transfer %s%n%n", k, OPTIONS.describe(), reps, timing, seed,
                latencyNs == 0 && nsPerByte == 0 ? "0 (critical path of measured work only)"
                        : String.format(Locale.ROOT, "%.1f us + bytes / %.0f MB/s per message", latencyNs / 1000, 1000 / Math.max(nsPerByte, 1e-9)));
        System.out.println("| P | depth | ASB up | K-farthest up | down (format + clustering) | **total** | sequential CPU "
                + "(clustering decodes) | clusters | max held | largest up message | clustering message |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|---|");
        for (Run r : runs) {
            System.out.printf(Locale.ROOT, "| %,d | %d | %s | %s | %s + %s | **%s** | %s (%s) | %d | %d | %,d B | %,d B |%n", r.p(), depth(r.p()),
                    us(r.asbUp()), us(r.kfUp()), us(r.formatDown()), us(r.clusteringDown()), us(r.total()), ms(r.cpu()), ms(r.cpuDecodes()),
                    r.clustering().clusters().size(), r.maxHeld(), r.maxUpBytes(), r.resultBytes());
        }
        System.out.println();
        for (Run r : runs) {
            System.out.printf(Locale.ROOT, "P = %,d: format %s (%d of %d signatures); a node's decode of the clustering message: "
                            + "median %s%n", r.p(), String.join(" ", SignatureFormat.labels(r.clustering().format())),
                    SignatureFormat.labels(r.clustering().format()).size(), WORDS, us(r.medianDecode()));
        }
        Run last = runs.get(runs.size() - 1), first = runs.get(0);
        System.out.println();
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < last.rootChildren().length; i++) {
            if (i > 0) b.append(", ");
            b.append(BinomialTree.subtreeSize(last.rootChildren()[i], last.p())).append(": ").append(us(last.rootChildWork()[i]));
        }
        System.out.printf(Locale.ROOT, "Root's decode + merge per child at P = %,d (child's subtree size: time): %s%n", last.p(), b);
        if (runs.size() > 1) {
            double ratio = (double) last.total() / first.total();
            System.out.printf(Locale.ROOT, "%nRatio total(%,d) / total(%,d) = %.2f (target <= 3: %s); sequential CPU grew %.0fx for %.0fx the ranks%n",
                    last.p(), first.p(), ratio, ratio <= 3 ? "met" : "NOT met", (double) last.cpu() / first.cpu(),
                    (double) last.p() / first.p());
        }
    }

    private static int depth(int p) {
        return 32 - Integer.numberOfLeadingZeros(p - 1);
    }

    private static String us(long ns) {
        return String.format(Locale.ROOT, "%,.1f us", ns / 1000.0);
    }

    private static String ms(long ns) {
        return String.format(Locale.ROOT, "%,.1f ms", ns / 1e6);
    }

    private long transfer(int bytes) {
        return Math.round(latencyNs + bytes * nsPerByte);
    }

    /** One clustering of P = sigs.length ranks. */
    Run simulate(SignatureVector[] sigs) {
        int p = sigs.length;
        long cpu = 0;

        // Adaptive Signature Building, up. Children have higher ranks than their parent.
        long[] asbUp = new long[p];
        byte[][] asbMessage = new byte[p][];
        byte[] formatMessage = null;
        for (int r = p - 1; r >= 0; r--) {
            long t = 0;
            int format = 0;
            for (int child : BinomialTree.children(r, p)) {
                byte[] bytes = asbMessage[child];
                asbMessage[child] = null;
                int before = format, node = r;
                format = timed(() -> withChild(before, sigs[node], bytes));
                cpu += lastWork;
                t = Math.max(t, asbUp[child] + transfer(bytes.length)) + lastWork;
            }
            int finalFormat = format, node = r;
            if (r == 0) {
                formatMessage = timed(() -> ByteBuffer.allocate(4).putInt(finalFormat).array());
            } else {
                asbMessage[r] = timed(() -> {
                    ByteBuffer up = ByteBuffer.allocate(8 * WORDS + 4);
                    for (long w : sigs[node].words()) up.putLong(w);
                    return up.putInt(finalFormat).array();
                });
            }
            cpu += lastWork;
            asbUp[r] = t + lastWork;
        }

        // The format, down: every node passes the root's 4 bytes on, then decodes them.
        long[] arrival = arrivals(p, transfer(formatMessage.length));
        int[] formats = new int[p];
        formats[0] = ByteBuffer.wrap(formatMessage).getInt();
        long formatDown = 0;
        for (int r = 1; r < p; r++) {
            byte[] message = formatMessage;
            formats[r] = timed(() -> ByteBuffer.wrap(message).getInt());
            cpu += lastWork;
            formatDown = Math.max(formatDown, arrival[r] + lastWork);
        }
        for (int r = 1; r < p; r++) if (formats[r] != formats[0]) throw new IllegalStateException("rank " + r + " decoded another format");

        // K-farthest, up.
        long[] kfUp = new long[p];
        byte[][] kfMessage = new byte[p][];
        byte[] resultMessage = null;
        int maxHeld = 0, maxUpBytes = 0;
        int[] rootChildren = BinomialTree.children(0, p);
        long[] rootChildWork = new long[rootChildren.length];
        for (int r = p - 1; r >= 0; r--) {
            int format = formats[r], node = r;
            SignatureCandidates candidates = timed(() -> SignatureCandidates.of(node, sigs[node]));
            cpu += lastWork;
            long t = lastWork;
            int[] children = BinomialTree.children(r, p);
            for (int i = 0; i < children.length; i++) {
                int child = children[i];
                byte[] bytes = kfMessage[child];
                kfMessage[child] = null;
                SignatureCandidates mine = candidates;
                int[] held = new int[1];
                candidates = timed(() -> {
                    SignatureCandidates theirs = SignatureCandidates.decode(bytes, p);
                    held[0] = mine.size() + theirs.size();
                    return mine.merge(theirs, format, OPTIONS, k);
                });
                cpu += lastWork;
                maxHeld = Math.max(maxHeld, held[0]);
                t = Math.max(t, kfUp[child] + transfer(bytes.length)) + lastWork;
                if (r == 0) rootChildWork[i] = lastWork;
            }
            SignatureCandidates done = candidates;
            if (r == 0) {
                // The root's nanos, as AcurdionTree measures them: from the start of ASB to the result.
                long nanos = asbUp[0] + formatDown + t;
                resultMessage = timed(() -> ClusteringCodec.encode(done.result(format, nanos)));
            } else {
                kfMessage[r] = timed(done::encode);
            }
            cpu += lastWork;
            kfUp[r] = t + lastWork;
            if (r != 0) maxUpBytes = Math.max(maxUpBytes, kfMessage[r].length);
        }

        // The clustering, down: every node passes the root's bytes on, then decodes them.
        arrival = arrivals(p, transfer(resultMessage.length));
        long cpuBeforeDecodes = cpu;
        Clustering root = ClusteringCodec.decode(resultMessage, p);
        long clusteringDown = 0;
        long[] decodes = new long[p - 1];
        for (int r = 1; r < p; r++) {
            byte[] message = resultMessage;
            Clustering c = timed(() -> ClusteringCodec.decode(message, p));
            cpu += lastWork;
            decodes[r - 1] = lastWork;
            clusteringDown = Math.max(clusteringDown, arrival[r] + lastWork);
            if (!c.equals(root)) throw new IllegalStateException("rank " + r + " decoded another clustering");
        }
        Arrays.sort(decodes);
        return new Run(p, asbUp[0], formatDown, kfUp[0], clusteringDown, cpu, cpu - cpuBeforeDecodes, root, maxHeld, maxUpBytes, resultMessage.length,
                rootChildWork, rootChildren, decodes[decodes.length / 2]);
    }

    /**
     * When the root's message reaches each node, counted from the root's send: every node sends to its
     * children one after the other, largest subtree first, each send taking transfer.
     */
    static long[] arrivals(int p, long transfer) {
        long[] arrival = new long[p];
        for (int r = 0; r < p; r++) { // parents have lower ranks than their children
            int[] children = BinomialTree.children(r, p);
            for (int i = children.length - 1, sent = 1; i >= 0; i--, sent++) arrival[children[i]] = arrival[r] + sent * transfer;
        }
        return arrival;
    }

    /**
     * Runs one node's piece of work {@link #timing} times and keeps the shortest time in {@link #lastWork}: all
     * of it is deterministic (each run gives an equal result), and the minimum leaves out what is not the
     * work's (collections, JIT compilation, the other processes of a shared machine), which would otherwise
     * land on some node of every path and inflate the critical path, a maximum over all paths.
     */
    private <T> T timed(Supplier<T> work) {
        Shortest<T> s = Shortest.of(timing, work);
        lastWork = s.nanos();
        return s.result();
    }

    /** What AcurdionTree does with a child's signature message: its checks, then the format with that child. */
    private static int withChild(int format, SignatureVector mine, byte[] bytes) {
        ByteBuffer in = ByteBuffer.wrap(bytes);
        if (in.remaining() != 8 * WORDS + 4) throw new IllegalArgumentException(in.remaining() + " bytes");
        long[] words = new long[WORDS];
        for (int i = 0; i < WORDS; i++) words[i] = in.getLong();
        int childFormat = in.getInt();
        if (!SignatureFormat.valid(childFormat)) throw new IllegalArgumentException("format " + Integer.toHexString(childFormat));
        return SignatureFormat.withChild(format, mine, SignatureVector.ofWords(words), childFormat);
    }

    /** Whether a clustering is one: reports what is wrong on stderr. */
    private boolean valid(Run run, SignatureVector[] sigs) {
        int p = sigs.length;
        Clustering c = run.clustering();
        List<String> problems = new ArrayList<>();
        long callPaths = Arrays.stream(sigs).mapToLong(s -> s.word(Signature.CALL_PATH)).distinct().count();
        long sum = 0;
        RankSet all = RankSet.empty();
        for (Cluster cluster : c.clusters()) {
            sum += cluster.members().size();
            all = all.union(cluster.members());
            long lead = sigs[cluster.lead()].word(Signature.CALL_PATH);
            if (!sigs[cluster.lead()].equals(cluster.signature())) problems.add("cluster of lead " + cluster.lead() + " carries another signature");
            int[] mixed = {0};
            cluster.members().forEach(m -> {
                if (sigs[m].word(Signature.CALL_PATH) != lead) mixed[0]++;
            });
            if (mixed[0] > 0) problems.add("cluster of lead " + cluster.lead() + " has " + mixed[0] + " ranks of another Call-Path");
        }
        if (sum != p || !all.equals(RankSet.range(0, p, 1))) problems.add("clusters cover " + all.size() + " ranks (" + sum + " with repeats), not " + p);
        if (callPaths <= k && c.clusters().size() > k) problems.add(c.clusters().size() + " clusters for K " + k);
        if (c.clusters().size() < Math.min(k, callPaths)) problems.add("only " + c.clusters().size() + " clusters");
        if (run.maxHeld() > 2 * Math.max(k, callPaths) + 1) problems.add("a node held " + run.maxHeld() + " candidates");
        if (c.format() != expectedFormat(sigs)) problems.add("format " + SignatureFormat.labels(c.format()) + ", expected " + SignatureFormat.labels(expectedFormat(sigs)));
        for (String problem : problems) System.err.println("P = " + p + ": invalid clustering: " + problem);
        return problems.isEmpty();
    }

    /** The signatures that differ between any two ranks: what ASB must select. */
    private static int expectedFormat(SignatureVector[] sigs) {
        int format = 0;
        for (SignatureVector s : sigs) format |= s.differences(sigs[0]);
        return format;
    }

    /** P ranks' signatures over one interval, as described in the class comment; deterministic in seed. */
    static SignatureVector[] signatures(int p, long seed) {
        int cols = (int) Math.ceil(Math.sqrt(p));
        while (p % cols != 0) cols++;
        int rows = p / cols;
        int steps = 10, doubles = 16;
        SignatureVector[] sigs = new SignatureVector[p];
        for (int r = 0; r < p; r++) {
            int i = r / cols, j = r % cols;
            int[] offsets = new int[4];
            int n = 0;
            if (i > 0) offsets[n++] = -cols;
            if (i < rows - 1) offsets[n++] = cols;
            if (j > 0) offsets[n++] = -1;
            if (j < cols - 1) offsets[n++] = 1;
            double endpoint = 0;
            for (int o = 0; o < n; o++) endpoint += offsets[o];
            endpoint = n == 0 ? 0 : endpoint / n;
            // Per step n Sendrecv of 16 doubles and one Allreduce of 1; one Split (count 0 is not counted).
            double count = (double) (steps * n * doubles + steps) / (steps * n + steps);
            long callPath = 0x9e37_79b9_7f4a_7c15L * (n + 1) ^ (r == 0 ? 0x5bd1_e995_1234_5678L : 0);
            long type = 1L << 8 | 1L << 24 + 3 | 1L | 1L << 48 | 1L << 49; // DOUBLE, SUM; COMM_WORLD and a row communicator
            if (r == 0) type |= 1L << 24 + 5; // the checksum's MAX
            long loop = n | (long) steps << 16;
            Random random = new Random(seed * 0x9e37_79b9_7f4a_7c15L + r);
            double comp = 25_000 * (1 + 0.1 * random.nextGaussian());
            double comm = (2_000 + 1_500 * n) * (1 + 0.2 * random.nextGaussian());
            sigs[r] = SignatureVector.of(callPath, count, endpoint, endpoint, j, i, 11, Math.max(0, comp), Math.max(0, comm), loop, type);
        }
        return sigs;
    }
}
