package org.mpjtrace.cli.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpjtrace.cli.ChameleonTraces;

/** What run says of the chameleon trace a job left. */
class ProducedChameleonTraceTest {
    @TempDir
    Path dir;

    @Test
    void summaryCountsCallsClustersAndMarkers() throws Exception {
        Path file = ChameleonTraces.write(dir.resolve("c.mpjt"), ChameleonTraces.finished());
        ProducedTrace p = new ProducedTrace(file, "c.mpjt", 0);
        assertNull(p.problem());
        String summary = p.summary();
        assertTrue(summary.startsWith("4 ranks, 72 calls in a compressed trace of 7 nodes, 2 clusters (in force at 2 of 5 markers), 5 markers acted on, "), summary);
        assertTrue(summary.matches(".* [0-9.]+ k?B, at least [0-9.]+ : 1 against a dump"), summary);
    }

    @Test
    void anInterimTraceMeansTheJobDiedOnTheWay() throws Exception {
        // The starter exits 0 when a rank throws: only the unfinished marker log tells.
        Path file = ChameleonTraces.write(dir.resolve("c.mpjt"), ChameleonTraces.interim());
        ProducedTrace p = new ProducedTrace(file, "c.mpjt", 0);
        assertEquals("interim trace: written at marker 3; the job did not reach MPI.Finalize (c.mpjt keeps what was merged until then)",
                p.problem());
        assertNull(p.trace());
    }
}
