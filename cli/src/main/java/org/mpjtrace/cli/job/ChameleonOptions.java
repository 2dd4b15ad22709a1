package org.mpjtrace.cli.job;

import java.util.LinkedHashMap;
import java.util.Map;
import org.mpjtrace.trace.cluster.ChameleonKeys;

/**
 * The settings of mode chameleon that {@code mpjtrace run} has options for, as the agent keys they
 * become: {@code marker} (which calls are markers), {@code callFrequency} (act on every N-th marker
 * call) and {@code k} (how many leads). A null field is left to the agent's default.
 *
 * <p>{@link #problem} checks the values as the agent would, so a typo is reported before a job starts
 * rather than by every rank JVM; the agent still checks them itself and stays the authority.
 */
public record ChameleonOptions(String marker, Integer callFrequency, Integer leads) {
    public static final ChameleonOptions NONE = new ChameleonOptions(null, null, null);


    /** The given settings, agent key to value, in the order marker, callFrequency, k. */
    public Map<String, String> agentOptions() {
        Map<String, String> m = new LinkedHashMap<>();
        if (marker != null) m.put(ChameleonKeys.MARKER, marker);
        if (callFrequency != null) m.put(ChameleonKeys.CALL_FREQUENCY, callFrequency.toString());
        if (leads != null) m.put(ChameleonKeys.K, leads.toString());
        return m;
    }

    /** One line naming the option whose value the agent would refuse, or null when all are fine. */
    public String problem() {
        if (marker != null && !marker.equals("barrier") && !marker.equals("none") && ChameleonKeys.parseSite(marker) == null)
            return "--marker: '" + marker + "' is not a marker rule (expected barrier, none, site:CLASS.METHOD or site:CLASS.METHOD:LINE)";
        if (callFrequency != null && callFrequency < 1)
            return "--call-frequency must be at least 1, got " + callFrequency;
        if (leads != null && (leads < 1 || leads > ChameleonKeys.MAX_K))
            return "-k must be from 1 to " + ChameleonKeys.MAX_K + ", got " + leads;
        return null;
    }

    /** The option of mpjtrace run that sets agent key {@code key}, or null when it has none of its own. */
    static String optionFor(String key) {
        switch (key) {
            case ChameleonKeys.MARKER: return "--marker";
            case ChameleonKeys.CALL_FREQUENCY: return "--call-frequency";
            case ChameleonKeys.K: return "-k";
            default: return null;
        }
    }
}
