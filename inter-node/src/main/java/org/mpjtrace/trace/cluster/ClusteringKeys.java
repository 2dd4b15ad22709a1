package org.mpjtrace.trace.cluster;

import static org.mpjtrace.trace.AgentKeys.CALL_FREQUENCY;
import static org.mpjtrace.trace.AgentKeys.DISTANCE;
import static org.mpjtrace.trace.AgentKeys.K;
import static org.mpjtrace.trace.AgentKeys.MARKER;
import static org.mpjtrace.trace.AgentKeys.SELECTOR;
import static org.mpjtrace.trace.AgentKeys.STEP;

import java.util.ArrayList;
import java.util.List;
import org.mpjtrace.signatures.cluster.ClusterOptions;
import org.mpjtrace.signatures.cluster.Metric;
import org.mpjtrace.signatures.cluster.OptionValue;
import org.mpjtrace.signatures.cluster.Selector;
import org.mpjtrace.signatures.cluster.Step;
import org.mpjtrace.trace.AgentKeys;
import org.mpjtrace.trace.TracingMode;

/**
 * The clustering modes' agent keys (named in {@link AgentKeys}): which modes take each, their defaults
 * and bounds, and the grammar of a marker rule: one definition for the agent, which applies them, and for
 * {@code mpjtrace}, which checks a job's options before starting it and names the defaults a trace was
 * made with.
 */
public final class ClusteringKeys {
    /** The modes that cluster at markers (and at Finalize) and merge the leads' traces online. */
    public static final List<TracingMode> MODES = List.of(TracingMode.CHAMELEON, TracingMode.ACURDION, TracingMode.REFERENCE);

    public static final String DEFAULT_MARKER = "auto";
    /** Marker auto: the collectives on all ranks it needs before it first looks for a loop in them. */
    public static final int AUTO_FIRST_LOOK = 4;
    public static final int DEFAULT_CALL_FREQUENCY = 1;
    public static final int DEFAULT_K = 9;
    public static final int MAX_K = 4096;

    private static final String SITE = "site:";

    private ClusteringKeys() {}

    /**
     * Which modes take {@code key}, or null when any mode does: marker and callFrequency all clustering
     * modes, k chameleon and acurdion, distance, step and selector acurdion.
     */
    public static List<TracingMode> modesOf(String key) {
        return switch (key) {
            case MARKER, CALL_FREQUENCY -> MODES;
            case K -> List.of(TracingMode.CHAMELEON, TracingMode.ACURDION);
            case DISTANCE, STEP, SELECTOR -> List.of(TracingMode.ACURDION);
            default -> null;
        };
    }

    /** E.g. "only mode acurdion uses it", "only modes chameleon and acurdion use it". */
    public static String onlyModes(List<TracingMode> modes) {
        if (modes.size() == 1) return "only mode " + modes.get(0).key + " uses it";
        return "only modes " + keys(modes.subList(0, modes.size() - 1)) + " and " + modes.get(modes.size() - 1).key + " use it";
    }

    /** The modes' keys, comma-separated. */
    public static String keys(List<TracingMode> modes) {
        List<String> keys = new ArrayList<>();
        for (TracingMode m : modes) keys.add(m.key);
        return String.join(", ", keys);
    }

    /**
     * Mode acurdion's options from the values of keys distance, step and selector (null: the default),
     * or an {@link IllegalArgumentException} naming the key and the values it takes.
     */
    public static ClusterOptions acurdionOptions(String distance, String step, String selector) {
        ClusterOptions d = ClusterOptions.DEFAULT;
        return new ClusterOptions(
                pick(DISTANCE, distance, Metric.values(), d.metric()),
                pick(STEP, step, Step.values(), d.step()),
                pick(SELECTOR, selector, Selector.values(), d.selector()));
    }

    /**
     * What is wrong with {@code value} for key distance, step or selector, e.g. {@code 'triple' (expected
     * single or double)}, or null when the key takes it: for a caller that names the key its own way.
     */
    public static String acurdionValueProblem(String key, String value) {
        OptionValue[] values = switch (key) {
            case DISTANCE -> Metric.values();
            case STEP -> Step.values();
            case SELECTOR -> Selector.values();
            default -> throw new IllegalArgumentException("'" + key + "' is not one of mode acurdion's keys");
        };
        for (OptionValue v : values) if (v.key().equals(value)) return null;
        List<String> names = new ArrayList<>();
        for (OptionValue v : values) names.add(v.key());
        return "'" + value + "' (expected " + String.join(" or ", names) + ")";
    }

    private static <E extends OptionValue> E pick(String key, String value, E[] values, E fallback) {
        if (value == null) return fallback;
        for (E e : values) if (e.key().equals(value)) return e;
        throw new IllegalArgumentException("bad value for agent key '" + key + "': " + acurdionValueProblem(key, value));
    }

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
