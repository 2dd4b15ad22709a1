package org.mpjtrace.signatures.cluster;

/** ACURDION's agent key {@code selector}: how the leads of a partition are chosen. */
public enum Selector implements OptionValue {
    /** K-farthest: spread the leads over the extremes, the rest join the nearest (the paper's). */
    FARTHEST,
    /** K-medoids: leads that minimise the members' total distance to their lead (Voronoi iteration). */
    MEDOIDS;
}
