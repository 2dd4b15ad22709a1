package org.mpjtrace.runtime.config;

import org.mpjtrace.trace.CallSite;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.cluster.ClusteringKeys;

/**
 * Which MPJ calls are markers (agent key {@code marker}), chosen with no change to the program:
 * <ul>
 *   <li>{@code site:CLASS.METHOD}: every collective called from that method; CLASS is the class's
 *       full name or its simple name; {@code site:CLASS.METHOD:LINE}: only the one at that line;</li>
 *   <li>{@code auto} (the default): the tracer finds the program's time-step loop itself, from the
 *       collectives every rank takes part in ({@code collective.AutoMarker});</li>
 *   <li>{@code barrier}: every Barrier on COMM_WORLD;</li>
 *   <li>{@code none}: no markers: mode chameleon clusters once, at MPI.Finalize.</li>
 * </ul>
 * A site rule is resolved per call site when the agent registers it, so the probe only looks up one
 * flag per call.
 */
public final class MarkerRule {
    public static final MarkerRule NONE = new MarkerRule("none", null, null, -1, false);
    public static final MarkerRule AUTO = new MarkerRule("auto", null, null, -1, false);

    public final String text;
    private final String className;
    private final String method;
    private final int line;
    private final boolean barrier;

    private MarkerRule(String text, String className, String method, int line, boolean barrier) {
        this.text = text;
        this.className = className;
        this.method = method;
        this.line = line;
        this.barrier = barrier;
    }

    /** @throws IllegalArgumentException one line naming the key, when the rule is malformed */
    public static MarkerRule parse(String text) {
        if (text.equals("none")) return NONE;
        if (text.equals("auto")) return AUTO;
        if (text.equals("barrier")) return new MarkerRule(text, null, null, -1, true);
        ClusteringKeys.SiteRule site = ClusteringKeys.parseSite(text);
        if (site == null) throw bad(text);
        return new MarkerRule(text, site.className(), site.method(), site.line(), false);
    }

    private static IllegalArgumentException bad(String text) {
        return new IllegalArgumentException("bad value for agent key 'marker': '" + text
                + "' (expected auto, site:CLASS.METHOD, site:CLASS.METHOD:LINE, barrier or none)");
    }

    public boolean isNone() {
        return this == NONE;
    }

    public boolean isAuto() {
        return this == AUTO;
    }

    public boolean isBarrier() {
        return barrier;
    }

    /** Whether calls at {@code site} can be markers (the op is checked at the call: only collectives are). */
    public boolean matchesSite(CallSite site) {
        if (className == null) return false;
        String c = site.className();
        boolean classMatches = c.equals(className) || c.endsWith("." + className) || c.endsWith("$" + className);
        return classMatches && site.methodName().equals(method) && (line < 0 || site.line() == line);
    }

    /** For a site rule, whether a call of {@code op} at a matching site is a marker. */
    public static boolean markerOp(int op) {
        Op o = Op.ofCode(op);
        return o != null && o.family == Op.Family.COLLECTIVE;
    }
}
