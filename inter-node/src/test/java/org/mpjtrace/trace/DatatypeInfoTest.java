package org.mpjtrace.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** What MPJ Express 0.44 answers for its types (Datatype.getType(), getByteSize(), Size()), and the bytes a count of each moves. */
class DatatypeInfoTest {

    @Test
    void aBaseTypeMovesItsOwnBytesPerCount() {
        assertEquals(4, new DatatypeInfo(0, 5, 4, 1).bytesPerCount()); // INT
        assertEquals(8, new DatatypeInfo(1, 8, 8, 1).bytesPerCount()); // DOUBLE
    }

    @Test
    void aDerivedTypeMovesMpjsByteSizeWhichAlreadyCountsItsBaseElements() {
        assertEquals(16, new DatatypeInfo(0, 5, 16, 4).bytesPerCount()); // Contiguous(4, INT)
        assertEquals(48, new DatatypeInfo(1, 8, 48, 6).bytesPerCount()); // Vector(3, 2, 4, DOUBLE): 6 of its extent's 10 DOUBLEs
        assertEquals(4, new DatatypeInfo(2, 3, 4, 2).bytesPerCount()); // Hvector(2, 1, 3, SHORT)
    }

    @Test
    void objectsAndPackedDataMoveNoBytesMpjKnows() {
        assertEquals(0, new DatatypeInfo(0, 12, 0, 1).bytesPerCount()); // OBJECT
        assertEquals(0, new DatatypeInfo(1, 12, 0, 2).bytesPerCount()); // Contiguous(2, OBJECT)
        assertEquals(0, new DatatypeInfo(2, 9, 0, 1).bytesPerCount()); // PACKED
    }
}
