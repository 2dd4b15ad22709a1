package org.mpjtrace.cli.format;

import java.util.Map;
import org.mpjtrace.trace.JobMeta;

/**
 * Mode chameleon's settings as a trace's metadata records them: the agent keys {@code marker},
 * {@code callFrequency} and {@code k}. A key the job did not set is shown as the agent's default
 * without naming a value, since the default is the agent's to choose and may change between versions.
 */
public final class ChameleonSettings {
    public static final String MARKER_KEY = "marker";
    public static final String CALL_FREQUENCY_KEY = "callFrequency";
    public static final String LEADS_KEY = "k";
    // The agent's defaults (TracerConfig in runtime, which the CLI does not depend on); a job records
    // only the options it was given.
    private static final String DEFAULT_MARKER = "barrier", DEFAULT_CALL_FREQUENCY = "1", DEFAULT_LEADS = "9";

    private ChameleonSettings() {}

    /** The marker rule, e.g. {@code barrier} or {@code site:Solver.step}. */
    public static String marker(JobMeta meta) {
        return value(meta, MARKER_KEY, DEFAULT_MARKER);
    }

    /** Act on every N-th marker call. */
    public static String callFrequency(JobMeta meta) {
        return value(meta, CALL_FREQUENCY_KEY, DEFAULT_CALL_FREQUENCY);
    }

    /** K, the number of leads asked for. */
    public static String leads(JobMeta meta) {
        return value(meta, LEADS_KEY, DEFAULT_LEADS);
    }

    /** {@code marker barrier, callFrequency 2, K 4}: all three on one line. */
    public static String oneLine(JobMeta meta) {
        return "marker " + marker(meta) + ", callFrequency " + callFrequency(meta) + ", K " + leads(meta);
    }

    private static String value(JobMeta meta, String key, String fallback) {
        Map<String, String> options = meta.agentOptions();
        String v = options == null ? null : options.get(key);
        return v == null ? fallback + " (default)" : v;
    }
}
