package org.mpjtrace.examples.support;

/**
 * A near-square rows x cols arrangement of np ranks, row-major (rank = row * cols + col), without
 * wrap-around: ranks on the edge simply lack some neighbours. rows is the largest divisor of np not above
 * sqrt(np), so 16 gives 4x4, 9 gives 3x3, 4 gives 2x2, 6 gives 2x3 and a prime np gives 1 x np.
 */
public final class Grid2D {
    public final int rows, cols, row, col;

    public Grid2D(int np, int rank) {
        int r = (int) Math.sqrt(np);
        while (np % r != 0) r--;
        rows = r;
        cols = np / r;
        row = rank / cols;
        col = rank % cols;
    }

    /** The rank at (row + dr, col + dc), or -1 when that falls outside the grid. */
    public int neighbour(int dr, int dc) {
        int r = row + dr, c = col + dc;
        return r < 0 || r >= rows || c < 0 || c >= cols ? -1 : r * cols + c;
    }
}
