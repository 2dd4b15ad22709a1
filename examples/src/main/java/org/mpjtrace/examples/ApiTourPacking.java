package org.mpjtrace.examples;

import java.util.Arrays;
import mpi.MPI;

/** ApiTour's packing part: Pack and Unpack through an mpjbuf.Buffer. */
final class ApiTourPacking extends ApiTourPart {
    ApiTourPacking(ApiTourPart tour) {
        super(tour);
    }

    /** Pack an int and a double array into one mpjbuf.Buffer, then Unpack them again. */
    void packing() throws Exception {
        int[] ints = {rank, 11, 12};
        double[] dbls = {rank + 0.5, 2.25};
        mpjbuf.Buffer buf = new mpjbuf.Buffer(world.Pack_size(3, MPI.INT) + world.Pack_size(2, MPI.DOUBLE));
        int pos = world.Pack(ints, 0, 3, MPI.INT, buf, 0);
        log.note("Pack", -1, 3);
        pos = world.Pack(dbls, 0, 2, MPI.DOUBLE, buf, pos);
        log.note("Pack", -1, 2);
        buf.commit(); // switches the buffer from writable to readable: Unpack refuses it otherwise
        int[] ints2 = new int[3];
        double[] dbls2 = new double[2];
        pos = world.Unpack(buf, 0, ints2, 0, 3, MPI.INT);
        log.note("Unpack", -1, 3);
        world.Unpack(buf, pos, dbls2, 0, 2, MPI.DOUBLE);
        log.note("Unpack", -1, 2);
        if (!Arrays.equals(ints, ints2) || !Arrays.equals(dbls, dbls2))
            throw new IllegalStateException("Pack/Unpack round trip changed the data");
        fold(ints2);
        add((long) (dbls2[0] * 4));
    }
}
