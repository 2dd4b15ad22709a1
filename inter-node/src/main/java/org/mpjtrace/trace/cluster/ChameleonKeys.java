package org.mpjtrace.trace.cluster;

/**
 * The agent keys of mode chameleon, their defaults and bounds, and the grammar of a marker rule: one
 * definition for the agent, which applies them, and for {@code mpjtrace}, which checks a job's options
 * before starting it and names the defaults a trace was made with.
 */
public final class ChameleonKeys {
    public static final String MARKER = "marker";
    public static final String CALL_FREQUENCY = "callFrequency";
    public static final String K = "k";

    public static final String DEFAULT_MARKER = "barrier";
    public static final int DEFAULT_CALL_FREQUENCY = 1;
    public static final int DEFAULT_K = 9;
    public static final int MAX_K = 4096;

    private static final String SITE = "site:";

    private ChameleonKeys() {}

    /** A marker rule naming call sites: the collectives of {@code method} in {@code className}, at {@code line} or at any line (-1). */
    public record SiteRule(String className, String method, int line) {}

    /**
     * {@code site:CLASS.METHOD} or {@code site:CLASS.METHOD:LINE} (CLASS a full or simple class name,
     * LINE from 1, no sign or leading zero), or null when {@code rule} is not one. No class or method
     * name holds whitespace or a comma (which would split the agent's options), so a rule with one is not.
     */
    public static SiteRule parseSite(String rule) {
        if (!rule.startsWith(SITE) || rule.contains(",") || rule.chars().anyMatch(Character::isWhitespace)) return null;
        String spec = rule.substring(SITE.length());
        int line = -1;
        int colon = spec.indexOf(':');
        if (colon >= 0) {
            String digits = spec.substring(colon + 1);
            if (!digits.matches("[1-9][0-9]{0,8}")) return null;
            line = Integer.parseInt(digits);
            spec = spec.substring(0, colon);
        }
        int dot = spec.lastIndexOf('.');
        if (dot <= 0 || dot == spec.length() - 1) return null;
        return new SiteRule(spec.substring(0, dot), spec.substring(dot + 1), line);
    }
}
