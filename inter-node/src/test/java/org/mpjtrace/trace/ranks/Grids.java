package org.mpjtrace.trace.ranks;

import java.util.ArrayList;
import java.util.List;

/**
 * Row-major grids of ranks (x fastest: rank = x + px * (y + py * z)) and the parts of each axis that a
 * non-periodic stencil tells apart; a boundary class is one part per axis.
 */
final class Grids {

    private Grids() {}

    /** Coordinates of one axis of length p that a class may pick. */
    enum Part {
        LOW, MID, HIGH, ENDS, ALL;

        int[] coords(int p) {
            return switch (this) {
                case LOW -> new int[] {0};
                case HIGH -> new int[] {p - 1};
                case ENDS -> p == 1 ? new int[] {0} : new int[] {0, p - 1};
                case MID -> range(1, p - 1);
                case ALL -> range(0, p);
            };
        }

        /** The three parts that split an axis into disjoint pieces. */
        static final Part[] BASIC = {LOW, MID, HIGH};
    }

    private static int[] range(int from, int to) {
        int[] out = new int[Math.max(0, to - from)];
        for (int i = 0; i < out.length; i++) out[i] = from + i;
        return out;
    }

    /** The ranks whose coordinate on axis a is one of parts[a], for a grid of the given extents. */
    static int[] product(int[] extents, Part[] parts) {
        List<Integer> out = new ArrayList<>();
        addProduct(extents, parts, extents.length - 1, 0, out);
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    private static void addProduct(int[] extents, Part[] parts, int axis, int base, List<Integer> out) {
        if (axis < 0) {
            out.add(base);
            return;
        }
        int below = 1;
        for (int a = 0; a < axis; a++) below *= extents[a];
        for (int c : parts[axis].coords(extents[axis])) addProduct(extents, parts, axis - 1, base + c * below, out);
    }

    /** Every choice of one part per axis (parts from the given menu), for extents.length axes. */
    static List<Part[]> allChoices(int axes, Part[] menu) {
        List<Part[]> out = new ArrayList<>();
        int total = (int) Math.pow(menu.length, axes);
        for (int code = 0; code < total; code++) {
            Part[] choice = new Part[axes];
            int c = code;
            for (int a = 0; a < axes; a++) {
                choice[a] = menu[c % menu.length];
                c /= menu.length;
            }
            out.add(choice);
        }
        return out;
    }

    static int size(int[] extents) {
        int p = 1;
        for (int e : extents) p *= e;
        return p;
    }
}
