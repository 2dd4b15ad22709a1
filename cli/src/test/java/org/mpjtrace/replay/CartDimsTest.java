package org.mpjtrace.replay;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class CartDimsTest {

    @Test
    void findsEveryGridBackFromItsDigest() {
        int[][] grids = {{4}, {2, 2}, {4, 4}, {2, 2, 1}, {4, 4, 4}, {3, 1, 3}, {1, 1, 1, 1}, {2, 3, 2, 2}, {8, 8}, {2, 2, 2, 2, 2, 2}};
        for (int[] dims : grids) {
            int cells = 1;
            for (int d : dims) cells *= d;
            assertArrayEquals(dims, CartDims.find(CartDims.digestOf(dims), cells));
            // A communicator larger than the grid (Create_cart leaves the other ranks out) finds it too.
            assertArrayEquals(dims, CartDims.find(CartDims.digestOf(dims), cells + 5));
        }
    }

    @Test
    void aGridLargerThanTheCommunicatorIsNotFound() {
        assertNull(CartDims.find(CartDims.digestOf(new int[] {4, 4}), 15));
        assertNull(CartDims.find(12345L, 64));
    }
}
