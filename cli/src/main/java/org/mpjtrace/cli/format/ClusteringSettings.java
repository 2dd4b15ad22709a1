package org.mpjtrace.cli.format;

import java.util.Map;
import org.mpjtrace.signatures.cluster.ClusterOptions;
import org.mpjtrace.trace.AgentKeys;
import org.mpjtrace.trace.JobMeta;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.TracingMode;
import org.mpjtrace.trace.cluster.ClusteringKeys;

/**
 * The clustering modes' settings as a trace's metadata records them: the agent keys {@code marker},
 * {@code callFrequency}, {@code k} (chameleon, acurdion) and {@code distance}, {@code step},
 * {@code selector} (acurdion). A job records only the options it was given, so a key it did not set is
 * shown as the default, marked so.
 */
public final class ClusteringSettings {

    private ClusteringSettings() {}

    /**
     * The marker rule, e.g. {@code auto} or {@code site:Solver.step}. The default was {@code barrier}
     * before marker auto: a log without auto's part (format 10 and older) tells a trace made then.
     */
    public static String marker(TraceFile trace) {
        boolean auto = trace.markers() == null || trace.markers().auto();
        return value(trace.meta(), AgentKeys.MARKER, auto ? ClusteringKeys.DEFAULT_MARKER : "barrier");
    }

    /** Act on every N-th marker call. */
    public static String callFrequency(JobMeta meta) {
        return value(meta, AgentKeys.CALL_FREQUENCY, Integer.toString(ClusteringKeys.DEFAULT_CALL_FREQUENCY));
    }

    /** K, the number of leads asked for. */
    public static String leads(JobMeta meta) {
        return value(meta, AgentKeys.K, Integer.toString(ClusteringKeys.DEFAULT_K));
    }

    /** Mode acurdion's choices, e.g. {@code step double (default), selector medoids, distance manhattan (default)}. */
    public static String acurdion(JobMeta meta) {
        ClusterOptions d = ClusterOptions.DEFAULT;
        return "step " + value(meta, AgentKeys.STEP, d.step().key()) + ", selector " + value(meta, AgentKeys.SELECTOR, d.selector().key())
                + ", distance " + value(meta, AgentKeys.DISTANCE, d.metric().key());
    }

    /**
     * The mode's settings on one line: {@code marker barrier, callFrequency 2, K 4}, in mode acurdion
     * followed by its choices, in mode reference without K (it has none).
     */
    public static String oneLine(TraceFile trace) {
        JobMeta meta = trace.meta();
        String line = "marker " + marker(trace) + ", callFrequency " + callFrequency(meta);
        if (TracingMode.REFERENCE.is(meta.mode())) return line;
        line += ", K " + leads(meta);
        return TracingMode.ACURDION.is(meta.mode()) ? line + ", " + acurdion(meta) : line;
    }

    private static String value(JobMeta meta, String key, String fallback) {
        Map<String, String> options = meta.agentOptions();
        String v = options == null ? null : options.get(key);
        return v == null ? fallback + " (default)" : v;
    }
}
