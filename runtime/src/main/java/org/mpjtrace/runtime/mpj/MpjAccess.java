package org.mpjtrace.runtime.mpj;

import org.mpjtrace.trace.CommInfo;
import org.mpjtrace.trace.DatatypeInfo;
import org.mpjtrace.trace.RedOpInfo;

/**
 * What the tracer needs from MPJ beyond the calls it records: descriptions of the objects it meets,
 * and byte messages on its private communicator. {@link MpjReflect} is the real one; tests and the
 * hot-path benchmark supply their own so the probe path can be measured without an MPJ job.
 */
public interface MpjAccess {
    /** A clone of {@code comm} (a collective of its ranks): the tracer's private communicator. */
    Object cloneComm(Object comm) throws ReflectiveOperationException;

    /** multicore, niodev, ... as far as the tracer can tell. */
    String device();

    CommInfo describeComm(int id, Object comm);

    DatatypeInfo describeDatatype(int id, Object datatype);

    RedOpInfo describeRedOp(int id, Object op);

    int shiftSource(Object shiftParms) throws ReflectiveOperationException;

    int shiftDest(Object shiftParms) throws ReflectiveOperationException;

    /** The source of the message a Recv, Probe or Iprobe matched, from the Status it returned. */
    int statusSource(Object status) throws ReflectiveOperationException;

    /** The tag of that message. */
    int statusTag(Object status) throws ReflectiveOperationException;

    /**
     * Whether an mpi.Request reports Is_null: MPI.REQUEST_NULL, or a request that has completed (MPJ's
     * Wait and a successful Test make it so). On the probe's path: no allocation.
     */
    boolean requestIsNull(Object request) throws Throwable;

    /** Whether {@code request} is MPJ's MPI.REQUEST_NULL itself. Off the hot path: only a tracer attached to a running job asks. */
    boolean isRequestNullConstant(Object request) throws ReflectiveOperationException;

    /**
     * The members of {@code group} as ranks of {@code comm}, in the group's order (Create's group: a
     * replay builds it again from these). Off the hot path: only communicator constructors ask.
     */
    int[] groupRanks(Object group, Object comm) throws ReflectiveOperationException;

    /** The capacity in bytes of an mpjbuf.Buffer (Pack's and Unpack's): a replay packs into one as large. */
    int bufferCapacity(Object buffer) throws Throwable;

    void sendBytes(Object comm, byte[] data, int dest, int tag) throws ReflectiveOperationException;

    byte[] recvBytes(Object comm, int source, int tag) throws ReflectiveOperationException;

    /**
     * Starts sending a byte array as {@link #sendBytes} does and returns at once, before it is received;
     * the returned handle goes to {@link #waitSent}. The array must not change until then.
     */
    Object isendBytes(Object comm, byte[] data, int dest, int tag) throws ReflectiveOperationException;

    /** Waits until the send {@link #isendBytes} started is complete. */
    void waitSent(Object handle) throws ReflectiveOperationException;

    /**
     * Whether a byte message ({@link #sendBytes}) with {@code tag} has arrived from {@code source}, without
     * waiting (MPI's Iprobe on its length message): its source, or -1 when none has. {@code source} -1
     * asks for any source.
     */
    int arrivedFrom(Object comm, int source, int tag) throws ReflectiveOperationException;

    /** An int array as a byte message (site-id maps): big-endian, four bytes each. */
    default void sendInts(Object comm, int[] values, int dest, int tag) throws ReflectiveOperationException {
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(values.length * 4);
        b.asIntBuffer().put(values);
        sendBytes(comm, b.array(), dest, tag);
    }

    /** The int array {@link #sendInts} sent. */
    default int[] recvInts(Object comm, int source, int tag) throws ReflectiveOperationException {
        java.nio.IntBuffer ints = java.nio.ByteBuffer.wrap(recvBytes(comm, source, tag)).asIntBuffer();
        int[] values = new int[ints.remaining()];
        ints.get(values);
        return values;
    }

    /** The sum over all ranks of {@code value}, known to every rank (an Allreduce of one int on {@code comm}). */
    int allreduceSum(Object comm, int value) throws ReflectiveOperationException;

    /** The element-wise sums over all ranks of {@code values} (one Allreduce of the array on {@code comm}). */
    int[] allreduceSum(Object comm, int[] values) throws ReflectiveOperationException;

    /** How many ranks {@code comm} has (its Size()); off the hot path: asked once per communicator met. */
    int size(Object comm) throws ReflectiveOperationException;
}
