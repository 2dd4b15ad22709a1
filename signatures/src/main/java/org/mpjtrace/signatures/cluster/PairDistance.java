package org.mpjtrace.signatures.cluster;

/** The distance between two candidates, by index: what the lead choosers work on. */
@FunctionalInterface
interface PairDistance {
    double between(int a, int b);
}
