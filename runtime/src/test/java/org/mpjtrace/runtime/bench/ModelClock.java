package org.mpjtrace.runtime.bench;

import java.util.function.Supplier;

/**
 * What the whole-pipeline model charges: each message {@code latency + bytes / bandwidth}, each node's
 * work its measured CPU time (the shortest of {@code timing} runs, {@link Shortest}). One clock for both
 * modes of {@link ScaleModel}, so they are charged alike.
 */
final class ModelClock {
    private final double latencyNs;
    private final double nsPerByte;
    private final int timing;
    private long lastWork;

    ModelClock(double latencyUs, double bandwidthMBps, int timing) {
        this.latencyNs = latencyUs * 1000;
        this.nsPerByte = bandwidthMBps <= 0 ? 0 : 1000.0 / bandwidthMBps;
        this.timing = timing;
    }

    long transfer(int bytes) {
        return Math.round(latencyNs + bytes * nsPerByte);
    }

    /** Runs {@code work}, keeping its time for {@link #lastWork()}. */
    <T> T timed(Supplier<T> work) {
        Shortest<T> s = Shortest.of(timing, work);
        lastWork = s.nanos();
        return s.result();
    }

    /** The time of the last {@link #timed} work, in ns. */
    long lastWork() {
        return lastWork;
    }
}
