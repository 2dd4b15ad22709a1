package org.mpjtrace.cli.format;

import java.util.Map;
import org.mpjtrace.trace.JobMeta;
import org.mpjtrace.trace.cluster.ChameleonKeys;

/**
 * Mode chameleon's settings as a trace's metadata records them: the agent keys {@code marker},
 * {@code callFrequency} and {@code k}. A job records only the options it was given, so a key it did not
 * set is shown as the default, marked so.
 */
public final class ChameleonSettings {

    private ChameleonSettings() {}

    /** The marker rule, e.g. {@code barrier} or {@code site:Solver.step}. */
    public static String marker(JobMeta meta) {
        return value(meta, ChameleonKeys.MARKER, ChameleonKeys.DEFAULT_MARKER);
    }

    /** Act on every N-th marker call. */
    public static String callFrequency(JobMeta meta) {
        return value(meta, ChameleonKeys.CALL_FREQUENCY, Integer.toString(ChameleonKeys.DEFAULT_CALL_FREQUENCY));
    }

    /** K, the number of leads asked for. */
    public static String leads(JobMeta meta) {
        return value(meta, ChameleonKeys.K, Integer.toString(ChameleonKeys.DEFAULT_K));
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
