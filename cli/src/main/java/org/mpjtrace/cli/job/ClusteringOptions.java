package org.mpjtrace.cli.job;

import java.util.LinkedHashMap;
import java.util.Map;
import org.mpjtrace.trace.AgentKeys;
import org.mpjtrace.trace.cluster.ClusteringKeys;

/**
 * The settings of the clustering modes that {@code mpjtrace run} has options for, as the agent keys they
 * become: {@code marker} (which calls are markers), {@code callFrequency} (act on every N-th marker
 * call), {@code k} (how many leads), and mode acurdion's {@code distance}, {@code step} and
 * {@code selector}. A null field is left to the agent's default.
 *
 * <p>{@link #problem} checks the values as the agent would, so a typo is reported before a job starts
 * rather than by every rank JVM; the agent still checks them itself and stays the authority.
 */
public record ClusteringOptions(String marker, Integer callFrequency, Integer leads, String distance, String step, String selector) {
    public static final ClusteringOptions NONE = new ClusteringOptions(null, null, null, null, null, null);

    /** Mode chameleon's settings only. */
    public ClusteringOptions(String marker, Integer callFrequency, Integer leads) {
        this(marker, callFrequency, leads, null, null, null);
    }

    /** The given settings, agent key to value, in the order marker, callFrequency, k, distance, step, selector. */
    public Map<String, String> agentOptions() {
        Map<String, String> m = new LinkedHashMap<>();
        if (marker != null) m.put(AgentKeys.MARKER, marker);
        if (callFrequency != null) m.put(AgentKeys.CALL_FREQUENCY, callFrequency.toString());
        if (leads != null) m.put(AgentKeys.K, leads.toString());
        if (distance != null) m.put(AgentKeys.DISTANCE, distance);
        if (step != null) m.put(AgentKeys.STEP, step);
        if (selector != null) m.put(AgentKeys.SELECTOR, selector);
        return m;
    }

    /** One line naming the option whose value the agent would refuse, or null when all are fine. */
    public String problem() {
        if (marker != null && !marker.equals("auto") && !marker.equals("barrier") && !marker.equals("none") && ClusteringKeys.parseSite(marker) == null)
            return "--marker: '" + marker + "' is not a marker rule (expected auto, barrier, none, site:CLASS.METHOD or site:CLASS.METHOD:LINE)";
        if (callFrequency != null && callFrequency < 1)
            return "--call-frequency must be at least 1, got " + callFrequency;
        if (leads != null && (leads < 1 || leads > ClusteringKeys.MAX_K))
            return "-k must be from 1 to " + ClusteringKeys.MAX_K + ", got " + leads;
        for (String key : new String[] {AgentKeys.DISTANCE, AgentKeys.STEP, AgentKeys.SELECTOR}) {
            String value = agentOptions().get(key);
            String wrong = value == null ? null : ClusteringKeys.acurdionValueProblem(key, value);
            if (wrong != null) return optionFor(key) + ": " + wrong;
        }
        return null;
    }

    /** The option of mpjtrace run that sets agent key {@code key}, or null when it has none of its own. */
    static String optionFor(String key) {
        switch (key) {
            case AgentKeys.MARKER: return "--marker";
            case AgentKeys.CALL_FREQUENCY: return "--call-frequency";
            case AgentKeys.K: return "-k";
            case AgentKeys.DISTANCE: return "--distance";
            case AgentKeys.STEP: return "--step";
            case AgentKeys.SELECTOR: return "--selector";
            default: return null;
        }
    }
}
