package org.mpjtrace.trace.fold;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Peers kept as offsets counted round COMM_WORLD: lossless, plain for neighbours, uniform round a ring. */
class RelativePeersTest {
    @Test
    void everyPeerOfEveryRankComesBack() {
        for (int size = 1; size <= 17; size++) {
            for (int rank = 0; rank < size; rank++) {
                for (int peer = 0; peer < size; peer++) {
                    long stored = RelativePeers.encode(peer, rank, size);
                    assertTrue(RelativePeers.isOffset(stored) && !RelativePeers.isAbsolute(stored));
                    assertTrue(stored >= -(size - 1) / 2 && stored <= size / 2, size + " ranks: offset " + stored);
                    assertEquals(peer, RelativePeers.decode(stored, rank, size), size + " ranks, rank " + rank + ", peer " + peer);
                }
            }
        }
    }

    @Test
    void nearNeighboursKeepThePlainDifference() {
        assertEquals(-4, RelativePeers.encode(1, 5, 16));
        assertEquals(4, RelativePeers.encode(9, 5, 16));
        assertEquals(8, RelativePeers.encode(8, 0, 16), "half-way round is counted forwards");
        assertEquals(-7, RelativePeers.encode(0, 7, 15));
    }

    @Test
    void theEndsOfARingRecordWhatEveryOtherRankRecords() {
        int size = 16;
        for (int rank = 0; rank < size; rank++) {
            assertEquals(1, RelativePeers.encode((rank + 1) % size, rank, size), "right of " + rank);
            assertEquals(-1, RelativePeers.encode((rank + size - 1) % size, rank, size), "left of " + rank);
        }
    }

    /** Files written before offsets counted round COMM_WORLD kept plain differences, which may lie beyond half of it. */
    @Test
    void plainDifferencesOfEarlierFilesDecodeToTheSamePeers() {
        assertEquals(0, RelativePeers.decode(-15, 15, 16));
        assertEquals(15, RelativePeers.decode(15, 0, 16));
    }

    @Test
    void sentinelsAndAbsolutePeersAreNoOffsets() {
        for (int sentinel : new int[] {-1, -2, -3}) {
            long stored = RelativePeers.encode(sentinel, 5, 16);
            assertFalse(RelativePeers.isOffset(stored));
            assertEquals(sentinel, RelativePeers.decode(stored, 9, 16));
        }
        ValueSeq offsets = new ValueSeq();
        offsets.append(RelativePeers.encode(0, 15, 16)); // +1 round the ring
        ValueSeq absolute = RelativePeers.absolute(offsets, 15, 16);
        long stored = absolute.cursor().next();
        assertTrue(RelativePeers.isAbsolute(stored));
        assertEquals(0, RelativePeers.decode(stored, 4, 16), "rank 0 for whoever expands it");
    }
}
