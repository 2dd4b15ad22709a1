package org.mpjtrace.trace.cluster;

/**
 * What clusters are formed on, in one end-point encoding: the Call-Path signature and the mean source
 * and destination end-points. As a record it compares the doubles by {@link Double#compare}, so two
 * signatures are equal exactly when every bit of them is.
 */
record ClusterSignature(long callPath, double src, double dest) {}
