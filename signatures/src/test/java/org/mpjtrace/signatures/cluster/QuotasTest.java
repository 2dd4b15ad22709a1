package org.mpjtrace.signatures.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.junit.jupiter.api.Test;

class QuotasTest {

    @Test
    void smallPartitionsPassTheirShareOnToBigOnes() {
        assertArrayEquals(new int[] {4, 4, 1}, Quotas.waterFill(new int[] {5, 5, 1}, 9));
        assertArrayEquals(new int[] {1, 6, 2}, Quotas.waterFill(new int[] {1, 10, 2}, 9));
    }

    @Test
    void anUnevenRemainderGoesToTheEarlierPartitions() {
        assertArrayEquals(new int[] {3, 2, 2}, Quotas.waterFill(new int[] {5, 5, 5}, 7));
        assertArrayEquals(new int[] {2, 2, 1, 1}, Quotas.waterFill(new int[] {3, 3, 3, 3}, 6));
    }

    @Test
    void aBudgetAboveTheCandidatesTakesThemAll() {
        assertArrayEquals(new int[] {2, 3}, Quotas.waterFill(new int[] {2, 3}, 9));
    }

    @Test
    void aBudgetOfOnePerPartitionGivesOneEach() {
        assertArrayEquals(new int[] {1, 1, 1}, Quotas.waterFill(new int[] {4, 1, 7}, 3));
    }
}
