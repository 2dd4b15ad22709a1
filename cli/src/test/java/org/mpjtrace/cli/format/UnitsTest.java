package org.mpjtrace.cli.format;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class UnitsTest {

    @Test
    void microsKeepNanosecondsForShortTimes() {
        assertEquals("0.000", Units.micros(0));
        assertEquals("0.001", Units.micros(1));
        assertEquals("9.999", Units.micros(9_999));
        assertEquals("10.0", Units.micros(10_000));
        assertEquals("-5.000", Units.micros(-5_000));
        assertEquals("52305.7", Units.micros(52_305_678));
        assertEquals("3600000000.0", Units.micros(3_600_000_000_000L));
    }

    @Test
    void millisAndSeconds() {
        assertEquals("52.306", Units.millis(52_305_678));
        assertEquals("2.500", Units.seconds(2_500_000_000L));
    }

    @Test
    void aFigureKeptCoarselyShowsThreeSignificantFigures() {
        assertEquals("906", Units.millisThreeFigures(905_773_000));
        assertEquals("1040", Units.millisThreeFigures(1_041_162_000));
        assertEquals("19.3", Units.millisThreeFigures(19_312_000));
        assertEquals("20", Units.millisThreeFigures(20_000_000));
        assertEquals("0.0005", Units.millisThreeFigures(500));
        assertEquals("0", Units.millisThreeFigures(0));
    }

    @Test
    void fileSizes() {
        assertEquals("513 B", Units.fileSize(513));
        assertEquals("1.0 kB", Units.fileSize(1000));
        assertEquals("158.3 kB", Units.fileSize(158_300));
        assertEquals("2.1 MB", Units.fileSize(2_100_000));
        assertEquals("1.0 MB", Units.fileSize(999_999));
    }
}
