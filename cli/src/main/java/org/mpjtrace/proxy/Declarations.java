package org.mpjtrace.proxy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.mpjtrace.trace.fold.ValueSeq;
import org.mpjtrace.trace.global.Alternatives;
import org.mpjtrace.trace.ranks.RankSet;

/**
 * The static fields a proxy declares: its rank classes ({@code Ranks}, one per distinct ranklist) and the
 * value sequences of parameters and loop counts that vary ({@code Seq}, one per use: each walks its own
 * values). Constant values never get here; they are written in the code as literals.
 */
final class Declarations {
    /** String constants of a class file are at most 65,535 bytes; longer values are joined at run time. */
    private static final int LITERAL_CHARS = 16_000;

    private final Map<RankSet, String> ranks = new LinkedHashMap<>();
    private final List<String> lines = new ArrayList<>();
    private int seqs;

    /** The name of the rank class holding {@code set}. */
    String ranks(RankSet set) {
        return ranks.computeIfAbsent(set, s -> "R" + (ranks.size() + 1));
    }

    /** A new sequence of these per-rank values; returns its name. */
    String seq(Alternatives<ValueSeq> values) {
        String name = "V" + (++seqs);
        StringBuilder b = new StringBuilder("static final Seq ").append(name).append(" = new Seq(");
        boolean first = true;
        for (Alternatives.Alternative<ValueSeq> a : values.list()) {
            if (!first) b.append(", ");
            first = false;
            b.append(ranks(a.ranks())).append(", ").append(literal(a.value().toString()));
        }
        lines.add(b.append(");").toString());
        return name;
    }

    /** The distinct values of a parameter over all ranks, in order. */
    static Set<Long> distinct(Alternatives<ValueSeq> values) {
        Set<Long> out = new TreeSet<>();
        for (Alternatives.Alternative<ValueSeq> a : values.list())
            for (ValueSeq.Cursor c = a.value().cursor(); c.hasNext(); ) out.add(c.next());
        return out;
    }

    /** The one value every rank's sequence holds throughout, or null when they vary. */
    static Long constant(Alternatives<ValueSeq> values) {
        Long v = null;
        for (Alternatives.Alternative<ValueSeq> a : values.list()) {
            Long mine = constant(a.value().elements());
            if (mine == null || v != null && !v.equals(mine)) return null;
            v = mine;
        }
        return v;
    }

    private static Long constant(List<ValueSeq.Elem> elems) {
        Long v = null;
        for (ValueSeq.Elem e : elems) {
            Long mine;
            if (e instanceof ValueSeq.Run r) mine = r.length() == 1 || r.stride() == 0 ? r.start() : null;
            else mine = constant(((ValueSeq.Rep) e).body());
            if (mine == null || v != null && !v.equals(mine)) return null;
            v = mine;
        }
        return v;
    }

    /** The declarations, rank classes first (sequences name them). */
    List<String> lines() {
        List<String> all = new ArrayList<>();
        for (Map.Entry<RankSet, String> e : ranks.entrySet())
            all.add("static final Ranks " + e.getValue() + " = new Ranks(\"" + rankText(e.getKey()) + "\");");
        all.addAll(lines);
        return all;
    }

    /** Ranks as ProxyKit.Ranks reads them: runs "a-b" or "a-b/s" of three or more, single ranks otherwise. */
    static String rankText(RankSet set) {
        int[] r = set.toArray();
        StringBuilder b = new StringBuilder();
        int i = 0;
        while (i < r.length) {
            int j = i + 1;
            if (j < r.length) {
                int step = r[j] - r[i];
                while (j + 1 < r.length && r[j + 1] - r[j] == step) j++;
                if (j - i >= 2) {
                    if (b.length() > 0) b.append(' ');
                    b.append(r[i]).append('-').append(r[j]);
                    if (step != 1) b.append('/').append(step);
                    i = j + 1;
                    continue;
                }
            }
            if (b.length() > 0) b.append(' ');
            b.append(r[i]);
            i++;
        }
        return b.toString();
    }

    /** A Java string expression for {@code s}: one literal, or literals joined at run time when long. */
    static String literal(String s) {
        if (s.length() <= LITERAL_CHARS) return '"' + s + '"';
        StringBuilder b = new StringBuilder("String.join(\"\"");
        for (int i = 0; i < s.length(); i += LITERAL_CHARS) b.append(", \"").append(s, i, Math.min(s.length(), i + LITERAL_CHARS)).append('"');
        return b.append(')').toString();
    }
}
