package org.mpjtrace.trace.fold;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.fold.FieldSchema.Use;

class FieldSchemaTest {
    @Test
    void minusOneIsAValueWhereTheProgramMayPassIt() {
        assertTrue(FieldSchema.isValue(Op.SPLIT, Field.COLOR, -1), "MPI.UNDEFINED");
        assertTrue(FieldSchema.isValue(Op.SPLIT, Field.KEY, -1));
        assertTrue(FieldSchema.isValue(Op.SHIFT, Field.COUNT, -1), "a displacement");
        assertTrue(FieldSchema.isValue(Op.ABORT, Field.TAG, -1), "an error code");
        assertTrue(FieldSchema.isValue(Op.SEND, Field.PEER, -3), "PROC_NULL");
    }

    @Test
    void anOptionalFieldsNoValueIsOneNoIdOrRankCanTake() {
        assertFalse(FieldSchema.isValue(Op.RECV, Field.PEER2, Event.NONE), "no wildcard, so no matched source");
        assertTrue(FieldSchema.isValue(Op.RECV, Field.PEER2, 0));
        assertFalse(FieldSchema.isValue(Op.FINALIZE, Field.COMM, Event.NONE));
        assertFalse(FieldSchema.isValue(Op.WAIT, Field.REQUEST, Event.NONE), "a request the recorder could not name");
        assertTrue(FieldSchema.isValue(Op.WAIT, Field.REQUEST, Event.REQUEST_NULL));
        assertFalse(FieldSchema.isValue(Op.GATHERV, Field.DIGEST, 0));
        for (Op op : Op.values())
            for (Field f : Field.ALL)
                if (FieldSchema.use(op, f) == Use.OPTIONAL)
                    assertTrue(f == Field.DIGEST || f == Field.COMM || f == Field.DATATYPE || f == Field.DATATYPE2 || f == Field.REDOP
                            || f == Field.REQUEST || f == Field.RESULT || f == Field.PEER2 || f == Field.TAG2 || f == Field.COLOR,
                            op + " " + f + " is optional but not an id, a rank, a matched tag or flag bits");
    }

    @Test
    void aFieldTheOpDoesNotHaveHoldsNoValueWhateverItsSlotHolds() {
        assertFalse(FieldSchema.isValue(Op.BARRIER, Field.COUNT, 3));
        assertFalse(FieldSchema.isValue(Op.PROBE, Field.COUNT, 0), "a probe's count is a placeholder");
        assertFalse(FieldSchema.isValue(Op.ALLREDUCE, Field.PEER, 0), "no root");
        assertFalse(FieldSchema.isValue(Op.SEND, Field.REQUEST, 5));
        assertEquals(Use.UNUSED, FieldSchema.use(999, Field.PEER), "a code no format defined");
        assertEquals(Use.UNUSED, FieldSchema.use(-7, Field.PEER));
    }

    @Test
    void everyOpHasTheFieldsItsFamilyPromises() {
        for (Op op : Op.values()) {
            switch (op.family) {
                case P2P -> assertTrue(FieldSchema.holds(op, Field.PEER) && FieldSchema.holds(op, Field.TAG) && FieldSchema.holds(op, Field.COMM), op.name());
                case COLLECTIVE -> {
                    assertTrue(FieldSchema.holds(op, Field.COMM), op.name());
                    assertEquals(op.hasRoot(), FieldSchema.holds(op, Field.PEER), op + " root");
                }
                case COMPLETION -> assertTrue(FieldSchema.holds(op, Field.COUNT), op.name());
                case COMMUNICATOR -> assertTrue(FieldSchema.holds(op, Field.COMM), op.name());
                case PACKING -> assertTrue(FieldSchema.holds(op, Field.COUNT) && FieldSchema.holds(op, Field.DATATYPE), op.name());
                case SETUP -> assertEquals(op == Op.ABORT, FieldSchema.holds(op, Field.TAG), op.name());
            }
        }
    }
}
