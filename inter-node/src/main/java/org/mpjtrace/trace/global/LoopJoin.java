package org.mpjtrace.trace.global;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.mpjtrace.trace.fold.Field;
import org.mpjtrace.trace.fold.ValueSeq;
import org.mpjtrace.trace.global.Alternatives.Alternative;
import org.mpjtrace.trace.ranks.RankSet;

/**
 * Puts back together the loops that marker intervals cut apart in the {@link OnlineTrace}: a time-step
 * loop of 100 iterations with a marker every 10th came out as 20 iterations in the first interval, then
 * 8 like intervals of 10 (a loop of a loop), where a full trace has one loop of 100; {@code compare}
 * found LOOP 0-67% on such traces. On the online trace's top-level nodes, each of which a rank runs at
 * most once:
 * <ul>
 *   <li>a loop whose body is one loop over the same ranks (like intervals of one inner loop) becomes
 *       that inner loop run for the sum of its counts;</li>
 *   <li>two loops in a row whose bodies are the same calls (op, thread, site, stack and ranks, node by
 *       node; values and times may differ) become one, counts added;</li>
 *   <li>the calls of one iteration of a loop's body right after it (or right before it) become one
 *       more iteration of it;</li>
 *   <li>the same calls twice in a row become a loop of two iterations (which the rules above then
 *       extend): PhaseChange's intervals, a loop of exchanges then a loop of collectives each, come out
 *       as one loop of three phases, as in a full trace;</li>
 *   <li>a loop over the calls of the loop that ends the body of the loop before it (a marker fell in
 *       the last phase of the last round) becomes more iterations of that inner loop's last run, and one
 *       over the calls of the loop that begins the body of the loop after it, more of its first run;</li>
 *   <li>the end of an iteration, a loop that begins inside its iterations, then the beginning of one
 *       (a marker that is not the first call of the loop) become the loop turned round, one iteration
 *       more.</li>
 * </ul>
 * Each joined event's values are the two sides' values one after the other (expansion reads an event's
 * values in order over the whole trace), its histograms their sum: expanding the joined trace gives
 * every rank exactly the calls it gave before. Where the two sides' per-rank values do not cover the
 * same ranks, nothing is joined.
 */
final class LoopJoin {
    private LoopJoin() {}

    static List<GlobalNode> join(List<GlobalNode> nodes) {
        // First the pieces of one loop (a marker may fall anywhere in it), then the iterations around them:
        // joined the other way round, the loop of an interval's two phases could swallow half of a loop.
        List<GlobalNode> loops = new ArrayList<>(nodes.size());
        for (GlobalNode n : nodes) {
            loops.add(flattened(n));
            while (joinLastTwoLoops(loops)) {
                // A loop joined may join the one before it.
            }
        }
        List<GlobalNode> out = new ArrayList<>(loops.size());
        for (GlobalNode n : loops) {
            out.add(n);
            while (joinAtEnd(out)) {
                // Each join may make the next one possible (a loop joined, then a tail iteration after it).
            }
        }
        return out;
    }

    private static boolean joinLastTwoLoops(List<GlobalNode> out) {
        int last = out.size() - 1;
        if (last < 1 || !(out.get(last) instanceof GlobalLoop after) || !(out.get(last - 1) instanceof GlobalLoop before)) return false;
        GlobalLoop joined = joined(before, after);
        return joined != null && replaceEnd(out, 2, joined);
    }

    /** Joins the last node with what comes before it, once; whether anything was joined. */
    private static boolean joinAtEnd(List<GlobalNode> out) {
        int last = out.size() - 1;
        if (last < 1) return false;
        if (joinLastTwoLoops(out) || joinIntoLastRun(out) || joinIntoFirstRun(out)) return true;
        if (out.get(last) instanceof GlobalLoop loop) {
            // An iteration right before the loop.
            int k = loop.body().size();
            if (last >= k) {
                GlobalLoop once = once(out.subList(last - k, last), loop.ranks());
                GlobalLoop joined = once == null ? null : joined(once, loop);
                if (joined != null) return replaceEnd(out, k + 1, joined);
            }
        }
        // An iteration right after a loop: the last k nodes, after a loop with a body of k nodes.
        for (int k = 1; k <= last; k++) {
            if (out.get(last - k) instanceof GlobalLoop loop && loop.body().size() == k) {
                GlobalLoop once = once(out.subList(last - k + 1, last + 1), loop.ranks());
                GlobalLoop joined = once == null ? null : joined(loop, once);
                if (joined != null) return replaceEnd(out, k + 1, joined);
            }
        }
        if (joinTurned(out)) return true;
        // The same k calls twice in a row (an interval's two phases, then the next interval's): a loop of two.
        for (int k = 1; 2 * k <= out.size(); k++) {
            List<GlobalNode> second = out.subList(out.size() - k, out.size()), first = out.subList(out.size() - 2 * k, out.size() - k);
            RankSet ranks = ranksOf(first);
            GlobalLoop a = once(first, ranks), b = once(second, ranks);
            GlobalLoop joined = a == null || b == null ? null : joined(a, b);
            if (joined != null) return replaceEnd(out, 2 * k, joined);
        }
        return false;
    }

    /**
     * The calls P, then a loop whose body is the calls C then P, then the calls C: the loop with its body
     * turned round to P then C, run once more, as P (C P)^n C = (P C)^(n+1). A marker that is not the first
     * call of the loop's body cuts the loop there, so every interval after the first begins inside an
     * iteration (ShiftingLoops' second loop: Bcast, Sendrecv, Allreduce, its marker the Bcast, came out as
     * 14 iterations and a Bcast, then 25 iterations of Sendrecv, Allreduce, Bcast, then a Sendrecv and an
     * Allreduce). The turned loop then joins the loop of the same calls before it.
     */
    private static boolean joinTurned(List<GlobalNode> out) {
        int last = out.size() - 1;
        for (int c = 1; c < last; c++) {
            int at = last - c;
            if (!(out.get(at) instanceof GlobalLoop loop) || !runsOnce(loop)) continue;
            int k = loop.body().size(), p = k - c;
            if (p < 1 || at - p < 0) continue;
            List<GlobalNode> before = out.subList(at - p, at), after = out.subList(at + 1, last + 1);
            List<GlobalNode> bodyC = loop.body().subList(0, c), bodyP = loop.body().subList(c, k);
            if (!sameCalls(before, bodyP) || !sameCalls(after, bodyC)) continue;
            List<GlobalNode> turnedP = zipped(before, bodyP), turnedC = zipped(bodyC, after);
            if (turnedP == null || turnedC == null) continue;
            List<Alternative<ValueSeq>> counts = new ArrayList<>();
            for (Alternative<ValueSeq> a : loop.counts().list()) add(counts, ValueSeq.of(sum(a.value()) + 1), a.ranks());
            List<GlobalNode> body = new ArrayList<>(turnedP);
            body.addAll(turnedC);
            return replaceEnd(out, p + 1 + c, new GlobalLoop(body, Alternatives.of(counts), loop.ranks()));
        }
        return false;
    }

    /**
     * A loop {@code tail} right after a loop {@code outer} whose body ends in a loop {@code inner} of the
     * same calls and ranks: tail's iterations are the rest of inner's last run, as outer's body has nothing
     * after inner, so expansion gives the same calls in the same order.
     */
    private static boolean joinIntoLastRun(List<GlobalNode> out) {
        int last = out.size() - 1;
        if (!(out.get(last) instanceof GlobalLoop tail) || !(out.get(last - 1) instanceof GlobalLoop outer)
                || !(outer.body().get(outer.body().size() - 1) instanceof GlobalLoop inner))
            return false;
        if (!outer.ranks().equals(tail.ranks()) || !inner.ranks().equals(tail.ranks()) || !runsOnce(outer) || !runsOnce(tail)
                || !sameCalls(inner.body(), tail.body()))
            return false;
        GlobalLoop longer = runExtended(inner, tail, false);
        if (longer == null) return false;
        List<GlobalNode> outerBody = new ArrayList<>(outer.body());
        outerBody.set(outerBody.size() - 1, longer);
        return replaceEnd(out, 2, new GlobalLoop(outerBody, outer.counts(), outer.ranks()));
    }

    /**
     * A loop {@code head} right before a loop {@code outer} whose body begins with a loop {@code inner} of the
     * same calls and ranks: head's iterations are the beginning of inner's first run, as outer's body has
     * nothing before inner. Marker auto's markers at a Gather every 10th step, chosen a few steps into an
     * iteration, give 2 steps, then a loop of 8 steps and the Gather, then 10 steps and the Gather, ...
     */
    private static boolean joinIntoFirstRun(List<GlobalNode> out) {
        int last = out.size() - 1;
        if (!(out.get(last) instanceof GlobalLoop outer) || !(out.get(last - 1) instanceof GlobalLoop head)
                || !(outer.body().get(0) instanceof GlobalLoop inner))
            return false;
        if (!outer.ranks().equals(head.ranks()) || !inner.ranks().equals(head.ranks()) || !runsOnce(outer) || !runsOnce(head)
                || !sameCalls(head.body(), inner.body()))
            return false;
        GlobalLoop longer = runExtended(inner, head, true);
        if (longer == null) return false;
        List<GlobalNode> outerBody = new ArrayList<>(outer.body());
        outerBody.set(0, longer);
        return replaceEnd(out, 2, new GlobalLoop(outerBody, outer.counts(), outer.ranks()));
    }

    /**
     * {@code inner} with {@code extra}'s iterations added to its first run ({@code first}: extra came before it)
     * or its last (extra came after it), their values in the order they were made; null when they do not line up.
     */
    private static GlobalLoop runExtended(GlobalLoop inner, GlobalLoop extra, boolean first) {
        List<Alternative<ValueSeq>> counts = new ArrayList<>();
        for (Alternative<ValueSeq> x : inner.counts().list())
            for (Alternative<ValueSeq> y : extra.counts().list()) {
                RankSet both = intersection(x.ranks(), y.ranks());
                if (!both.isEmpty()) add(counts, plusAtEnd(x.value(), sum(y.value()), first), both);
            }
        List<GlobalNode> body = !covers(counts, inner.ranks()) ? null : first ? zipped(extra.body(), inner.body()) : zipped(inner.body(), extra.body());
        return body == null ? null : new GlobalLoop(body, Alternatives.of(counts), inner.ranks());
    }

    /** {@code s} with {@code more} added to its first value ({@code first}) or its last. */
    private static ValueSeq plusAtEnd(ValueSeq s, long more, boolean first) {
        ValueSeq out = new ValueSeq();
        boolean atFirst = true;
        for (ValueSeq.Cursor c = s.cursor(); c.hasNext(); atFirst = false) {
            long v = c.next();
            out.append(first ? (atFirst ? v + more : v) : (c.hasNext() ? v : v + more));
        }
        return out;
    }

    private static RankSet ranksOf(List<GlobalNode> nodes) {
        RankSet all = RankSet.empty();
        for (GlobalNode n : nodes) all = all.union(n.ranks());
        return all;
    }

    private static boolean replaceEnd(List<GlobalNode> out, int n, GlobalNode with) {
        out.subList(out.size() - n, out.size()).clear();
        out.add(with);
        return true;
    }

    /** A loop whose body is one loop over its ranks, as that inner loop run for all its iterations; else the node. */
    private static GlobalNode flattened(GlobalNode n) {
        if (!(n instanceof GlobalLoop outer) || outer.body().size() != 1 || !(outer.body().get(0) instanceof GlobalLoop inner)
                || !inner.ranks().equals(outer.ranks()) || !runsOnce(outer))
            return n;
        List<Alternative<ValueSeq>> sums = new ArrayList<>();
        for (Alternative<ValueSeq> a : inner.counts().list()) add(sums, ValueSeq.of(sum(a.value())), a.ranks());
        GlobalLoop flat = new GlobalLoop(inner.body(), Alternatives.of(sums), inner.ranks());
        return flattened(flat);
    }

    /** A run of nodes as a loop of one iteration over {@code ranks}, or null when they are not all of those ranks' calls. */
    private static GlobalLoop once(List<GlobalNode> nodes, RankSet ranks) {
        if (!ranksOf(nodes).equals(ranks)) return null;
        return new GlobalLoop(new ArrayList<>(nodes), Alternatives.of(ValueSeq.of(1), ranks), ranks);
    }

    /** {@code a} then {@code b} as one loop, or null when they cannot be one. */
    private static GlobalLoop joined(GlobalLoop a, GlobalLoop b) {
        if (!a.ranks().equals(b.ranks()) || !runsOnce(a) || !runsOnce(b) || !sameCalls(a.body(), b.body())) return null;
        List<Alternative<ValueSeq>> counts = new ArrayList<>();
        for (Alternative<ValueSeq> x : a.counts().list())
            for (Alternative<ValueSeq> y : b.counts().list()) {
                RankSet both = intersection(x.ranks(), y.ranks());
                if (!both.isEmpty()) add(counts, ValueSeq.of(sum(x.value()) + sum(y.value())), both);
            }
        if (!covers(counts, a.ranks())) return null;
        List<GlobalNode> body = zipped(a.body(), b.body());
        return body == null ? null : new GlobalLoop(body, Alternatives.of(counts), a.ranks());
    }

    /** Whether each rank of the loop runs it once here: one count per rank. */
    private static boolean runsOnce(GlobalLoop l) {
        for (Alternative<ValueSeq> a : l.counts().list()) if (a.value().size() != 1) return false;
        return true;
    }

    private static boolean sameCalls(List<GlobalNode> a, List<GlobalNode> b) {
        if (a.size() != b.size()) return false;
        for (int i = 0; i < a.size(); i++) {
            GlobalNode x = a.get(i), y = b.get(i);
            if (!x.ranks().equals(y.ranks())) return false;
            if (x instanceof GlobalEvent e && y instanceof GlobalEvent f) {
                if (!e.sameCall(f) || e.site() != f.site()) return false;
            } else if (x instanceof GlobalLoop l && y instanceof GlobalLoop m) {
                if (!sameCalls(l.body(), m.body())) return false;
            } else {
                return false;
            }
        }
        return true;
    }

    /** The two bodies' nodes with values one after the other and times summed; null when values do not line up by rank. */
    private static List<GlobalNode> zipped(List<GlobalNode> a, List<GlobalNode> b) {
        List<GlobalNode> out = new ArrayList<>(a.size());
        for (int i = 0; i < a.size(); i++) {
            if (a.get(i) instanceof GlobalEvent e) {
                GlobalEvent f = (GlobalEvent) b.get(i);
                List<Alternatives<ValueSeq>> fields = new ArrayList<>(Field.ALL.length);
                for (Field field : Field.ALL) {
                    Alternatives<ValueSeq> both = concatenated(e.field(field), f.field(field));
                    if (both == null) return null;
                    fields.add(both);
                }
                out.add(new GlobalEvent(e.op(), e.thread(), e.site(), e.stack(), e.ranks(), fields,
                        TraceMerge.sum(e.compute(), f.compute()), TraceMerge.sum(e.inside(), f.inside())));
            } else {
                GlobalLoop l = (GlobalLoop) a.get(i), m = (GlobalLoop) b.get(i);
                Alternatives<ValueSeq> counts = concatenated(l.counts(), m.counts());
                List<GlobalNode> body = zipped(l.body(), m.body());
                if (counts == null || body == null) return null;
                out.add(new GlobalLoop(body, counts, l.ranks()));
            }
        }
        return out;
    }

    /** Per rank, x's values then y's; null unless both give a value to exactly the same ranks as each other. */
    private static Alternatives<ValueSeq> concatenated(Alternatives<ValueSeq> x, Alternatives<ValueSeq> y) {
        List<Alternative<ValueSeq>> out = new ArrayList<>();
        RankSet covered = RankSet.empty(), xRanks = RankSet.empty(), yRanks = RankSet.empty();
        for (Alternative<ValueSeq> a : x.list()) xRanks = xRanks.union(a.ranks());
        for (Alternative<ValueSeq> b : y.list()) yRanks = yRanks.union(b.ranks());
        if (!xRanks.equals(yRanks)) return null;
        for (Alternative<ValueSeq> a : x.list())
            for (Alternative<ValueSeq> b : y.list()) {
                RankSet both = intersection(a.ranks(), b.ranks());
                if (both.isEmpty()) continue;
                ValueSeq seq = new ValueSeq();
                seq.appendAll(a.value());
                seq.appendAll(b.value());
                add(out, seq, both);
                covered = covered.union(both);
            }
        if (out.isEmpty() || !covered.equals(xRanks)) return null;
        return Alternatives.of(out);
    }

    /** Adds a value for ranks, joining the ranks of an equal value already there. */
    private static void add(List<Alternative<ValueSeq>> list, ValueSeq value, RankSet ranks) {
        for (int i = 0; i < list.size(); i++) {
            if (list.get(i).value().equals(value)) {
                list.set(i, new Alternative<>(value, list.get(i).ranks().union(ranks)));
                return;
            }
        }
        list.add(new Alternative<>(value, ranks));
    }

    private static boolean covers(List<Alternative<ValueSeq>> list, RankSet ranks) {
        RankSet all = RankSet.empty();
        for (Alternative<ValueSeq> a : list) all = all.union(a.ranks());
        return all.equals(ranks);
    }

    private static long sum(ValueSeq s) {
        long total = 0;
        for (ValueSeq.Cursor c = s.cursor(); c.hasNext(); ) total += c.next();
        return total;
    }

    private static RankSet intersection(RankSet a, RankSet b) {
        if (a.size() > b.size()) return intersection(b, a);
        int[] in = new int[a.size()];
        int n = 0;
        for (int r : a.toArray()) if (b.contains(r)) in[n++] = r;
        return RankSet.of(Arrays.copyOf(in, n));
    }
}
