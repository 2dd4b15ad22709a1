package org.mpjtrace.runtime.mpj;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import org.mpjtrace.trace.CommInfo;
import org.mpjtrace.trace.DatatypeInfo;
import org.mpjtrace.trace.RedOpInfo;

/**
 * The tracer's own way into MPJ, by reflection on the classes of one rank. In multicore mode every rank
 * has its own copy of mpi.* in its own class loader, invisible from the system loader that holds the
 * tracer, so nothing here names an MPJ type: one instance per rank resolves them from an MPJ object of
 * that rank. Used off the hot path (registration of new objects, communicator constructors, Init,
 * Finalize), except for the capacity of Pack's and Unpack's buffer, read through a handle that allocates nothing.
 */
public final class MpjReflect implements MpjAccess {
    private final Method rank;
    private final Method size;
    private final Method cloneComm;
    private final Method send;
    private final Method recv;
    private final Method isend;
    private final Method iprobe;
    private final int anySource;
    private final Method requestWait;
    private final Method allreduce;
    private final Object sumOp;
    private final Method dtGetType;
    private final Method dtGetByteSize;
    private final Method dtSize;
    private final Field opCode;
    private final Field commGroup;
    private final Method groupSize;
    private final Method translateRanks;
    /** A handle, not a Method: Pack and Unpack ask on the probe's path, and invokeExact boxes nothing. */
    private final MethodHandle bufferCapacity;
    /** Request.Is_null as (Object)boolean: every request of an array call is asked, on the probe's path. */
    private final MethodHandle requestIsNull;
    /** MPI.REQUEST_NULL, read when asked (MPJ sets it at MPI.Init). */
    private final Field requestNullField;
    private final Object intType;
    private final Object byteType;
    private final ClassLoader loader;
    private final PublicIntField shiftSource = new PublicIntField("rank_source");
    private final PublicIntField shiftDest = new PublicIntField("rank_dest");
    private final PublicIntField statusSource = new PublicIntField("source");
    private final PublicIntField statusTag = new PublicIntField("tag");

    /** The COMM_WORLD of the rank whose MPJ classes {@code anyComm} comes from (in multicore mode, each rank's own). */
    public static Object worldOf(Object anyComm) throws ReflectiveOperationException {
        return Class.forName("mpi.MPI", false, anyComm.getClass().getClassLoader()).getField("COMM_WORLD").get(null);
    }

    public MpjReflect(Object anyComm) throws ReflectiveOperationException {
        loader = anyComm.getClass().getClassLoader();
        Class<?> comm = Class.forName("mpi.Comm", false, loader);
        Class<?> datatype = Class.forName("mpi.Datatype", false, loader);
        Class<?> mpi = Class.forName("mpi.MPI", false, loader);
        rank = comm.getMethod("Rank");
        size = comm.getMethod("Size");
        cloneComm = comm.getMethod("clone");
        send = comm.getMethod("Send", Object.class, int.class, int.class, datatype, int.class, int.class);
        recv = comm.getMethod("Recv", Object.class, int.class, int.class, datatype, int.class, int.class);
        isend = comm.getMethod("Isend", Object.class, int.class, int.class, datatype, int.class, int.class);
        iprobe = comm.getMethod("Iprobe", int.class, int.class);
        anySource = mpi.getField("ANY_SOURCE").getInt(null);
        requestWait = Class.forName("mpi.Request", false, loader).getMethod("Wait");
        allreduce = Class.forName("mpi.Intracomm", false, loader).getMethod("Allreduce", Object.class, int.class, Object.class,
                int.class, int.class, datatype, Class.forName("mpi.Op", false, loader));
        sumOp = mpi.getField("SUM").get(null);
        requestNullField = mpi.getField("REQUEST_NULL");
        dtGetType = datatype.getMethod("getType");
        dtGetByteSize = datatype.getMethod("getByteSize");
        dtSize = datatype.getMethod("Size");
        opCode = Class.forName("mpi.Op", false, loader).getField("opCode");
        Class<?> group = Class.forName("mpi.Group", false, loader);
        commGroup = comm.getField("group");
        groupSize = group.getMethod("Size");
        translateRanks = group.getMethod("Translate_ranks", group, int[].class, group);
        // Buffer.getCapacity() answers 0 for a Buffer(int): its bytes are those of its static RawBuffer.
        Class<?> buffer = Class.forName("mpjbuf.Buffer", false, loader);
        Class<?> raw = Class.forName("mpjbuf.RawBuffer", false, loader);
        MethodHandles.Lookup lookup = MethodHandles.publicLookup();
        bufferCapacity = MethodHandles.filterReturnValue(
                        lookup.findVirtual(buffer, "getStaticBuffer", MethodType.methodType(raw)),
                        lookup.findVirtual(raw, "getCapacity", MethodType.methodType(int.class)))
                .asType(MethodType.methodType(int.class, Object.class));
        requestIsNull = lookup.findVirtual(Class.forName("mpi.Request", false, loader), "Is_null", MethodType.methodType(boolean.class))
                .asType(MethodType.methodType(boolean.class, Object.class));
        intType = mpi.getField("INT").get(null);
        byteType = mpi.getField("BYTE").get(null);
    }

    /** multicore when MPJ lives in a per-rank loader, else a device with one JVM per rank (niodev). */
    @Override
    public String device() {
        return loader == ClassLoader.getSystemClassLoader() ? "niodev" : "multicore";
    }

    public int rank(Object comm) throws ReflectiveOperationException {
        return (Integer) rank.invoke(comm);
    }

    @Override
    public int size(Object comm) throws ReflectiveOperationException {
        return (Integer) size.invoke(comm);
    }

    @Override
    public Object cloneComm(Object comm) throws ReflectiveOperationException {
        return cloneComm.invoke(comm);
    }

    @Override
    public int[] groupRanks(Object group, Object comm) throws ReflectiveOperationException {
        int[] members = new int[(Integer) groupSize.invoke(group)];
        for (int i = 0; i < members.length; i++) members[i] = i;
        return (int[]) translateRanks.invoke(null, group, members, commGroup.get(comm));
    }

    @Override
    public int bufferCapacity(Object buffer) throws Throwable {
        return (int) bufferCapacity.invokeExact(buffer);
    }

    @Override
    public boolean isRequestNullConstant(Object request) throws ReflectiveOperationException {
        return request == requestNullField.get(null);
    }

    @Override
    public boolean requestIsNull(Object request) throws Throwable {
        return (boolean) requestIsNull.invokeExact(request);
    }

    /** Sends a byte array as a length message then a data message (MPJ receives need the count). */
    @Override
    public void sendBytes(Object comm, byte[] data, int dest, int tag) throws ReflectiveOperationException {
        send.invoke(comm, new int[] {data.length}, 0, 1, intType, dest, tag);
        send.invoke(comm, data, 0, data.length, byteType, dest, tag + 1);
    }

    @Override
    public byte[] recvBytes(Object comm, int source, int tag) throws ReflectiveOperationException {
        int[] len = new int[1];
        recv.invoke(comm, len, 0, 1, intType, source, tag);
        byte[] data = new byte[len[0]];
        recv.invoke(comm, data, 0, data.length, byteType, source, tag + 1);
        return data;
    }

    @Override
    public Object isendBytes(Object comm, byte[] data, int dest, int tag) throws ReflectiveOperationException {
        Object length = isend.invoke(comm, new int[] {data.length}, 0, 1, intType, dest, tag);
        Object bytes = isend.invoke(comm, data, 0, data.length, byteType, dest, tag + 1);
        return new Object[] {length, bytes};
    }

    @Override
    public void waitSent(Object handle) throws ReflectiveOperationException {
        for (Object request : (Object[]) handle) requestWait.invoke(request);
    }

    @Override
    public int arrivedFrom(Object comm, int source, int tag) throws ReflectiveOperationException {
        Object status = iprobe.invoke(comm, source < 0 ? anySource : source, tag);
        return status == null ? -1 : statusSource(status);
    }

    @Override
    public int allreduceSum(Object comm, int value) throws ReflectiveOperationException {
        return allreduceSum(comm, new int[] {value})[0];
    }

    @Override
    public int[] allreduceSum(Object comm, int[] values) throws ReflectiveOperationException {
        int[] sum = new int[values.length];
        allreduce.invoke(comm, values, 0, sum, 0, values.length, intType, sumOp);
        return sum;
    }

    @Override
    public CommInfo describeComm(int id, Object comm) {
        int r = -1, s = -1;
        try {
            r = rank(comm);
            s = size(comm);
        } catch (ReflectiveOperationException | RuntimeException e) {
            // An intercommunicator or a freed communicator may refuse; its id still stands.
        }
        return new CommInfo(id, comm.getClass().getSimpleName(), s, r);
    }

    @Override
    public DatatypeInfo describeDatatype(int id, Object datatype) {
        try {
            return new DatatypeInfo(id, (Integer) dtGetType.invoke(datatype),
                    (Integer) dtGetByteSize.invoke(datatype), (Integer) dtSize.invoke(datatype));
        } catch (ReflectiveOperationException | RuntimeException e) {
            return new DatatypeInfo(id, -1, 0, 0);
        }
    }

    @Override
    public RedOpInfo describeRedOp(int id, Object op) {
        try {
            return new RedOpInfo(id, opCode.getInt(op));
        } catch (ReflectiveOperationException | RuntimeException e) {
            return new RedOpInfo(id, -1);
        }
    }

    /** rank_source of a Cartcomm.Shift result. */
    @Override
    public int shiftSource(Object shiftParms) throws ReflectiveOperationException {
        return shiftSource.read(shiftParms);
    }

    /** rank_dest of a Cartcomm.Shift result. */
    @Override
    public int shiftDest(Object shiftParms) throws ReflectiveOperationException {
        return shiftDest.read(shiftParms);
    }

    /** source of a Status (a public field of mpjdev.Status, which mpi.Status extends). */
    @Override
    public int statusSource(Object status) throws ReflectiveOperationException {
        return statusSource.read(status);
    }

    @Override
    public int statusTag(Object status) throws ReflectiveOperationException {
        return statusTag.read(status);
    }

    /**
     * A public int field of an MPJ result class, looked up by name on first use (the classes are only
     * known from an instance). Each field resolves on its own and is published through a volatile, so
     * ranks of one JVM that meet the class at the same time each read a resolved field.
     */
    private static final class PublicIntField {
        private final String name;
        private volatile Field field;

        PublicIntField(String name) {
            this.name = name;
        }

        int read(Object o) throws ReflectiveOperationException {
            Field f = field;
            if (f == null) field = f = o.getClass().getField(name);
            return f.getInt(o);
        }
    }
}
