package org.mpjtrace.trace;

import java.util.Arrays;
import java.util.List;

/**
 * How much of each call's time a compressed trace keeps (agent key {@code timing}; Pilgrim's timing
 * modes). A file says which by the keys its metadata keeps as given, and by the ranks' {@link CallTimes}.
 */
public enum TimingMode {
    /**
     * Per call site, the count, mean (so the total), min and max of the time inside the calls and of the
     * compute before them, without the histograms' quantiles: the smallest files (Pilgrim's aggregated
     * timing). A replay's sampled times then spread round the mean only.
     */
    AGGREGATE("aggregate"),
    /** Per call site, histograms of the time inside the calls and of the compute before them: the default. */
    HISTOGRAM("histogram"),
    /**
     * As histogram, and every call's own duration and the interval before it within a relative error
     * epsilon (agent key {@code epsilon}), as exponential bins ({@link LossyBins}, in {@link CallTimes}).
     */
    LOSSY("lossy"),
    /** As histogram, and every call's own duration and the interval before it, exactly ({@link CallTimes}). */
    LOSSLESS("lossless");

    /** The epsilon of timing=lossy unless the agent key says otherwise (Pilgrim's default too). */
    public static final double DEFAULT_EPSILON = 0.05;

    public final String key;

    TimingMode(String key) {
        this.key = key;
    }

    /** Whether the mode keeps every call's own times ({@link CallTimes}), exactly or within epsilon. */
    public boolean keepsEachCall() {
        return this == LOSSY || this == LOSSLESS;
    }

    /** The mode whose key is {@code key}, or null when none is. */
    public static TimingMode of(String key) {
        for (TimingMode m : values()) if (m.key.equals(key)) return m;
        return null;
    }

    public static List<String> keys() {
        return Arrays.stream(values()).map(m -> m.key).toList();
    }
}
