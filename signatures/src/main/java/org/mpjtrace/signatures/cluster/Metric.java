package org.mpjtrace.signatures.cluster;

/** How the normalised differences of a group's signatures add up: ACURDION's agent key {@code distance}. */
public enum Metric {
    /** Sum of absolute differences (the default; the paper found both close and chose it). */
    MANHATTAN,
    /** Square root of the sum of squared differences. */
    EUCLIDEAN;

    /** The key value, e.g. {@code manhattan}. */
    public String key() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
