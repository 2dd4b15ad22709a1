package org.mpjtrace.trace;

import java.util.Map;

/**
 * Every key of the agent's options ({@code -javaagent:tracer.jar=key=value,...} or a config file), with
 * what it means: one list for the agent, which parses them, and for {@code mpjtrace}, which sets some of
 * them for the user and checks the rest. The clustering keys' defaults, bounds and the modes that take
 * them are in {@link org.mpjtrace.trace.cluster.ClusteringKeys}. A trace's metadata keeps the options
 * as given, under these keys.
 */
public final class AgentKeys {
    public static final String MODE = "mode";
    public static final String MARKER = "marker";
    public static final String CALL_FREQUENCY = "callFrequency";
    /** The number of leads: chameleon and acurdion (reference keeps one cluster per distinct behaviour). */
    public static final String K = "k";
    /** Mode acurdion only. */
    public static final String DISTANCE = "distance";
    public static final String STEP = "step";
    public static final String SELECTOR = "selector";
    public static final String KEEP_DUMP = "keepDump";
    /** Mode full: histogram (the default), lossy or lossless ({@link TimingMode}). */
    public static final String TIMING = "timing";
    /** timing=lossy: the relative error each kept time may have. */
    public static final String EPSILON = "epsilon";
    public static final String OUTPUT = "output";
    public static final String CONFIG = "config";
    public static final String RING_SIZE = "ringSize";
    public static final String STACK_DEPTH = "stackDepth";
    public static final String INJECT_FAULT = "injectFault";

    /** Every key with its meaning (shown when a key is unknown). */
    public static final Map<String, String> MEANINGS = Map.ofEntries(
            Map.entry(MODE, "tracing mode: dump (every call of every rank, lossless), full (loop-compressed, merged across ranks at Finalize, lossless), "
                    + "chameleon (ranks cluster at markers on Call-Path and end-points, one lead per cluster traces, merged online), "
                    + "acurdion (as chameleon, on eleven signatures chosen adaptively) or reference (as chameleon, a cluster per distinct event sequence)"),
            Map.entry(MARKER, "modes chameleon, acurdion, reference: which calls are markers: auto (the time-step loop, found from the collectives all ranks call), site:CLASS.METHOD, site:CLASS.METHOD:LINE (collectives called there), barrier (every Barrier on COMM_WORLD) or none (cluster once, at Finalize) (default auto)"),
            Map.entry(CALL_FREQUENCY, "modes chameleon, acurdion, reference: act on every N-th marker call (default 1)"),
            Map.entry(K, "modes chameleon, acurdion: the number of leads, 1 to 4096 (default 9; more when Call-Paths outnumber it)"),
            Map.entry(DISTANCE, "mode acurdion: manhattan or euclidean (default manhattan)"),
            Map.entry(STEP, "mode acurdion: double (partition by Call-Path first, never loses a call) or single (all signatures at once) (default double)"),
            Map.entry(SELECTOR, "mode acurdion: farthest (K-farthest) or medoids (K-medoids) (default farthest)"),
            Map.entry(KEEP_DUMP, "true: in mode full, also keep every call as in dump mode, in the same file (to check the compression)"),
            Map.entry(TIMING, "mode full: histogram (each call site's times as histograms; the default), lossy (also every call's own "
                    + "duration and the interval before it, within a relative error epsilon) or lossless (the same, exactly), per thread: "
                    + "decode --expand, the exports and replay use them"),
            Map.entry(EPSILON, "timing=lossy: the relative error of each kept time, 0.001 to 1 (default 0.05); below 1 us "
                    + "the error is at most 1 us"),
            Map.entry(OUTPUT, "trace file written by rank 0 (default mpjtrace.mpjt in the working directory)"),
            Map.entry(CONFIG, "properties file with any of these keys"),
            Map.entry(RING_SIZE, "records per thread ring, a power of two from 64 to 1048576 (default 16384)"),
            Map.entry(STACK_DEPTH, "callers folded into each call's stack signature, 0 to 16 (default 3; 0: the MPJ call site alone, no rewriting of callers)"),
            Map.entry(INJECT_FAULT, "RANK:N makes the tracer fail on rank RANK at its N-th record (tests its failure path)"));

    private AgentKeys() {}
}
