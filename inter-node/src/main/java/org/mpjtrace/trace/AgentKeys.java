package org.mpjtrace.trace;

import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * Every key of the agent's options ({@code -javaagent:tracer.jar=key=value,...} or a config file): one
 * list for the agent, which parses them, and for {@code mpjtrace}, which sets some of them for the user
 * and checks the rest. The clustering keys' defaults, bounds and the modes that take
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

    /**
     * Every key, in the order a refusal lists them. What each means is the README's table of agent keys,
     * the one place users read it.
     */
    public static final Set<String> ALL = Collections.unmodifiableSet(new TreeSet<>(List.of(MODE, MARKER, CALL_FREQUENCY, K, DISTANCE,
            STEP, SELECTOR, KEEP_DUMP, TIMING, EPSILON, OUTPUT, CONFIG, RING_SIZE, STACK_DEPTH, INJECT_FAULT)));

    /**
     * The key {@code given} was likely meant as: the one it equals when case, '-' and '_' are ignored
     * ({@code stackdepth}, {@code call-frequency}, {@code ring_size}, as a user of the command's options might
     * write them), or null.
     */
    public static String meant(String given) {
        String plain = plain(given);
        for (String key : ALL) if (plain(key).equals(plain)) return key;
        return null;
    }

    private static String plain(String key) {
        return key.replace("-", "").replace("_", "").toLowerCase(Locale.ROOT);
    }

    private AgentKeys() {}
}
