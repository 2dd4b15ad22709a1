/**
 * Programs whose ranks run several threads that call MPJ. {@code StartOrder}: two helper threads, started
 * one after the other, whose first calls come in an order that alternates from rank to rank, and a watcher
 * thread that never calls MPJ. The tracer numbers a rank's threads in the order they were started, so the
 * helpers have the same numbers on every rank. {@code BeforeInit}: a helper started before MPI.Init, which
 * inherits no rank and is taken up at its first call. {@code Threads}, whose one helper starts after the main
 * thread's first call, is in the package above.
 */
package org.mpjtrace.examples.threads;
