/**
 * A job to attach the tracer to while it runs ({@code mpjtrace attach}): its time loop waits, part way,
 * for a signal from outside, so a test (or a user trying attach) knows the job is there to be attached to.
 */
package org.mpjtrace.examples.attach;
