package org.mpjtrace.runtime.rank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpjtrace.trace.CommInfo;
import org.mpjtrace.trace.DatatypeInfo;
import org.mpjtrace.trace.fold.FoldedInfos;

class SymbolTableTest {
    private final SymbolTable<CommInfo> table = new SymbolTable<>((id, o) -> new CommInfo(id, "Intracomm", ((int[]) o)[0], 0), FoldedInfos.COMMS, false);

    private static Object comm(int size) {
        return new int[] {size};
    }

    @Test
    void freedObjectsKeepTheirIdsAndIdsCountOnPastTheLiveLimit() {
        Object world = comm(8);
        assertEquals(0, table.idOf(world));
        List<CommInfo> expected = new ArrayList<>(List.of(new CommInfo(0, "Intracomm", 8, 0)));
        for (int step = 0; step < 3 * SymbolTable.MAX_LIVE; step++) {
            Object dup = comm(8), half = comm(4);
            assertEquals(1 + 2 * step, table.idOf(dup));
            assertEquals(2 + 2 * step, table.idOf(half));
            assertEquals(1 + 2 * step, table.idOf(dup), "a live object keeps its id");
            table.forget(dup);
            table.forget(half);
            expected.add(new CommInfo(1 + 2 * step, "Intracomm", 8, 0));
            expected.add(new CommInfo(2 + 2 * step, "Intracomm", 4, 0));
        }
        assertEquals(0, table.idOf(world));
        assertEquals(expected, table.infos());
    }

    @Test
    void anObjectSeenAgainAfterItWasFreedGetsANewId() {
        Object c = comm(2);
        int first = table.idOf(c);
        table.forget(c);
        assertNotEquals(first, table.idOf(c));
    }

    @Test
    void pastTheLiveLimitObjectsAreUntracked() {
        for (int i = 0; i < SymbolTable.MAX_LIVE; i++) assertEquals(i, table.idOf(comm(1)));
        assertEquals(SymbolTable.UNTRACKED, table.idOf(comm(1)));
        assertEquals(SymbolTable.MAX_LIVE, table.infos().size());
    }

    @Test
    void aTableThatEvictsGivesIdsPastTheLiveLimitAndANewOneToAnObjectItDropped() {
        SymbolTable<DatatypeInfo> types = new SymbolTable<>((id, o) -> new DatatypeInfo(id, 5, 4 * ((int[]) o)[0], ((int[]) o)[0]), FoldedInfos.DATATYPES, true);
        Object early = comm(1);
        assertEquals(0, types.idOf(early));
        for (int i = 1; i < SymbolTable.KEPT_FIRST; i++) types.idOf(comm(1));
        Object dropped = comm(2), last = null;
        assertEquals(SymbolTable.KEPT_FIRST, types.idOf(dropped));
        int n = SymbolTable.KEPT_FIRST + 3 * SymbolTable.MAX_LIVE;
        for (int i = SymbolTable.KEPT_FIRST + 1; i <= n; i++) assertEquals(i, types.idOf(last = comm(8)), "a datatype a step");
        assertEquals(n, types.idOf(last), "a recent one keeps its id");
        assertEquals(0, types.idOf(early), "one of the first keeps its id");
        assertEquals(n + 1, types.idOf(dropped), "an older one was dropped: a new id, the same description");
        assertEquals(new DatatypeInfo(n + 1, 5, 8, 2), types.infos().get(n + 1));
    }
}
