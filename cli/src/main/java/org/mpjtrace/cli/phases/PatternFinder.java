package org.mpjtrace.cli.phases;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
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
 *       which would leave nothing to segment. A body holding a stretch repeated more often in a row than
 *       the body itself is not taken (the inner loop is, further on). Bodies up to {@link #MAX_BODY} calls.</li>
 *   <li>Repeats elsewhere. What lies between loop bodies (or makes up a whole run) is a gap. A gap
 *       whose calls are those of another gap or of a loop body is one occurrence of that pattern: the
 *       same function called twice, as S2.S3.R2.R3 at positions 0 and 10 of the paper's Fig. 6.</li>
 *   <li>The rest, left to right: the longest stretch (2 to {@link #MAX_PART} calls) that also occurs inside a
 *       pattern found so far is an occurrence of a pattern of its own (S2.S3 at position 7 of Fig. 6);
 *       a call that starts none is a pattern of length one (R3 and R2 there; a lone collective).</li>
 * </ol>
 * The calls come as runs ({@link RankCalls}): from a compressed trace, a loop whose iterations all make
 * the same calls is one run of its count, held once. Such a run is a loop body found without looking: its
 * iteration, cut where the function changes, gives one pattern per piece and one occurrence of each per
 * iteration, and the steps above apply to the calls between such runs (the runs' patterns count as found
 * in step 1). The sequence is kept as runs too ({@link PatternSequence}), so a time loop of 10^6 calls is
 * one iteration's work here. Two differences from reading the same calls one by one: an iteration that
 * starts and ends in the same function is cut at its end here, where one by one its last and next first
 * calls would be one piece; and a run starts where the trace's loop starts, where one by one the body found
 * first from the left may start elsewhere in the iteration (calls H T H H H T H H H T H, the trace's loop
 * {@code 2x (T, 3x H)} after the first H: runs of H here, the body H T H H twice one by one; the test
 * resources' persistent/persistenthalo-full.mpjt). The fuzz corpus's traces give the same patterns either
 * way (PhasesFromLoopsTest).
 *
 * <p>Patterns are identified by their calls, so the same stretch of calls is the same pattern wherever it
 * occurs. Their ids come from a {@link PatternIds}: one of the rank's own numbers them in order of first
 * occurrence; one shared by the ranks of a trace gives the same pattern the same id on every rank.
 */
public final class PatternFinder {
    /** The longest loop body looked for. */
    static final int MAX_BODY = 256;
    /** The longest part of a known pattern matched in what is left. */
    static final int MAX_PART = 32;

    private final List<RankCalls.Run> runs;
    /** The calls of the runs of count 1, one after the other, with their functions. */
    private final int[] calls;
    private final int[] functions;
    /** Where a run of count 1 starts in {@link #calls}: a delimiter, as a change of function is. */
    private final BitSet runStarts = new BitSet();
    private final PatternIds shared;
    private final Map<Body, Integer> ids = new HashMap<>();
    private final List<int[]> bodies = new ArrayList<>();
    /** Pattern of the occurrence starting at a call, or -1; and the occurrence's length. */
    private final int[] startsPattern, length;

    private PatternFinder(List<RankCalls.Run> runs, PatternIds shared) {
        this.runs = runs;
        this.shared = shared;
        int n = 0;
        for (RankCalls.Run r : runs) if (r.count() == 1) n += r.length();
        calls = new int[n];
        functions = new int[n];
        n = 0;
        for (RankCalls.Run r : runs) {
            if (r.count() != 1) continue;
            runStarts.set(n);
            System.arraycopy(r.calls(), 0, calls, n, r.length());
            System.arraycopy(r.functions(), 0, functions, n, r.length());
            n += r.length();
        }
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
        if (calls.length != functions.length) throw new IllegalArgumentException("a function for every call");
        if (calls.length == 0) return new PatternSequence(List.of(), ids.bodies(), 0);
        long[] none = new long[calls.length];
        return find(new RankCalls(0, List.of(new RankCalls.Run(calls, functions, none, none, 1)), List.of(), id -> "?"), ids);
    }

    /** The patterns of a rank's calls, kept as runs as the calls are; the ids taken from (and new patterns added to) {@code ids}. */
    static PatternSequence find(RankCalls calls, PatternIds ids) {
        return new PatternFinder(calls.runs(), ids).run(calls.size());
    }

    private PatternSequence run(int callCount) {
        for (RankCalls.Run r : runs) {
            if (r.count() == 1) continue;
            for (int[] piece : pieces(r)) mark(r.calls(), piece[0], piece[1] - piece[0]);
        }
        List<int[]> gaps = new ArrayList<>();
        for (int a = 0, b; a < calls.length; a = b) {
            b = a + 1;
            while (b < calls.length && functions[b] == functions[a] && !runStarts.get(b)) b++;
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
        return sequence(callCount);
    }

    /**
     * A loop's iteration (a run of count 2 or more) cut where the function changes: each piece is a
     * pattern, each iteration one occurrence of each (the loop body is the repeat; functions still delimit).
     */
    private static List<int[]> pieces(RankCalls.Run r) {
        List<int[]> pieces = new ArrayList<>();
        for (int a = 0, b; a < r.length(); a = b) {
            b = a + 1;
            while (b < r.length() && r.functions()[b] == r.functions()[a]) b++;
            pieces.add(new int[] {a, b});
        }
        return pieces;
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
                if ((reps > bestReps || (reps == bestReps && reps > 1 && reps * p > bestReps * bestP)) && !holdsLongerRepeat(i, p, reps)) {
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

    /**
     * Whether the body [from, from + len) holds a stretch repeated more than {@code reps} times in a row: a
     * loop inside it that counts more than it does. Such a body is not a loop body here, as a compressed
     * trace's loop is not one run ({@link RankCalls}) when a loop inside it counts more: Stencil2D's 4 x
     * (10 x exchange, Allreduce) read one by one would otherwise give the first 10 exchanges, then 3 x
     * (Allreduce, 10 x exchange) as one pattern, where its runs give 40 exchanges and 4 Allreduces.
     */
    private boolean holdsLongerRepeat(int from, int len, int reps) {
        for (int q = 1; (reps + 1) * q <= len; q++) {
            for (int j = from; j + (reps + 1) * q <= from + len; j++) {
                int r = 1;
                while (r <= reps && same(j, j + r * q, q)) r++;
                if (r > reps) return true;
            }
        }
        return false;
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
        startsPattern[from] = mark(calls, from, len);
        length[from] = len;
    }

    /** The id of the pattern {@code of[from, from + len)} spells, registered when new. */
    private int mark(int[] of, int from, int len) {
        Body b = new Body(Arrays.copyOfRange(of, from, from + len));
        Integer id = ids.get(b);
        if (id == null) {
            id = bodies.size();
            ids.put(b, id);
            bodies.add(b.calls());
        }
        return id;
    }

    /** The occurrences in call order, run by run, each pattern given its shared id, new ones in order of first occurrence. */
    private PatternSequence sequence(int callCount) {
        int[] renumber = new int[bodies.size()];
        Arrays.fill(renumber, -1);
        List<PatternSequence.Run> out = new ArrayList<>();
        int loose = 0;
        for (RankCalls.Run r : runs) {
            int[] symbols, offsets;
            if (r.count() == 1) {
                int n = 0;
                for (int i = loose; i < loose + r.length(); i += length[i]) n++;
                symbols = new int[n];
                offsets = new int[n];
                n = 0;
                for (int i = loose; i < loose + r.length(); i += length[i]) {
                    symbols[n] = startsPattern[i];
                    offsets[n++] = i - loose;
                }
                loose += r.length();
            } else {
                List<int[]> pieces = pieces(r);
                symbols = new int[pieces.size()];
                offsets = new int[pieces.size()];
                for (int k = 0; k < pieces.size(); k++) {
                    symbols[k] = ids.get(new Body(Arrays.copyOfRange(r.calls(), pieces.get(k)[0], pieces.get(k)[1])));
                    offsets[k] = pieces.get(k)[0];
                }
            }
            for (int k = 0; k < symbols.length; k++) {
                int p = symbols[k];
                if (renumber[p] < 0) renumber[p] = shared.idOf(bodies.get(p));
                symbols[k] = renumber[p];
            }
            out.add(new PatternSequence.Run(symbols, offsets, r.length(), r.count()));
        }
        return new PatternSequence(out, shared.bodies(), callCount);
    }

    private boolean same(int x, int y, int len) {
        return Arrays.equals(calls, x, x + len, calls, y, y + len);
    }

    private Body body(int from, int to) {
        return new Body(Arrays.copyOfRange(calls, from, to));
    }
}
