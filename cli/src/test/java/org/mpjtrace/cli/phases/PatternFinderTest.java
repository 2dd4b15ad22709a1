package org.mpjtrace.cli.phases;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Pattern detection (Algorithm 1) on small call sequences. */
class PatternFinderTest {
    // Calls, by id.
    private static final int INIT = 0, A = 1, B = 2, C = 3, FIN = 4, S = 5;

    private static int[] sameFunction(int n) {
        return new int[n];
    }

    /** Each pattern's calls, in pattern id order. */
    private static List<List<Integer>> bodies(PatternSequence ps) {
        List<List<Integer>> out = new ArrayList<>();
        for (int[] b : ps.bodies()) out.add(Arrays.stream(b).boxed().toList());
        return out;
    }

    @Test
    void aLoopBodyRepeatedIsOnePatternWithAnOccurrencePerIteration() {
        int[] calls = {INIT, A, B, A, B, A, B, FIN};
        PatternSequence ps = PatternFinder.find(calls, sameFunction(calls.length));
        assertEquals(List.of(List.of(INIT), List.of(A, B), List.of(FIN)), bodies(ps));
        assertArrayEquals(new int[] {0, 1, 1, 1, 2}, ps.symbols());
        assertArrayEquals(new int[] {0, 1, 3, 5, 7}, ps.firstCall());
        assertEquals(6, ps.lastCall(3));
        assertEquals(7, ps.lastCall(4));
    }

    @Test
    void twoLoopsOneAfterTheOtherAreTheirBodiesNotOneRepeatOfBoth() {
        // S x5, (A B) x5, twice over: S^5 (AB)^5 repeats too, but each body repeats more often in a row.
        List<Integer> c = new ArrayList<>();
        c.add(INIT);
        for (int round = 0; round < 2; round++) {
            for (int i = 0; i < 5; i++) c.add(S);
            for (int i = 0; i < 5; i++) {
                c.add(A);
                c.add(B);
            }
        }
        c.add(FIN);
        int[] calls = c.stream().mapToInt(Integer::intValue).toArray();
        PatternSequence ps = PatternFinder.find(calls, sameFunction(calls.length));
        assertEquals(List.of(List.of(INIT), List.of(S), List.of(A, B), List.of(FIN)), bodies(ps));
        assertArrayEquals(new int[] {0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3}, ps.symbols());
    }

    @Test
    void aStepThatHoldsAnInnerLoopCountingMoreIsNotOneBodyAfterTheFirstInnerLoop() {
        // INIT, 4 x ((A B) x10, S), FIN, as Stencil2D's residual every 10 steps: after the first (A B) x10 the
        // stretch S (A B)^10 repeats 3 times, but holds (A B) repeated 10 times; it is S, then A B, as a
        // compressed trace's runs give it (PhasesFromLoopsTest).
        List<Integer> c = new ArrayList<>();
        c.add(INIT);
        for (int step = 0; step < 4; step++) {
            for (int i = 0; i < 10; i++) {
                c.add(A);
                c.add(B);
            }
            c.add(S);
        }
        c.add(FIN);
        int[] calls = c.stream().mapToInt(Integer::intValue).toArray();
        PatternSequence ps = PatternFinder.find(calls, sameFunction(calls.length));
        assertEquals(List.of(List.of(INIT), List.of(A, B), List.of(S), List.of(FIN)), bodies(ps));
        List<Integer> expected = new ArrayList<>(List.of(0));
        for (int step = 0; step < 4; step++) {
            for (int i = 0; i < 10; i++) expected.add(1);
            expected.add(2);
        }
        expected.add(3);
        assertEquals(expected, Arrays.stream(ps.symbols()).boxed().toList());
    }

    @Test
    void aFunctionBoundarySplitsARepeat() {
        int[] calls = {A, B, C, A, B, C};
        // In one function, A B C is one pattern, twice.
        PatternSequence one = PatternFinder.find(calls, sameFunction(calls.length));
        assertEquals(List.of(List.of(A, B, C)), bodies(one));
        assertArrayEquals(new int[] {0, 0}, one.symbols());
        // With C made by another function (f f g f f g), no pattern runs across the boundary.
        PatternSequence split = PatternFinder.find(calls, new int[] {7, 7, 8, 7, 7, 8});
        assertEquals(List.of(List.of(A, B), List.of(C)), bodies(split));
        assertArrayEquals(new int[] {0, 1, 0, 1}, split.symbols());
        assertArrayEquals(new int[] {0, 2, 3, 5}, split.firstCall());
    }

    @Test
    void thePapersFigureSixGivesThePapersPatterns() {
        // Fig. 6: S2 S3 R2 R3 | R3 R2 S2 S3 | S2 S3 R2 R3 (the bars are the delimiters D1 and D2). The paper's
        // final list: S2.S3.R2.R3 at 0 and 10, S2.S3 at 7, R3 at 5, R2 at 6 (positions counting the delimiters;
        // here calls, so 0, 8, 6, 4, 5).
        int s2 = 10, s3 = 11, r2 = 12, r3 = 13;
        int[] calls = {s2, s3, r2, r3, r3, r2, s2, s3, s2, s3, r2, r3};
        int[] functions = {1, 1, 1, 1, 2, 2, 2, 2, 1, 1, 1, 1};
        PatternSequence ps = PatternFinder.find(calls, functions);
        assertEquals(List.of(List.of(s2, s3, r2, r3), List.of(r3), List.of(r2), List.of(s2, s3)), bodies(ps));
        assertArrayEquals(new int[] {0, 1, 2, 3, 0}, ps.symbols());
        assertArrayEquals(new int[] {0, 4, 5, 6, 8}, ps.firstCall());
    }

    @Test
    void aLoneCollectiveIsAPatternOfLengthOne() {
        int[] calls = {INIT, C, A, B, FIN};
        PatternSequence ps = PatternFinder.find(calls, sameFunction(calls.length));
        assertEquals(5, ps.occurrences());
        assertEquals(List.of(List.of(INIT), List.of(C), List.of(A), List.of(B), List.of(FIN)), bodies(ps));
    }

    @Test
    void callsOfTwoFunctionsTakingTurnsAreEachTheirOwnPattern() {
        // ShiftingLoops' first loop: ring's Sendrecv, then sumAndScale's Allreduce, step after step.
        int[] calls = {S, A, S, A, S, A};
        PatternSequence ps = PatternFinder.find(calls, new int[] {1, 2, 1, 2, 1, 2});
        assertEquals(List.of(List.of(S), List.of(A)), bodies(ps));
        assertArrayEquals(new int[] {0, 1, 0, 1, 0, 1}, ps.symbols());
    }
}
