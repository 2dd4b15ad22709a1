package org.mpjtrace.signatures.cluster;

/** ACURDION's choices: the distance metric, single- or double-step, and the lead selector. */
public record ClusterOptions(Metric metric, Step step, Selector selector) {

    /** The paper's defaults: Manhattan, K-farthest; double-step, which never loses a Call-Path. */
    public static final ClusterOptions DEFAULT = new ClusterOptions(Metric.MANHATTAN, Step.DOUBLE, Selector.FARTHEST);

    public ClusterOptions {
        if (metric == null || step == null || selector == null) throw new IllegalArgumentException("missing cluster option");
    }

    /** E.g. {@code double-step, farthest, manhattan}. */
    public String describe() {
        return step.key() + "-step, " + selector.key() + ", " + metric.key();
    }
}
