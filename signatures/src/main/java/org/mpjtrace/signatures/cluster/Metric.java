package org.mpjtrace.signatures.cluster;

/** How the normalised differences of a group's signatures add up: ACURDION's agent key {@code distance}. */
public enum Metric implements OptionValue {
    /** Sum of absolute differences (the default; the paper found both close and chose it). */
    MANHATTAN,
    /** Square root of the sum of squared differences. */
    EUCLIDEAN;
}
