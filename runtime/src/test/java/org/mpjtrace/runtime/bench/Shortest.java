package org.mpjtrace.runtime.bench;

import java.util.function.Supplier;

/**
 * A piece of deterministic work run several times, with the shortest time kept: the minimum leaves out
 * what is not the work's (collections, JIT compilation, the other processes of a shared machine). What
 * the simulations of the clustering tree and of the whole pipeline time each node's work with.
 *
 * @param result the work's result (every run gives an equal one)
 * @param nanos  the shortest run
 */
record Shortest<T>(T result, long nanos) {
    static <T> Shortest<T> of(int runs, Supplier<T> work) {
        T result = null;
        long best = Long.MAX_VALUE;
        for (int i = 0; i < runs; i++) {
            long start = System.nanoTime();
            result = work.get();
            best = Math.min(best, System.nanoTime() - start);
        }
        return new Shortest<>(result, best);
    }
}
