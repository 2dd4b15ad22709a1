/**
 * Programs whose request completion depends on the run's timing, as programs written elsewhere complete
 * them (issue 33 item 3). {@code AnyOrder}: Waitany and Testsome loops over receives from and sends to every
 * rank, each request taken set to {@code MPI.REQUEST_NULL}, which a replay or a proxy completes in an order of
 * its own. The ring of {@code RequestPatterns}, whose calls come out the same on every run, is in the
 * package above.
 */
package org.mpjtrace.examples.requests;
