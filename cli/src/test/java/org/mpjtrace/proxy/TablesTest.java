package org.mpjtrace.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.mpjtrace.trace.DatatypeInfo;

class TablesTest {
    /**
     * MPJ sends MPI.PACKED only from an mpjbuf.Buffer, which it frees once sent; a proxy sends one array over
     * and over, so it sends the same bytes as MPI.BYTE (it wrote MPI.PACKED, and its first Send threw a
     * ClassCastException: a byte[] is no mpjbuf.Buffer).
     */
    @Test
    void packedDataGoesAsTheSameBytes() {
        assertEquals("MPI.BYTE", Tables.typeExpression(new DatatypeInfo(3, 9, 0, 1)));
        assertEquals("MPI.INT", Tables.typeExpression(new DatatypeInfo(1, 5, 4, 1)));
        assertEquals("type(5, 4)", Tables.typeExpression(new DatatypeInfo(2, 5, 16, 4)));
    }
}
