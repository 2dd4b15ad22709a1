package org.mpjtrace.cli.phases;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Pattern ids shared by the ranks of a trace (the paper's section 3.2, step 2: patterns matched across
 * processes). A pattern is its calls, as call ids ({@link CallIds}, the same on every rank for the same
 * op, call site and relative peer, when the ranks share one {@link CallIds}); the same calls in the same
 * order get the same id whichever rank finds them, so phases of different ranks can be compared by
 * their pattern ids. Ids are numbered in the order patterns are first registered: rank by rank, within a
 * rank in order of first occurrence. One rank alone with a registry of its own numbers its patterns in
 * order of first occurrence.
 */
public final class PatternIds {
    private final Map<Body, Integer> ids = new HashMap<>();
    private final List<int[]> bodies = new ArrayList<>();

    /** The id of the pattern whose calls are {@code body}, registering it when new. */
    int idOf(int[] body) {
        Body key = new Body(body);
        Integer id = ids.get(key);
        if (id == null) {
            id = bodies.size();
            ids.put(key, id);
            bodies.add(body);
        }
        return id;
    }

    /** Every pattern registered so far, by id. */
    List<int[]> bodies() {
        return List.copyOf(bodies);
    }

    /** A stretch of call ids, equal by content. */
    record Body(int[] calls) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Body b && Arrays.equals(calls, b.calls);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(calls);
        }
    }
}
