package org.mpjtrace.trace.global;

import java.util.ArrayList;
import java.util.List;
import org.mpjtrace.trace.ranks.RankSet;

/**
 * One quantity of a merged trace as it is on each rank: distinct values, each with the ranks that have
 * it (ScalaTrace's "value -> ranklist"). Ranks that agree share one entry, so an SPMD code keeps a
 * handful of entries whatever the number of ranks. Immutable.
 *
 * @param <V> the value type (value sequences, with structural equality)
 */
public final class Alternatives<V> {
    /** One value and the ranks that have it. */
    public record Alternative<V>(V value, RankSet ranks) {}

    private final List<Alternative<V>> list;

    private Alternatives(List<Alternative<V>> list) {
        this.list = List.copyOf(list);
    }

    public static <V> Alternatives<V> of(V value, RankSet ranks) {
        return new Alternatives<>(List.of(new Alternative<>(value, ranks)));
    }

    /** From entries read back from a file (the caller checked the rank sets are disjoint). */
    public static <V> Alternatives<V> of(List<Alternative<V>> entries) {
        if (entries.isEmpty()) throw new IllegalArgumentException("no alternatives");
        return new Alternatives<>(entries);
    }

    public List<Alternative<V>> list() {
        return list;
    }

    /** The value rank {@code rank} has, or null when the rank has none. */
    public V valueFor(int rank) {
        for (Alternative<V> a : list) if (a.ranks().contains(rank)) return a.value();
        return null;
    }

    /** Both sides' entries; equal values merge their rank sets. The two sides' ranks are disjoint. */
    public Alternatives<V> merge(Alternatives<V> other) {
        List<Alternative<V>> merged = new ArrayList<>(list);
        outer:
        for (Alternative<V> b : other.list) {
            for (int i = 0; i < merged.size(); i++) {
                Alternative<V> a = merged.get(i);
                if (a.value().equals(b.value())) {
                    merged.set(i, new Alternative<>(a.value(), a.ranks().union(b.ranks())));
                    continue outer;
                }
            }
            merged.add(b);
        }
        return new Alternatives<>(merged);
    }
}
