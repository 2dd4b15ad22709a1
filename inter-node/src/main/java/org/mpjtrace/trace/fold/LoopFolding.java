package org.mpjtrace.trace.fold;

import java.util.ArrayList;
import java.util.List;

/**
 * Online loop detection in a bounded window (ScalaTrace's RSD/PRSD construction): after each element
 * is appended to a sequence, the tail is checked for repetition and folded, innermost first:
 * <ul>
 *   <li>if the element before the last k is a loop whose body has the shape of the last k elements,
 *       those k elements become one more iteration of that loop;</li>
 *   <li>else if the last k elements have the shape of the k before them, the 2k elements become a new
 *       loop of two iterations.</li>
 * </ul>
 * Folding repeats until the tail no longer changes, so a new inner loop can complete an outer one. A
 * tail ending in a loop that may still grow waits until the rules say it is ready (see
 * {@link LoopRules#tailReady}).
 * Only loops whose body is at most {@code window} elements long are found; cost per append is
 * O(window) hash comparisons plus a full shape comparison where the hashes agree.
 */
final class LoopFolding {
    private LoopFolding() {}

    static <T> void foldTail(List<T> seq, int window, LoopRules<T> rules) {
        boolean changed = true;
        while (changed) {
            changed = false;
            int n = seq.size();
            if (n < 2) return;
            long lastHash = rules.shapeHash(seq.get(n - 1));
            for (int k = 1; k <= window && k < n; k++) {
                List<T> body = rules.bodyOfLoop(seq.get(n - 1 - k), k);
                if (body != null && rules.shapeHash(body.get(k - 1)) == lastHash && same(body, 0, seq, n - k, k, rules)
                        && rules.tailReady(body.get(k - 1), seq.get(n - 1))) {
                    // The iteration is read in place and then dropped: no copy (most folds are this one).
                    List<T> iteration = seq.subList(n - k, n);
                    rules.addIteration(seq.get(n - 1 - k), iteration);
                    iteration.clear();
                    changed = true;
                    break;
                }
                if (2 * k <= n && rules.shapeHash(seq.get(n - 1 - k)) == lastHash && same(seq, n - 2 * k, seq, n - k, k, rules)
                        && rules.tailReady(seq.get(n - 1 - k), seq.get(n - 1))) {
                    List<T> second = takeTail(seq, k);
                    List<T> first = takeTail(seq, k);
                    seq.add(rules.newLoop(first, second));
                    changed = true;
                    break;
                }
            }
        }
    }

    private static <T> boolean same(List<T> a, int from, List<T> b, int bFrom, int k, LoopRules<T> rules) {
        for (int i = 0; i < k; i++) {
            T x = a.get(from + i), y = b.get(bFrom + i);
            if (rules.shapeHash(x) != rules.shapeHash(y) || !rules.sameShape(x, y)) return false;
        }
        return true;
    }

    /** Removes and returns the last k elements, in order. */
    private static <T> List<T> takeTail(List<T> seq, int k) {
        int n = seq.size();
        List<T> tail = new ArrayList<>(seq.subList(n - k, n));
        seq.subList(n - k, n).clear();
        return tail;
    }
}
