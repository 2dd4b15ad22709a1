package org.mpjtrace.trace.global;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.fold.Field;
import org.mpjtrace.trace.fold.Histogram;
import org.mpjtrace.trace.fold.ValuePeriod;
import org.mpjtrace.trace.fold.ValueSeq;
import org.mpjtrace.trace.ranks.RankSet;

/**
 * {@link GlobalExpansion#expandRepeats}: a loop whose iterations make the same calls is walked once and
 * marked with its count, and only then; written out, the marked walk gives the calls of the full walk.
 */
class RepeatedIterationsTest {
    private static final RankSet RANK0 = RankSet.single(0);
    private static final EnumSet<Field> PEER = EnumSet.of(Field.PEER);

    private static ValueSeq values(long... v) {
        ValueSeq s = new ValueSeq();
        for (long x : v) s.append(x);
        return s;
    }

    private static ValueSeq repeated(int times, long... v) {
        ValueSeq s = new ValueSeq();
        for (int i = 0; i < times; i++) for (long x : v) s.append(x);
        return s;
    }

    private static GlobalEvent send(ValueSeq peers) {
        List<Alternatives<ValueSeq>> fields = new ArrayList<>();
        for (Field f : Field.ALL) fields.add(Alternatives.of(f == Field.PEER ? peers : ValueSeq.of(7), RANK0));
        Histogram h = Histogram.ofSummary(1, 5, 5, 5, new long[] {5, 5, 5, 5, 5});
        return new GlobalEvent(Op.SEND.code, 0, 0, 0, RANK0, fields, h, h);
    }

    private static GlobalLoop loop(long count, GlobalNode... body) {
        return new GlobalLoop(List.of(body), Alternatives.of(ValueSeq.of(count), RANK0), RANK0);
    }

    /** The walk as text: each call's peer, a repeat as {@code count*(...)}. */
    private static String marked(GlobalTrace g) {
        StringBuilder s = new StringBuilder();
        GlobalExpansion.expandRepeats(g, 0, PEER, new GlobalExpansion.RepeatSink() {
            @Override
            public void occurrence(GlobalEvent e, long[] values) {
                s.append(values[Field.PEER.ordinal()]).append(' ');
            }

            @Override
            public void repeatStart(long count) {
                s.append(count).append("*( ");
            }

            @Override
            public void repeatEnd() {
                s.append(") ");
            }
        });
        return s.toString().trim();
    }

    /** The marked walk written out: every repeat's iteration made count times. */
    private static List<Long> writtenOut(GlobalTrace g) {
        List<List<Long>> stack = new ArrayList<>(List.of(new ArrayList<>()));
        List<Long> counts = new ArrayList<>();
        GlobalExpansion.expandRepeats(g, 0, PEER, new GlobalExpansion.RepeatSink() {
            @Override
            public void occurrence(GlobalEvent e, long[] values) {
                stack.get(stack.size() - 1).add(values[Field.PEER.ordinal()]);
            }

            @Override
            public void repeatStart(long count) {
                counts.add(count);
                stack.add(new ArrayList<>());
            }

            @Override
            public void repeatEnd() {
                List<Long> once = stack.remove(stack.size() - 1);
                long count = counts.remove(counts.size() - 1);
                for (long i = 0; i < count; i++) stack.get(stack.size() - 1).addAll(once);
            }
        });
        return stack.get(0);
    }

    private static List<Long> full(GlobalTrace g) {
        List<Long> peers = new ArrayList<>();
        GlobalExpansion.expand(g, 0, (e, values) -> peers.add(values[Field.PEER.ordinal()]));
        return peers;
    }

    @Test
    void aTimeLoopWhosePeersRepeatWithEachIterationIsWalkedOnce() {
        // 1000 steps of a loop of 2 sends, to peers 2 then 1: the peers' period (2) divides each step's 2.
        GlobalTrace g = new GlobalTrace(List.of(send(values(5)), loop(1000, loop(2, send(repeated(1000, 2, 1))))), RANK0);
        assertEquals("5 1000*( 2 1 )", marked(g));
        assertEquals(full(g), writtenOut(g));
    }

    @Test
    void aLoopWhosePeersChangeBetweenIterationsIsWalkedIterationByIteration() {
        GlobalTrace g = new GlobalTrace(List.of(loop(4, send(values(1, 2, 3, 4)))), RANK0);
        assertEquals("1 2 3 4", marked(g));
        // Peers of period 2 in a loop taking one a step: iterations alternate, so they are not alike.
        GlobalTrace alternating = new GlobalTrace(List.of(loop(4, send(repeated(2, 2, 1)))), RANK0);
        assertEquals("2 1 2 1", marked(alternating));
    }

    @Test
    void aLoopInsideRepeatsMoreOftenThanTheOneAroundItStandsForTheStructure() {
        // 2 steps, each of 5 sends then 5 others: two runs of 5 a step, not one run of 2.
        GlobalTrace g = new GlobalTrace(List.of(loop(2, loop(5, send(values(1))), loop(5, send(values(3))))), RANK0);
        assertEquals("5*( 1 ) 5*( 3 ) 5*( 1 ) 5*( 3 )", marked(g));
        assertEquals(full(g), writtenOut(g));
    }

    @Test
    void aLoopRunPastItsRecordedValuesIsWalkedIterationByIteration() {
        // Four values of period 2 recorded for 3 steps of 2 sends (a file whose counts disagree): the last
        // value repeats, as expand does, so the third step differs. A constant field never runs out.
        GlobalTrace periodic = new GlobalTrace(List.of(loop(3, loop(2, send(repeated(2, 2, 1))))), RANK0);
        assertEquals("2 1 2 1 1 1", marked(periodic));
        assertEquals(full(periodic), writtenOut(periodic));
        GlobalTrace constant = new GlobalTrace(List.of(loop(5, send(values(4)))), RANK0);
        assertEquals("5*( 4 )", marked(constant));
    }

    @Test
    void aRepeatVisitedAgainInsideAnUnlikeLoopKeepsItsPlaceInTheValues() {
        // The outer loop's iterations differ (the first send's peers 1, 2, 3); the inner loop is alike each time.
        GlobalTrace g = new GlobalTrace(List.of(loop(3, send(values(1, 2, 3)), loop(4, send(repeated(12, 9))))), RANK0);
        assertEquals("1 4*( 9 ) 2 4*( 9 ) 3 4*( 9 )", marked(g));
        assertEquals(full(g), writtenOut(g));
    }

    @Test
    void aPeriodIsReadFromTheFoldedValues() {
        assertEquals(0, ValuePeriod.of(new ValueSeq()));
        assertEquals(1, ValuePeriod.of(values(3, 3, 3, 3)));
        assertEquals(2, ValuePeriod.of(repeated(50, 2, 1)));
        assertEquals(3, ValuePeriod.of(values(1, 2, 3)));
        assertEquals(5, ValuePeriod.of(values(2, 1, 2, 1, 5)), "no repetition covers it: its whole size");
        assertTrue(ValuePeriod.constant(new ValueSeq()));
        assertFalse(ValuePeriod.constant(values(3, 3, 4)));
    }
}
