/**
 * Programs that make MPJ objects and free them every step, as solvers that split a communicator per
 * iteration or libraries that duplicate theirs per call do. {@code ObjectChurn}: a duplicate, a split and a
 * derived datatype a step, each used once and freed. The trace must stay as small at ten thousand steps as
 * at a hundred, and tell every communicator apart for a replay.
 */
package org.mpjtrace.examples.churn;
