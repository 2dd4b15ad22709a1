package org.mpjtrace.trace.global;

import java.util.ArrayList;
import java.util.List;
import org.mpjtrace.trace.fold.Field;
import org.mpjtrace.trace.fold.ValueSeq;
import org.mpjtrace.trace.global.Alternatives.Alternative;
import org.mpjtrace.trace.ranks.RankSet;

/**
 * One entry of the {@link OnlineTrace}: a merged marker interval and how many intervals in a row had
 * its shape. Kept as the first interval's nodes with everyone's times summed into their histograms, so
 * its size does not grow with the repeats; the repeats are spelled out only when {@link #nodes()} is
 * asked for. Immutable: folding makes a new entry and changes nothing it was given.
 */
final class RepeatedBlock {
    private final List<GlobalNode> block;
    private final RankSet ranks;
    private final long repeats;

    /** @param block a non-empty merged interval */
    RepeatedBlock(List<GlobalNode> block) {
        this(block, unionOfRanks(block), 1);
    }

    private RepeatedBlock(List<GlobalNode> block, RankSet ranks, long repeats) {
        this.block = block;
        this.ranks = ranks;
        this.repeats = repeats;
    }

    /**
     * Whether {@code other} is this block again: the same nodes with the same ranks, calls and values,
     * only the times (which differ on every run) allowed to differ.
     */
    boolean sameShape(List<GlobalNode> other) {
        return sameShape(block, other);
    }

    /** This entry with one more repeat, {@code other} (of the same shape) adding its times. */
    RepeatedBlock plus(List<GlobalNode> other) {
        return new RepeatedBlock(withTimesAdded(block, other), ranks, repeats + 1);
    }

    /**
     * The entry as merged-trace nodes: the block itself when it ran once, else one loop of the repeats
     * over the block's ranks.
     */
    List<GlobalNode> nodes() {
        if (repeats == 1) return block;
        return List.of(new GlobalLoop(repeated(block, repeats), Alternatives.of(ValueSeq.of(repeats), ranks), ranks));
    }

    private static boolean sameShape(List<GlobalNode> a, List<GlobalNode> b) {
        if (a.size() != b.size()) return false;
        for (int i = 0; i < a.size(); i++) if (!sameShape(a.get(i), b.get(i))) return false;
        return true;
    }

    private static boolean sameShape(GlobalNode x, GlobalNode y) {
        if (!x.ranks().equals(y.ranks())) return false;
        if (x instanceof GlobalEvent a && y instanceof GlobalEvent b) {
            if (a.op() != b.op() || a.site() != b.site() || a.stack() != b.stack()) return false;
            for (Field f : Field.ALL) if (!a.field(f).list().equals(b.field(f).list())) return false;
            return true;
        }
        if (x instanceof GlobalLoop a && y instanceof GlobalLoop b)
            return a.counts().list().equals(b.counts().list()) && sameShape(a.body(), b.body());
        return false;
    }

    /** {@code kept} with {@code more}'s times added node by node (the two have the same shape). */
    private static List<GlobalNode> withTimesAdded(List<GlobalNode> kept, List<GlobalNode> more) {
        List<GlobalNode> out = new ArrayList<>(kept.size());
        for (int i = 0; i < kept.size(); i++) {
            if (kept.get(i) instanceof GlobalEvent a) {
                GlobalEvent b = (GlobalEvent) more.get(i);
                out.add(new GlobalEvent(a.op(), a.thread(), a.site(), a.stack(), a.ranks(), a.fields(),
                        TraceMerge.sum(a.compute(), b.compute()), TraceMerge.sum(a.inside(), b.inside())));
            } else {
                GlobalLoop a = (GlobalLoop) kept.get(i);
                out.add(new GlobalLoop(withTimesAdded(a.body(), ((GlobalLoop) more.get(i)).body()), a.counts(), a.ranks()));
            }
        }
        return out;
    }

    /**
     * The block as the body of a loop run {@code times} times. Expansion takes an event's values (and
     * an inner loop's counts) one occurrence after another over the whole trace, so each value
     * sequence must hold every repeat's values: it becomes {@code times*[sequence]}, still flat.
     */
    private static List<GlobalNode> repeated(List<GlobalNode> nodes, long times) {
        List<GlobalNode> out = new ArrayList<>(nodes.size());
        for (GlobalNode n : nodes) {
            if (n instanceof GlobalEvent e) {
                List<Alternatives<ValueSeq>> fields = new ArrayList<>(Field.ALL.length);
                for (Field f : Field.ALL) fields.add(repeated(e.field(f), times));
                out.add(new GlobalEvent(e.op(), e.thread(), e.site(), e.stack(), e.ranks(), fields, e.compute(), e.inside()));
            } else {
                GlobalLoop l = (GlobalLoop) n;
                out.add(new GlobalLoop(repeated(l.body(), times), repeated(l.counts(), times), l.ranks()));
            }
        }
        return out;
    }

    private static Alternatives<ValueSeq> repeated(Alternatives<ValueSeq> values, long times) {
        List<Alternative<ValueSeq>> out = new ArrayList<>(values.list().size());
        for (Alternative<ValueSeq> a : values.list()) {
            ValueSeq seq = ValueSeq.ofElements(List.of(ValueSeq.repetition(times, a.value().elements())));
            out.add(new Alternative<>(seq, a.ranks()));
        }
        return Alternatives.of(out);
    }

    private static RankSet unionOfRanks(List<GlobalNode> nodes) {
        RankSet all = RankSet.empty();
        for (GlobalNode n : nodes) all = all.union(n.ranks());
        return all;
    }
}
