package org.mpjtrace.cli.job;

import java.util.LinkedHashMap;
import java.util.Map;
import org.mpjtrace.cli.format.ChameleonSettings;

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

    /** The agent's upper bound for k. */
    private static final int MAX_LEADS = 4096;
    private static final String SITE = "site:";

    /** The given settings, agent key to value, in the order marker, callFrequency, k. */
    public Map<String, String> agentOptions() {
        Map<String, String> m = new LinkedHashMap<>();
        if (marker != null) m.put(ChameleonSettings.MARKER_KEY, marker);
        if (callFrequency != null) m.put(ChameleonSettings.CALL_FREQUENCY_KEY, callFrequency.toString());
        if (leads != null) m.put(ChameleonSettings.LEADS_KEY, leads.toString());
        return m;
    }

    /** One line naming the option whose value the agent would refuse, or null when all are fine. */
    public String problem() {
        if (marker != null && !marker.equals("barrier") && !marker.equals("none") && !isSiteRule(marker))
            return "--marker: '" + marker + "' is not a marker rule (expected barrier, none, site:CLASS.METHOD or site:CLASS.METHOD:LINE)";
        if (callFrequency != null && callFrequency < 1)
            return "--call-frequency must be at least 1, got " + callFrequency;
        if (leads != null && (leads < 1 || leads > MAX_LEADS))
            return "-k must be from 1 to " + MAX_LEADS + ", got " + leads;
        return null;
    }

    /**
     * site:CLASS.METHOD or site:CLASS.METHOD:LINE, CLASS a full or simple class name. A comma could not
     * pass at all: it separates the agent's options.
     */
    private static boolean isSiteRule(String rule) {
        if (!rule.startsWith(SITE) || rule.contains(",") || rule.chars().anyMatch(Character::isWhitespace)) return false;
        String spec = rule.substring(SITE.length());
        int colon = spec.indexOf(':');
        if (colon >= 0) {
            String line = spec.substring(colon + 1);
            if (!line.matches("[1-9][0-9]{0,8}")) return false;
            spec = spec.substring(0, colon);
        }
        int dot = spec.lastIndexOf('.');
        return dot > 0 && dot < spec.length() - 1;
    }

    /** The option of mpjtrace run that sets agent key {@code key}, or null when it has none of its own. */
    static String optionFor(String key) {
        switch (key) {
            case ChameleonSettings.MARKER_KEY: return "--marker";
            case ChameleonSettings.CALL_FREQUENCY_KEY: return "--call-frequency";
            case ChameleonSettings.LEADS_KEY: return "-k";
            default: return null;
        }
    }
}
