package org.mpjtrace.trace.fold;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpjtrace.trace.CommInfo;
import org.mpjtrace.trace.DatatypeInfo;
import org.mpjtrace.trace.RedOpInfo;

class FoldedInfosTest {

    /** COMM_WORLD, then a duplicate and a split by parity a step, as a rank of 8 registers them. */
    private static List<CommInfo> churn(int rank, int steps) {
        List<CommInfo> comms = new ArrayList<>();
        comms.add(new CommInfo(0, "Intracomm", 8, rank));
        for (int s = 0; s < steps; s++) {
            comms.add(new CommInfo(comms.size(), "Intracomm", 8, rank));
            comms.add(new CommInfo(comms.size(), "Intracomm", 4, rank / 2));
        }
        return comms;
    }

    @Test
    void aTableOfACommunicatorTwoAStepIsAFewElementsAndReadsAsItsRows() {
        List<CommInfo> rows = churn(5, 5_000);
        FoldedInfos<CommInfo> table = FoldedInfos.of(FoldedInfos.COMMS, rows);
        assertEquals(rows, table);
        assertEquals(List.of("Intracomm"), table.palette());
        for (int c = 0; c < 3; c++) assertTrue(table.column(c).elements().size() <= 3, "column " + c + ": " + table.column(c).elements());
    }

    @Test
    void aShiftedTableAddsToOneColumn() {
        FoldedInfos<CommInfo> relative = FoldedInfos.of(FoldedInfos.COMMS, churn(5, 10)).shifted(2, -5);
        assertEquals(new CommInfo(2, "Intracomm", 4, -3), relative.get(2));
        assertEquals(churn(5, 10), relative.shifted(2, 5));
    }

    @Test
    void theBuilderGoesOnAfterASnapshot() {
        FoldedInfos.Builder<DatatypeInfo> b = new FoldedInfos.Builder<>(FoldedInfos.DATATYPES);
        b.add(new DatatypeInfo(0, 5, 4, 1));
        FoldedInfos<DatatypeInfo> first = b.build();
        b.add(new DatatypeInfo(1, 5, 32, 8));
        assertEquals(List.of(new DatatypeInfo(0, 5, 4, 1)), first);
        assertEquals(List.of(new DatatypeInfo(0, 5, 4, 1), new DatatypeInfo(1, 5, 32, 8)), b.build());
    }

    @Test
    void rowsWhoseIdsAreNotTheirIndexesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> FoldedInfos.of(FoldedInfos.REDOPS, List.of(new RedOpInfo(1, 3))));
    }
}
