package org.mpjtrace.cli.phases;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A rank's calls as a sequence of pattern occurrences ({@link PatternFinder}): every call belongs to
 * exactly one occurrence, and the occurrences follow one another in call order, so occurrence o spans the
 * calls from {@code firstCall(o)} up to {@code firstCall(o + 1) - 1} (or the last call).
 *
 * <p>Kept as runs, as {@link RankCalls} keeps the calls: a run's occurrences are held once and repeat
 * {@code count} times in a row (a time loop's iteration), so the sequence of a 10^6-call time loop is a
 * few ints. Positions (occurrence indices) and call indices count every repetition.
 */
public final class PatternSequence {
    /**
     * Occurrences made {@code count} times in a row.
     *
     * @param symbols   the pattern of each occurrence, once
     * @param offsets   each occurrence's first call, counted from the first call of its repetition
     * @param calls     the calls of one repetition
     */
    public record Run(int[] symbols, int[] offsets, int calls, long count) {
        public int length() {
            return symbols.length;
        }
    }

    private final List<Run> runs;
    private final List<int[]> bodies;
    private final int calls;
    /** Each run's first position and first call; the totals after the last run. */
    private final long[] firstPosition, firstCall;

    /**
     * @param bodies each pattern's calls, as call ids, by pattern id ({@link PatternIds}: with ids shared by
     *               the ranks, also the patterns of ranks read before, which may not occur here)
     * @param calls  the number of calls
     */
    public PatternSequence(List<Run> runs, List<int[]> bodies, int calls) {
        this.runs = List.copyOf(runs);
        this.bodies = bodies;
        this.calls = calls;
        firstPosition = new long[this.runs.size() + 1];
        firstCall = new long[this.runs.size() + 1];
        for (int r = 0; r < this.runs.size(); r++) {
            Run run = this.runs.get(r);
            firstPosition[r + 1] = firstPosition[r] + run.count() * run.length();
            firstCall[r + 1] = firstCall[r] + run.count() * run.calls();
        }
        if (firstPosition[this.runs.size()] > Integer.MAX_VALUE - 1)
            throw new IllegalArgumentException(firstPosition[this.runs.size()] + " pattern occurrences are more than phases count");
        if (firstCall[this.runs.size()] != calls)
            throw new IllegalArgumentException("the runs hold " + firstCall[this.runs.size()] + " calls, not " + calls);
    }

    public List<Run> runs() {
        return runs;
    }

    /** Each pattern's calls, by pattern id. */
    public List<int[]> bodies() {
        return bodies;
    }

    /** The number of calls. */
    public int calls() {
        return calls;
    }

    public int occurrences() {
        return (int) firstPosition[runs.size()];
    }

    /** The number of pattern ids: those of this rank and, with ids shared by ranks, of the ranks read before. */
    public int patterns() {
        return bodies.size();
    }

    /** The run holding position o. */
    int runAt(int o) {
        int r = Arrays.binarySearch(firstPosition, o);
        // Runs are never empty, so a position equal to a run's start is found at that run.
        return r >= 0 ? r : -r - 2;
    }

    /** The pattern of occurrence o. */
    public int symbol(int o) {
        int r = runAt(o);
        Run run = runs.get(r);
        return run.symbols()[(int) ((o - firstPosition[r]) % run.length())];
    }

    /** The index of occurrence o's first call. */
    public int firstCall(int o) {
        int r = runAt(o);
        Run run = runs.get(r);
        long k = o - firstPosition[r];
        return (int) (firstCall[r] + (k / run.length()) * run.calls() + run.offsets()[(int) (k % run.length())]);
    }

    /** The index of occurrence o's last call. */
    public int lastCall(int o) {
        return o + 1 < occurrences() ? firstCall(o + 1) - 1 : calls - 1;
    }

    /** How many times each pattern occurs, by pattern id. */
    public long[] occurrenceCounts() {
        long[] n = new long[patterns()];
        for (Run run : runs) for (int s : run.symbols()) n[s] += run.count();
        return n;
    }

    /** The patterns occurring in positions {@code start..end}, in order of first occurrence there. */
    public List<Integer> patternsIn(int start, int end) {
        boolean[] seen = new boolean[patterns()];
        ArrayList<Integer> ids = new ArrayList<>();
        for (int r = runAt(start), o = start; o <= end; r++) {
            Run run = runs.get(r);
            long runEnd = firstPosition[r + 1] - 1;
            // A partial repetition and one whole one hold every pattern the run has.
            long upTo = Math.min(Math.min(end, runEnd), o + 2L * run.length() - 1);
            for (long i = o; i <= upTo; i++) {
                int p = run.symbols()[(int) ((i - firstPosition[r]) % run.length())];
                if (!seen[p]) {
                    seen[p] = true;
                    ids.add(p);
                }
            }
            o = (int) Math.min(end, runEnd) + 1;
        }
        return List.copyOf(ids);
    }

    /** Every occurrence's pattern, in order: the whole sequence written out (for the D_JS plot, and tests). */
    public int[] symbols() {
        int[] s = new int[occurrences()];
        for (int o = 0, r = 0; r < runs.size(); r++)
            for (long k = 0; k < runs.get(r).count(); k++)
                for (int x : runs.get(r).symbols()) s[o++] = x;
        return s;
    }

    /** Every occurrence's first call, in order, written out (for tests). */
    public int[] firstCall() {
        int[] f = new int[occurrences()];
        for (int o = 0; o < f.length; o++) f[o] = firstCall(o);
        return f;
    }
}
