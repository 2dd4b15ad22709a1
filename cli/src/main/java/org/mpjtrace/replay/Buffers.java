package org.mpjtrace.replay;

import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;

/**
 * Message buffers of the recorded sizes and element types. The replay moves the same number of
 * elements of the same type as the program, not its data, so buffers are reused: one array per base
 * type and direction, grown when a call needs more. Sends read from one array and receives write into
 * another, so a receive never overwrites what a pending send still reads (the data would not matter,
 * but MPJ's object serialisation should see stable arrays).
 */
final class Buffers {
    private final Object[] send = new Object[16];
    private final Object[] receive = new Object[16];

    /** An array of at least {@code elements} elements of the base type of {@code type}, to send from. */
    Object toSend(Datatype type, long elements) throws MPIException {
        return buffer(send, type, elements);
    }

    /** An array of at least {@code elements} elements of the base type of {@code type}, to receive into. */
    Object toReceive(Datatype type, long elements) throws MPIException {
        return buffer(receive, type, elements);
    }

    private static Object buffer(Object[] cache, Datatype type, long elements) throws MPIException {
        int base = type.getType();
        // A derived type's element holds Size() base elements (the replay builds them contiguous).
        long length = Math.max(1, elements * Math.max(1, type.Size()));
        if (length > Integer.MAX_VALUE - 8) throw new ReplayException("a call moves " + length + " elements, more than an array holds");
        int slot = base >= 0 && base < cache.length ? base : 0;
        Object have = cache[slot];
        if (have != null && java.lang.reflect.Array.getLength(have) >= length) return have;
        Object made = allocate(base, (int) length);
        cache[slot] = made;
        return made;
    }

    private static Object allocate(int base, int n) {
        if (base == MPI.BYTE.getType() || base == MPI.PACKED.getType()) return new byte[n];
        if (base == MPI.CHAR.getType()) return new char[n];
        if (base == MPI.SHORT.getType()) return new short[n];
        if (base == MPI.BOOLEAN.getType()) return new boolean[n];
        if (base == MPI.INT.getType()) return new int[n];
        if (base == MPI.LONG.getType()) return new long[n];
        if (base == MPI.FLOAT.getType()) return new float[n];
        if (base == MPI.DOUBLE.getType()) return new double[n];
        Object[] objects = new Object[n];
        java.util.Arrays.fill(objects, Integer.valueOf(0));
        return objects;
    }
}
