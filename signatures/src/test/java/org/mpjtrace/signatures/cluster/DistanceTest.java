package org.mpjtrace.signatures.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class DistanceTest {

    @Test
    void manhattanSumsAbsoluteDifferences() {
        assertEquals(7.0, Distance.manhattan(new double[] {1, -2}, new double[] {-2, 2}));
        assertEquals(0.0, Distance.manhattan(new double[] {}, new double[] {}));
    }

    @Test
    void euclideanIsTheStraightLine() {
        assertEquals(5.0, Distance.euclidean(new double[] {0, 0}, new double[] {3, -4}));
    }

    @Test
    void lengthsMustMatch() {
        assertThrows(IllegalArgumentException.class, () -> Distance.manhattan(new double[] {1}, new double[] {1, 2}));
        assertThrows(IllegalArgumentException.class, () -> Distance.euclidean(new double[] {1, 2}, new double[] {1}));
    }
}
