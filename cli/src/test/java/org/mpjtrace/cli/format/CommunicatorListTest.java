package org.mpjtrace.cli.format;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpjtrace.trace.CommInfo;

class CommunicatorListTest {

    @Test
    void aFewCommunicatorsAreListedOneByOne() {
        List<CommInfo> comms = List.of(new CommInfo(0, "Intracomm", 4, 2), new CommInfo(1, "Intracomm", 4, 2), new CommInfo(2, "Cartcomm", 2, -1));
        assertEquals("0=Intracomm(size 4, rank 2), 1=Intracomm(size 4, rank 2), 2=Cartcomm(size 2, rank -)", TraceHeader.communicators(comms));
    }

    @Test
    void aPatternRepeatedOverManyIdsIsOneStretch() {
        List<CommInfo> comms = new ArrayList<>(List.of(new CommInfo(0, "Intracomm", 4, 1)));
        for (int step = 0; step < 3000; step++) {
            comms.add(new CommInfo(comms.size(), "Intracomm", 4, 1));
            comms.add(new CommInfo(comms.size(), "Intracomm", 2, 0));
        }
        comms.add(new CommInfo(comms.size(), "Cartcomm", 4, 3));
        assertEquals("0=Intracomm(size 4, rank 1), 1-6000=[Intracomm(size 4, rank 1), Intracomm(size 2, rank 0)] x3000, 6001=Cartcomm(size 4, rank 3)",
                TraceHeader.communicators(comms));
    }
}
