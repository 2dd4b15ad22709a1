package org.mpjtrace.runtime.config;

import static org.mpjtrace.trace.AgentKeys.CALL_FREQUENCY;
import static org.mpjtrace.trace.AgentKeys.CONFIG;
import static org.mpjtrace.trace.AgentKeys.DISTANCE;
import static org.mpjtrace.trace.AgentKeys.INJECT_FAULT;
import static org.mpjtrace.trace.AgentKeys.K;
import static org.mpjtrace.trace.AgentKeys.KEEP_DUMP;
import static org.mpjtrace.trace.AgentKeys.MARKER;
import static org.mpjtrace.trace.AgentKeys.MODE;
import static org.mpjtrace.trace.AgentKeys.OUTPUT;
import static org.mpjtrace.trace.AgentKeys.RING_SIZE;
import static org.mpjtrace.trace.AgentKeys.SELECTOR;
import static org.mpjtrace.trace.AgentKeys.STACK_DEPTH;
import static org.mpjtrace.trace.AgentKeys.STEP;
import static org.mpjtrace.trace.AgentKeys.TIMING;
import static org.mpjtrace.trace.AgentKeys.EPSILON;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.mpjtrace.signatures.cluster.ClusterOptions;
import org.mpjtrace.trace.AgentKeys;
import org.mpjtrace.trace.LossyBins;
import org.mpjtrace.trace.TimingMode;
import org.mpjtrace.trace.TracingMode;
import org.mpjtrace.trace.cluster.ClusteringKeys;

/**
 * The agent's options: {@code -javaagent:tracer.jar=key=value,key=value}, or {@code config=FILE} naming
 * a properties file with the same keys (options given on the command line win over the file).
 * Every problem is an {@link IllegalArgumentException} whose message is one line naming the key.
 */
public final class TracerConfig {
    public final TracingMode mode;
    /** Clustering modes: which calls are markers; {@link MarkerRule#NONE} in other modes. */
    public final MarkerRule marker;
    /** Clustering modes: act on every callFrequency-th marker call. */
    public final int callFrequency;
    /** Modes chameleon and acurdion: the number of leads (clusters) to keep. */
    public final int k;
    /** Mode acurdion: distance metric, single- or double-step, lead selector. */
    public final ClusterOptions acurdion;
    /** Mode full also keeps every call, as dump does. */
    public final boolean keepDump;
    /** Mode full: whether every call's own times are kept beside the loops, exactly or within epsilon ({@link TimingMode}). */
    public final TimingMode timing;
    /** timing=lossy: the relative error of each kept time ({@link org.mpjtrace.trace.LossyBins}); 0 with any other timing. */
    public final double epsilon;
    public final Path output;
    public final int ringSize;
    /** How many callers of an MPJ call site its stack signature covers; 0 turns calling context off. */
    public final int stackDepth;
    /** Rank whose recorder fails on purpose, or -1. */
    public final int faultRank;
    /** The record (1-based) at which it fails. */
    public final long faultAfter;
    /** The options as given (after merging the config file), for the trace's metadata. */
    public final Map<String, String> given;

    /** Default stackDepth: see docs/benchmarks.md, "Calling context", for why 3. */
    public static final int DEFAULT_STACK_DEPTH = 3;
    public static final int MAX_STACK_DEPTH = 16;

    private TracerConfig(TracingMode mode, MarkerRule marker, int callFrequency, int k, ClusterOptions acurdion, boolean keepDump, TimingMode timing,
                         double epsilon, Path output, int ringSize, int stackDepth, int faultRank, long faultAfter, Map<String, String> given) {
        this.mode = mode;
        this.marker = marker;
        this.callFrequency = callFrequency;
        this.k = k;
        this.acurdion = acurdion;
        this.keepDump = keepDump;
        this.timing = timing;
        this.epsilon = epsilon;
        this.output = output;
        this.ringSize = ringSize;
        this.stackDepth = stackDepth;
        this.faultRank = faultRank;
        this.faultAfter = faultAfter;
        this.given = given;
    }

    public static TracerConfig parse(String agentArgs) {
        Map<String, String> options = new LinkedHashMap<>();
        if (agentArgs != null && !agentArgs.isBlank()) {
            for (String part : agentArgs.split(",")) {
                int eq = part.indexOf('=');
                if (eq <= 0) throw new IllegalArgumentException("bad agent option '" + part + "': expected key=value");
                options.put(part.substring(0, eq).trim(), part.substring(eq + 1).trim());
            }
        }
        Map<String, String> merged = new LinkedHashMap<>();
        String configFile = options.get(CONFIG);
        if (configFile != null) merged.putAll(load(configFile));
        merged.putAll(options);
        for (String key : merged.keySet()) {
            if (!AgentKeys.ALL.contains(key)) {
                String meant = AgentKeys.meant(key);
                throw new IllegalArgumentException("unknown agent key '" + key + "' (" + (meant != null ? "did you mean '" + meant + "'? " : "")
                        + "known: " + String.join(", ", AgentKeys.ALL) + ")");
            }
        }
        String modeKey = merged.getOrDefault(MODE, TracingMode.DEFAULT_KEY);
        TracingMode mode = TracingMode.of(modeKey);
        if (mode == null)
            throw new IllegalArgumentException("bad value for agent key 'mode': '" + modeKey + "' (expected: " + String.join(", ", TracingMode.keys()) + ")");
        for (String key : merged.keySet()) {
            List<TracingMode> modes = ClusteringKeys.modesOf(key);
            if (modes != null && !modes.contains(mode))
                throw new IllegalArgumentException("bad value for agent key '" + key + "': " + ClusteringKeys.onlyModes(modes) + ", not mode " + mode.key);
        }
        boolean clustering = mode.clusters();
        MarkerRule marker = clustering ? MarkerRule.parse(merged.getOrDefault(MARKER, ClusteringKeys.DEFAULT_MARKER)) : MarkerRule.NONE;
        int callFrequency = intKey(merged, CALL_FREQUENCY, ClusteringKeys.DEFAULT_CALL_FREQUENCY, 1, Integer.MAX_VALUE,
                "a whole number from 1");
        int k = intKey(merged, K, ClusteringKeys.DEFAULT_K, 1, ClusteringKeys.MAX_K, "1 to " + ClusteringKeys.MAX_K);
        ClusterOptions acurdion = ClusteringKeys.acurdionOptions(merged.get(DISTANCE), merged.get(STEP), merged.get(SELECTOR));
        String keep = merged.getOrDefault(KEEP_DUMP, "false");
        if (!keep.equals("true") && !keep.equals("false"))
            throw new IllegalArgumentException("bad value for agent key 'keepDump': '" + keep + "' (expected: true or false)");
        boolean keepDump = keep.equals("true");
        if (keepDump && mode == TracingMode.DUMP)
            throw new IllegalArgumentException("bad value for agent key 'keepDump': mode dump is a dump already (modes full, chameleon, acurdion and reference keep one beside their trace)");
        String timingKey = merged.getOrDefault(TIMING, TimingMode.HISTOGRAM.key);
        TimingMode timing = TimingMode.of(timingKey);
        if (timing == null)
            throw new IllegalArgumentException("bad value for agent key 'timing': '" + timingKey + "' (expected: " + String.join(", ", TimingMode.keys()) + ")");
        if (timing.keepsEachCall() && mode == TracingMode.DUMP)
            throw new IllegalArgumentException("bad value for agent key 'timing': " + timing.key + " keeps every call's times beside a compressed"
                    + " trace's loops (a dump keeps them already)");
        if (timing == TimingMode.AGGREGATE && mode == TracingMode.DUMP)
            throw new IllegalArgumentException("bad value for agent key 'timing': aggregate summarises the times of a compressed trace"
                    + " (modes full, chameleon, acurdion, reference); a dump keeps every call's");
        double epsilon = epsilon(merged.get(EPSILON), timing);
        String out = merged.getOrDefault(OUTPUT, "mpjtrace.mpjt");
        if (out.isEmpty()) throw new IllegalArgumentException("bad value for agent key 'output': empty path");
        String ringExpected = "a power of two from 64 to 1048576";
        int ringSize = intKey(merged, RING_SIZE, 16384, 64, 1 << 20, ringExpected);
        if (Integer.bitCount(ringSize) != 1) throw badValue(RING_SIZE, merged.get(RING_SIZE), ringExpected);
        int stackDepth = intKey(merged, STACK_DEPTH, DEFAULT_STACK_DEPTH, 0, MAX_STACK_DEPTH, "0 to " + MAX_STACK_DEPTH);
        int faultRank = -1;
        long faultAfter = 0;
        String fault = merged.get(INJECT_FAULT);
        if (fault != null) {
            String[] parts = fault.split(":");
            try {
                faultRank = Integer.parseInt(parts[0]);
                faultAfter = Long.parseLong(parts[1]);
            } catch (RuntimeException e) {
                faultRank = -1;
            }
            if (parts.length != 2 || faultRank < 0 || faultAfter < 1)
                throw new IllegalArgumentException("bad value for agent key 'injectFault': '" + fault + "' (expected RANK:N, e.g. 1:100)");
        }
        return new TracerConfig(mode, marker, callFrequency, k, acurdion, keepDump, timing, epsilon, Path.of(out).toAbsolutePath(), ringSize, stackDepth, faultRank, faultAfter, merged);
    }

    private static int intKey(Map<String, String> options, String key, int fallback, int min, int max, String expected) {
        String text = options.get(key);
        if (text == null) return fallback;
        try {
            int v = Integer.parseInt(text);
            if (v >= min && v <= max) return v;
        } catch (NumberFormatException e) {
            // reported below, like an out-of-range value
        }
        throw badValue(key, text, expected);
    }

    /** timing=lossy's epsilon: the key's value, 0.001 to 1, else its default; refused with any other timing. */
    private static double epsilon(String text, TimingMode timing) {
        if (text == null) return timing == TimingMode.LOSSY ? TimingMode.DEFAULT_EPSILON : 0;
        if (timing != TimingMode.LOSSY)
            throw new IllegalArgumentException("bad value for agent key 'epsilon': it applies with timing=lossy only, not " + timing.key);
        try {
            double e = Double.parseDouble(text);
            if (LossyBins.valid(e)) return e;
        } catch (NumberFormatException e) {
            // reported below, like an out-of-range value
        }
        throw badValue(EPSILON, text, "a number from " + LossyBins.MIN_EPSILON + " to 1, the relative error of each kept time");
    }

    private static IllegalArgumentException badValue(String key, String text, String expected) {
        return new IllegalArgumentException("bad value for agent key '" + key + "': '" + text + "' (expected " + expected + ")");
    }

    private static Map<String, String> load(String file) {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(Path.of(file))) {
            p.load(r);
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException("bad value for agent key 'config': cannot read '" + file + "' (" + TracerLog.describe(e) + ")");
        }
        Map<String, String> m = new LinkedHashMap<>();
        for (String k : p.stringPropertyNames()) m.put(k, p.getProperty(k).trim());
        if (m.containsKey(CONFIG))
            throw new IllegalArgumentException("bad value for agent key 'config': a config file cannot name another ('" + file + "')");
        return m;
    }
}
