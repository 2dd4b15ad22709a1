package org.mpjtrace.trace;

import java.util.Arrays;

/**
 * How much trace memory one rank held at its acted-on markers, per clustering state (the clustering
 * modes; the Chameleon paper's Table IV), or in mode full at Finalize (its whole trace, state F). Bytes are the estimated heap size of the rank's partial trace (its
 * loop-compressed events since the last merge) at the marker, before any merge dropped it; the
 * thread rings, a fixed cost of every traced rank, are not counted.
 *
 * @param markers  per state (index: MarkerState code), how many markers the rank passed in it
 * @param maxBytes per state, the largest partial trace held at such a marker
 * @param sumBytes per state, the sum over those markers (sumBytes / markers is the mean)
 */
public record TraceMemory(long[] markers, long[] maxBytes, long[] sumBytes) {
    public static final int STATES = 4;
    public static final TraceMemory NONE = new TraceMemory(new long[STATES], new long[STATES], new long[STATES]);

    public TraceMemory {
        if (markers.length != STATES || maxBytes.length != STATES || sumBytes.length != STATES)
            throw new IllegalArgumentException("one entry per state");
        markers = markers.clone();
        maxBytes = maxBytes.clone();
        sumBytes = sumBytes.clone();
    }

    /** Mode full: the rank's whole loop-compressed trace, held until Finalize (state F's code is 3). */
    public static TraceMemory atFinalize(long bytes) {
        long[] markers = new long[STATES], max = new long[STATES], sum = new long[STATES];
        markers[STATES - 1] = 1;
        max[STATES - 1] = sum[STATES - 1] = bytes;
        return new TraceMemory(markers, max, sum);
    }

    /** The largest trace the rank held at any marker, in any state. */
    public long peakBytes() {
        return Arrays.stream(maxBytes).max().orElse(0);
    }

    /** The trace held on average over all the rank's markers, in every state; 0 without markers. */
    public double averageBytes() {
        long n = Arrays.stream(markers).sum();
        return n == 0 ? 0 : (double) Arrays.stream(sumBytes).sum() / n;
    }

    public boolean isEmpty() {
        return Arrays.stream(markers).allMatch(m -> m == 0);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TraceMemory t && Arrays.equals(markers, t.markers) && Arrays.equals(maxBytes, t.maxBytes)
                && Arrays.equals(sumBytes, t.sumBytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(markers) * 31 + Arrays.hashCode(maxBytes) * 17 + Arrays.hashCode(sumBytes);
    }

    @Override
    public String toString() {
        return "TraceMemory" + Arrays.toString(markers) + Arrays.toString(maxBytes) + Arrays.toString(sumBytes);
    }
}
