package org.mpjtrace.cli.phases;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The D_JS curve of {@code phases --plot}: D_JS of left against right at every cut position. */
class DjsCurveTest {

    @Test
    void twoHalvesOfDifferentSymbolsPeakAtTheirBoundaryWithLnTwo() {
        double[] d = DjsCurve.of(new int[] {0, 0, 0, 0, 1, 1, 1, 1});
        assertEquals(7, d.length);
        // Cut after position 3: both parts pure, the whole half and half: D_JS = H = ln 2.
        assertEquals(Math.log(2), d[3], 1e-12);
        for (int i = 0; i < d.length; i++) if (i != 3) assertEquals(true, d[i] < d[3], "position " + i);
    }

    @Test
    void everyValueIsTheJensenShannonDivergenceOfItsTwoPartsAndTheMaximumIsTheRootsCut() {
        int[] symbols = {0, 1, 0, 1, 2, 2, 3, 2, 2, 1, 0, 4};
        double[] d = DjsCurve.of(symbols);
        for (int i = 0; i < d.length; i++) {
            long[] left = new long[5], right = new long[5];
            for (int j = 0; j < symbols.length; j++) (j <= i ? left : right)[symbols[j]]++;
            assertEquals(Divergence.jensenShannon(left, right), d[i], 1e-12, "position " + i);
        }
        Segment root = Segmenter.segment(symbols, 0).root();
        int argMax = 0;
        for (int i = 1; i < d.length; i++) if (d[i] > d[argMax]) argMax = i;
        assertEquals(root.cut(), argMax);
        assertEquals(root.djs(), d[argMax], 1e-12);
    }

    @Test
    void aSingleSymbolHasNoCutPosition() {
        assertEquals(0, DjsCurve.of(new int[] {3}).length);
    }
}
