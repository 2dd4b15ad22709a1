package org.mpjtrace.cli.phases;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mpjtrace.cli.phases.PatternIds.Body;

/**
 * Communication patterns of one rank's calls (the paper's section 3.2, step 1, and Algorithm 1), as a
 * sequence of pattern occurrences that the segmentation reads as symbols.
 *
 * <p>A call is a call id (op, call site and relative peer: {@link CallIds}); the user function of each
 * call is its context. The calls are first cut at every change of function (the paper's delimiters,
 * Fig. 4b), so no pattern runs across a function boundary. Within each such run:
 * <ol>
 *   <li>Loop bodies. Where a stretch repeats right after itself, the stretch is a pattern and each copy one
 *       occurrence. Of the repeats starting at a position, the one repeated most often in a row wins
 *       (then the one covering more calls, then the shorter): a time loop of S then (A B) steps gives
 *       the patterns S and A.B with one occurrence per step, not one long repeat of the whole loop,
 *       which would leave nothing to segment. Bodies up to {@link #MAX_BODY} calls.</li>
 *   <li>Repeats elsewhere. What lies between loop bodies (or makes up a whole run) is a gap. A gap
 *       whose calls are those of another gap or of a loop body is one occurrence of that pattern: the
 *       same function called twice, as S2.S3.R2.R3 at positions 0 and 10 of the paper's Fig. 6.</li>
 *   <li>The rest, left to right: the longest stretch (2 to {@link #MAX_PART} calls) that also occurs inside a
 *       pattern found so far is an occurrence of a pattern of its own (S2.S3 at position 7 of Fig. 6);
 *       a call that starts none is a pattern of length one (R3 and R2 there; a lone collective).</li>
 * </ol>
 * Patterns are identified by their calls, so the same stretch of calls is the same pattern wherever it
 * occurs. Their ids come from a {@link PatternIds}: one of the rank's own numbers them in order of first
 * occurrence; one shared by the ranks of a trace gives the same pattern the same id on every rank.
 */
public final class PatternFinder {
    /** The longest loop body looked for. */
    static final int MAX_BODY = 256;
    /** The longest part of a known pattern matched in what is left. */
    static final int MAX_PART = 32;

    private final int[] calls;
    private final int[] functions;
    private final PatternIds shared;
    private final Map<Body, Integer> ids = new HashMap<>();
    private final List<int[]> bodies = new ArrayList<>();
    /** Pattern of the occurrence starting at a call, or -1; and the occurrence's length. */
    private final int[] startsPattern, length;

    private PatternFinder(int[] calls, int[] functions, PatternIds shared) {
        if (calls.length != functions.length) throw new IllegalArgumentException("a function for every call");
        this.calls = calls;
        this.functions = functions;
        this.shared = shared;
        startsPattern = new int[calls.length];
        length = new int[calls.length];
        Arrays.fill(startsPattern, -1);
    }

    /**
     * @param calls     each call's id, in call order
     * @param functions each call's user function (any numbering); a change between calls is a delimiter
     */
    public static PatternSequence find(int[] calls, int[] functions) {
        return find(calls, functions, new PatternIds());
    }

    /** As {@link #find(int[], int[])}, the pattern ids taken from (and new patterns added to) {@code ids}. */
    public static PatternSequence find(int[] calls, int[] functions, PatternIds ids) {
        return new PatternFinder(calls, functions, ids).run();
    }

    private PatternSequence run() {
        List<int[]> gaps = new ArrayList<>();
        for (int a = 0, b; a < calls.length; a = b) {
            b = a + 1;
            while (b < calls.length && functions[b] == functions[a]) b++;
            loopBodies(a, b, gaps);
        }
        Map<Body, Integer> gapCounts = new HashMap<>();
        for (int[] g : gaps) gapCounts.merge(body(g[0], g[1]), 1, Integer::sum);
        List<int[]> once = new ArrayList<>();
        for (int[] g : gaps) {
            Body b = body(g[0], g[1]);
            if (gapCounts.get(b) > 1 || ids.containsKey(b)) mark(g[0], g[1] - g[0]);
            else once.add(g);
        }
        Map<Body, Integer> parts = partsOfKnownPatterns();
        for (int[] g : once) rest(g[0], g[1], parts);
        return sequence();
    }

    /** Step 1 in the run [a, b): marks loop bodies, collects the gaps between them. */
    private void loopBodies(int a, int b, List<int[]> gaps) {
        int gapStart = a;
        for (int i = a; i < b; ) {
            int bestP = 0, bestReps = 1;
            for (int p = 1; p <= MAX_BODY && i + 2 * p <= b; p++) {
                if (calls[i] != calls[i + p]) continue;
                int reps = 1;
                while (i + (reps + 1) * p <= b && same(i, i + reps * p, p)) reps++;
                if (reps > bestReps || (reps == bestReps && reps > 1 && reps * p > bestReps * bestP)) {
                    bestP = p;
                    bestReps = reps;
                }
            }
            if (bestReps < 2) {
                i++;
                continue;
            }
            if (gapStart < i) gaps.add(new int[] {gapStart, i});
            for (int r = 0; r < bestReps; r++) mark(i + r * bestP, bestP);
            i += bestReps * bestP;
            gapStart = i;
        }
        if (gapStart < b) gaps.add(new int[] {gapStart, b});
    }

    /** Step 3 in the gap [a, b), seen once: longest known part at each position, else the call alone. */
    private void rest(int a, int b, Map<Body, Integer> parts) {
        for (int i = a; i < b; ) {
            int len = 1;
            for (int l = Math.min(MAX_PART, b - i); l >= 2; l--) {
                if (parts.containsKey(body(i, i + l))) {
                    len = l;
                    break;
                }
            }
            mark(i, len);
            i += len;
        }
    }

    /** Every stretch of 2 to MAX_PART calls inside a pattern found in steps 1 and 2. */
    private Map<Body, Integer> partsOfKnownPatterns() {
        Map<Body, Integer> parts = new HashMap<>();
        for (int[] body : bodies)
            for (int j = 0; j < body.length; j++)
                for (int l = 2; l <= MAX_PART && j + l <= body.length; l++)
                    parts.putIfAbsent(new Body(Arrays.copyOfRange(body, j, j + l)), 1);
        return parts;
    }

    /** The calls [from, from + len) are one occurrence of the pattern they spell. */
    private void mark(int from, int len) {
        Body b = body(from, from + len);
        Integer id = ids.get(b);
        if (id == null) {
            id = bodies.size();
            ids.put(b, id);
            bodies.add(b.calls());
        }
        startsPattern[from] = id;
        length[from] = len;
    }

    /** The occurrences in call order, each pattern given its shared id, new ones in order of first occurrence. */
    private PatternSequence sequence() {
        int[] renumber = new int[bodies.size()];
        Arrays.fill(renumber, -1);
        int n = 0;
        for (int i = 0; i < calls.length; i += length[i]) n++;
        int[] symbols = new int[n], first = new int[n];
        n = 0;
        for (int i = 0; i < calls.length; i += length[i]) {
            int p = startsPattern[i];
            if (renumber[p] < 0) renumber[p] = shared.idOf(bodies.get(p));
            symbols[n] = renumber[p];
            first[n++] = i;
        }
        return new PatternSequence(symbols, first, shared.bodies(), calls.length);
    }

    private boolean same(int x, int y, int len) {
        return Arrays.equals(calls, x, x + len, calls, y, y + len);
    }

    private Body body(int from, int to) {
        return new Body(Arrays.copyOfRange(calls, from, to));
    }
}
