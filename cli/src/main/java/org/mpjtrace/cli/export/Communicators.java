package org.mpjtrace.cli.export;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mpjtrace.trace.CommInfo;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankTrace;

/**
 * Which communicator of one rank is which of another's. Communicator ids are symbolic per rank (in order
 * of first use), so id 2 of rank 0 need not be id 2 of rank 1. Every communicator is named here by how it
 * was made: COMM_WORLD is {@code w}; a communicator made by the n-th constructor called on communicator P
 * is P's name, the op and n ({@code w/82#0} for the first clone of COMM_WORLD), and for Split also the
 * colour, since one Split makes one communicator per colour. MPI requires every member to call a
 * communicator's collectives, constructors among them, in one order, so the members of one
 * communicator give it one name.
 *
 * <p>Each rank then claims its place (its rank in the communicator, from the rank's communicator table)
 * under that name. A name whose places are all claimed once, by ranks agreeing on its size, is usable
 * for matching messages; one that is not (Sub and Create_graph can give different communicators one
 * name; an intercommunicator's ranks are in two groups; a rank outside a Create's group has no place) is
 * left without flows rather than matched wrongly.
 */
final class Communicators {
    /** No intracommunicator has more ranks than COMM_WORLD: a size or place beyond it is a corrupt file's. */
    private final int worldSize;
    private final Map<String, Integer> index = new HashMap<>();
    /** Per name: the world rank at each place, -1 while unclaimed; null once found inconsistent. */
    private final List<int[]> places = new ArrayList<>();

    Communicators(int worldSize) {
        this.worldSize = worldSize;
    }

    /** The names of one rank's communicators, followed through its calls in order. */
    final class OfRank {
        private final RankTrace section;
        private String[] names = new String[8];
        private int[] keys = new int[8];
        private int[] made = new int[8];

        OfRank(RankTrace section) {
            this.section = section;
            Arrays.fill(keys, -1);
            names[0] = "w";
            keys[0] = intern("w");
        }

        /** The global index of the rank's communicator {@code id}, or -1 when it has no name. */
        int key(int id) {
            return id >= 0 && id < keys.length ? keys[id] : -1;
        }

        /** This rank's place in its communicator {@code id}, or -1 (also for a place its table cannot hold). */
        int place(int id) {
            CommInfo c = section.comm(id);
            return c == null || !fits(c) ? -1 : c.rank();
        }

        /** Names the communicator a constructor call made, if the call at {@code base} is one. */
        void observe(long[] w, int base) {
            Op op = Op.ofCode(Event.opCode(w, base));
            if (op == null || op.family != Op.Family.COMMUNICATOR) return;
            int parent = Event.comm(w, base), result = Event.result(w, base);
            if (result < 0 || parent < 0 || parent >= names.length || names[parent] == null) return;
            // Ids are given in order of first use, so the rank's table holds every one it names.
            if (result >= section.comms().size()) return;
            grow(Math.max(result, parent) + 1);
            String name = names[parent] + "/" + op.code + "#" + made[parent]++ + (op == Op.SPLIT ? ":" + Event.color(w, base) : "");
            if (names[result] != null) return; // an id is given once; keep the first
            names[result] = name;
            keys[result] = intern(name);
        }

        /** After the rank's calls: claims the rank's place in every communicator it named. */
        void claimPlaces() {
            for (int id = 0; id < names.length; id++) {
                if (names[id] == null) continue;
                CommInfo c = section.comm(id);
                int key = keys[id];
                if (c == null || !fits(c)) continue;
                if (c.kind().equals("Intercomm")) {
                    places.set(key, null);
                    continue;
                }
                claim(key, c.rank(), c.size(), section.rank());
            }
        }

        private void grow(int n) {
            if (n <= names.length) return;
            int size = Math.max(n, 2 * names.length), old = keys.length;
            names = Arrays.copyOf(names, size);
            keys = Arrays.copyOf(keys, size);
            made = Arrays.copyOf(made, size);
            Arrays.fill(keys, old, size, -1);
        }
    }

    /** A size from 1 to the world's and a place within it. */
    private boolean fits(CommInfo c) {
        return c.size() > 0 && c.size() <= worldSize && c.rank() >= 0 && c.rank() < c.size();
    }

    OfRank ofRank(RankTrace section) {
        return new OfRank(section);
    }

    private int intern(String name) {
        Integer k = index.get(name);
        if (k != null) return k;
        index.put(name, places.size());
        places.add(new int[0]);
        return places.size() - 1;
    }

    private void claim(int key, int place, int size, int worldRank) {
        int[] p = places.get(key);
        if (p == null) return;
        if (p.length == 0) {
            p = new int[size];
            Arrays.fill(p, -1);
            places.set(key, p);
        }
        if (p.length != size || place >= size || p[place] != -1) places.set(key, null);
        else p[place] = worldRank;
    }

    /** Whether every place of the communicator was claimed once, consistently: then its messages can be matched. */
    boolean usable(int key) {
        if (key < 0 || key >= places.size()) return false;
        int[] p = places.get(key);
        if (p == null || p.length == 0) return false;
        for (int r : p) if (r < 0) return false;
        return true;
    }

    /** The world rank at {@code place} of a usable communicator. */
    int worldRank(int key, int place) {
        return places.get(key)[place];
    }

    /** The number of places of a usable communicator. */
    int size(int key) {
        return places.get(key).length;
    }

    int count() {
        return places.size();
    }
}
