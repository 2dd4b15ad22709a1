package org.mpjtrace.agent.it;

/** A program that loads MPJ Express's MPI class by name and never calls MPI.Init: a job the tracer records nothing of. */
public final class LoadsMpjOnly {
    public static void main(String[] args) throws Exception {
        Class.forName("mpi.MPI");
        System.out.println("loaded");
    }
}
