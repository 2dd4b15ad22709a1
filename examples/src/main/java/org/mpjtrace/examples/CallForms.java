package org.mpjtrace.examples;

import java.lang.reflect.Method;
import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Op;
import org.mpjtrace.examples.support.Args;

/**
 * Calls MPJ in every form Java code can: a plain call, bound and unbound method references, a lambda,
 * a static initialiser, a constructor, an anonymous and an inner class, reflection, a call whose callee
 * throws into a catch block in a loop, and MPI.Finalize through a static method reference. Each form's
 * Allreduce has its own element count (the form's number below), so a trace shows which forms were
 * recorded. Reflection (form 9) bypasses any rewritten call site: a tracer can only report it.
 *
 * <p>Args: {@code retries=3} (how often form 10's callee fails).
 */
public final class CallForms {
    private static final int[] ONES = new int[10];
    private static final int[] SUMS = new int[10];

    /** Form 2's functional interface: the shape of Allreduce. */
    interface Reduce {
        void apply(Object send, int sendOffset, Object recv, int recvOffset, int count, Datatype type, Op op) throws MPIException;
    }

    /** Form 3's: an unbound reference takes the communicator. */
    interface OnComm {
        void apply(Intracomm comm) throws MPIException;
    }

    /** A step of work, for forms 4, 7 and the closing Finalize. */
    interface Step {
        void run() throws MPIException;
    }

    static void allreduce(int form) throws MPIException {
        MPI.COMM_WORLD.Allreduce(ONES, 0, SUMS, 0, form, MPI.INT, MPI.SUM);
    }

    /** Form 5: initialised on first use, after MPI.Init. */
    static final class Early {
        static final int SUM;

        static {
            try {
                allreduce(5);
            } catch (MPIException e) {
                throw new ExceptionInInitializerError(e);
            }
            SUM = SUMS[4];
        }
    }

    /** Form 6. */
    static final class Built {
        final int sum;

        Built() throws MPIException {
            allreduce(6);
            sum = SUMS[5];
        }
    }

    /** Form 8: an inner class's method. */
    final class Inner {
        int go() throws MPIException {
            allreduce(8);
            return SUMS[7];
        }
    }

    /** Form 10's callee: communicates, then fails. */
    static void communicatesThenFails() throws MPIException {
        allreduce(10);
        throw new IllegalStateException("fails on purpose");
    }

    public static void main(String[] argv) throws Exception {
        String[] args = MPI.Init(argv);
        int rank = MPI.COMM_WORLD.Rank();
        int retries = new Args(args).getInt("retries", 3);
        java.util.Arrays.fill(ONES, 1);
        StringBuilder seen = new StringBuilder();

        allreduce(1);
        seen.append(" plain=").append(SUMS[0]);
        Reduce bound = MPI.COMM_WORLD::Allreduce;
        bound.apply(ONES, 0, SUMS, 0, 2, MPI.INT, MPI.SUM);
        seen.append(" bound-ref=").append(SUMS[1]);
        OnComm unbound = Intracomm::Barrier;
        unbound.apply(MPI.COMM_WORLD);
        seen.append(" unbound-ref=barrier");
        Step lambda = () -> allreduce(4);
        lambda.run();
        seen.append(" lambda=").append(SUMS[3]);
        seen.append(" static-init=").append(Early.SUM);
        seen.append(" constructor=").append(new Built().sum);
        Step anonymous = new Step() {
            @Override
            public void run() throws MPIException {
                allreduce(7);
            }
        };
        anonymous.run();
        seen.append(" anonymous=").append(SUMS[6]);
        seen.append(" inner=").append(new CallForms().new Inner().go());
        Method reflective = Intracomm.class.getMethod("Allreduce", Object.class, int.class, Object.class, int.class,
                int.class, Datatype.class, Op.class);
        reflective.invoke(MPI.COMM_WORLD, ONES, 0, SUMS, 0, 9, MPI.INT, MPI.SUM);
        seen.append(" reflection=").append(SUMS[8]);
        int caught = 0;
        for (int i = 0; i < retries; i++) {
            try {
                communicatesThenFails();
            } catch (IllegalStateException e) {
                MPI.COMM_WORLD.Barrier();
                caught++;
            }
        }
        seen.append(" caught=").append(caught);

        if (rank == 0) System.out.println("CallForms np=" + MPI.COMM_WORLD.Size() + seen);
        Step finalize = MPI::Finalize;
        finalize.run();
    }
}
