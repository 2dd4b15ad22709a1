package org.mpjtrace.cli.format;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import mpi.Datatype;
import mpi.Op;
import mpi.User_function;
import org.junit.jupiter.api.Test;
import org.mpjtrace.trace.RedOpInfo;

/**
 * The names the trace gives reduction ops. The codes are MPJ Express 0.44's, as its mpi.MPI assigns them
 * (javap -c mpi.MPI: MAXLOC is built with 11, MINLOC with 12; the class cannot be loaded here, since its
 * initialiser needs MPJ's log4j). MAXLOC and MINLOC were swapped.
 */
class RedOpNamesTest {

    @Test
    void everyPredefinedOpIsNamedAsMpjsOwnCodeSays() {
        List<String> names = List.of("MAX", "MIN", "SUM", "PROD", "LAND", "BAND", "LOR", "BOR", "LXOR", "BXOR", "MAXLOC", "MINLOC");
        for (int code = 1; code <= names.size(); code++)
            assertEquals(names.get(code - 1), new RedOpInfo(0, code).name(), "MPJ's op code " + code);
    }

    /** MPJ gives every user-defined op the same code, -1: each is named by its symbolic id instead ("op-1" before). */
    @Test
    void userDefinedOpsAreToldApartByTheirIds() {
        Op absMax = new Op(new User_function() {
            @Override
            public void Call(Object in, int inOffset, Object inOut, int inOutOffset, int count, Datatype type) {}
        }, true);
        assertEquals(-1, absMax.opCode, "MPJ's code for every user-defined op");
        assertEquals("user2", new RedOpInfo(2, absMax.opCode).name());
        assertEquals("user3", new RedOpInfo(3, absMax.opCode).name());
    }
}
