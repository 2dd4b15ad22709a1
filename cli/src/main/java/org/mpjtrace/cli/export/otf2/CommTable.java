package org.mpjtrace.cli.export.otf2;

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
 * The job's communicators, numbered across ranks for OTF2 (0 is COMM_WORLD), built while the ranks'
 * calls stream past. A rank's communicator ids are its own (in order of first use), so the same
 * communicator is recognised on every rank by the call that made it: the parent communicator, the op,
 * the call's stack signature and thread, Split's colour (and Sub's remain_dims), the digest of its arrays
 * (Create's group, Create_cart's dims) and how many such calls the rank made before. A rank is a member
 * when its communicator table gives it a rank there; members are ordered by that rank.
 *
 * <p>Approximate: when the ranks gathered under one such call are not exactly ranks 0..n-1 of it (Sub
 * of a grid gives several communicators from one call with one colour; an intercommunicator numbers
 * each side from 0; a table without the rank), the communicator is those ranks in COMM_WORLD order,
 * named "(members approximate)". Measured on ApiTour (4 ranks, 12 communicators): Split, Create,
 * clone, Create_cart, Create_graph and Merge exact; Sub and Create_intercomm approximate. A
 * communicator id used with no recorded call that made it stands for the ranks that used that id.
 */
final class CommTable {
    static final int WORLD = 0;

    /** A communicator-making call as every member rank sees it; occurrence counts earlier equal calls. */
    private record Making(int parent, int op, long stack, int thread, int color, long digest, int occurrence) {}

    /** One communicator: its parent (OTF2_UNDEFINED_COMM for an unknown making call) and members. */
    static final class Comm {
        final int id;
        final int parent;
        final String origin;
        private final List<int[]> members = new ArrayList<>();

        Comm(int id, int parent, String origin) {
            this.id = id;
            this.parent = parent;
            this.origin = origin;
        }

        void add(int worldRank, int rankInComm) {
            for (int[] m : members) if (m[0] == worldRank) return;
            members.add(new int[] {worldRank, rankInComm});
        }

        /** Whether the members' own ranks in it are exactly 0..n-1. */
        boolean exact() {
            boolean[] seen = new boolean[members.size()];
            for (int[] m : members) {
                if (m[1] < 0 || m[1] >= seen.length || seen[m[1]]) return false;
                seen[m[1]] = true;
            }
            return true;
        }

        /** The members as ranks of COMM_WORLD, in their order in this communicator when known. */
        long[] worldRanks() {
            List<int[]> sorted = new ArrayList<>(members);
            sorted.sort(exact() ? (a, b) -> Integer.compare(a[1], b[1]) : (a, b) -> Integer.compare(a[0], b[0]));
            long[] r = new long[sorted.size()];
            for (int i = 0; i < r.length; i++) r[i] = sorted.get(i)[0];
            return r;
        }

        String name() {
            return id == WORLD ? origin : "comm " + id + ": " + origin + (exact() ? "" : " (members approximate)");
        }
    }

    private final List<Comm> comms = new ArrayList<>();
    private final Map<Making, Comm> byMaking = new HashMap<>();
    private final Map<Integer, Comm> byUnknownId = new HashMap<>();

    CommTable(int worldSize) {
        Comm world = new Comm(WORLD, Otf2Library.UNDEFINED_UINT32, "MPI_COMM_WORLD");
        for (int r = 0; r < worldSize; r++) world.add(r, r);
        comms.add(world);
    }

    List<Comm> all() {
        return comms;
    }

    /** One rank's view: its own communicator ids mapped to the table's. */
    final class RankComms {
        private final RankTrace section;
        private final Map<Making, Integer> made = new HashMap<>();
        private int[] global = {WORLD};

        RankComms(RankTrace section) {
            this.section = section;
        }

        /** The table's id for this rank's communicator {@code local}. */
        int resolve(int local) {
            if (local == WORLD) return WORLD;
            if (local >= 0 && local < global.length && global[local] >= 0) return global[local];
            Comm c = byUnknownId.computeIfAbsent(local, id -> add(Otf2Library.UNDEFINED_UINT32, "id " + id + " on the ranks that used it"));
            join(c, local);
            return remember(local, c.id);
        }

        /** Records the communicator the call at {@code base} made, if it made one. */
        void afterCall(Op op, long[] w, int base) {
            int local = Event.result(w, base);
            if (op.family != Op.Family.COMMUNICATOR || local < 0 || op == Op.SHIFT || op == Op.FREE) return;
            int parent = resolve(Event.comm(w, base));
            // Only Split's colour (and Sub's remain_dims) tells apart communicators one call makes; Merge's high
            // differs between the sides of one result, Create_intercomm's colour is a per-rank id.
            int color = op == Op.SPLIT || op == Op.SUB ? Event.color(w, base) : Event.NONE;
            Making key = new Making(parent, op.code, Event.stack(w, base), Event.thread(w, base), color, Event.digest(w, base), 0);
            int occurrence = made.merge(key, 1, Integer::sum) - 1;
            Making exact = new Making(key.parent, key.op, key.stack, key.thread, key.color, key.digest, occurrence);
            Comm c = byMaking.computeIfAbsent(exact, k -> add(parent, op.mpjName + " of comm " + parent));
            join(c, local);
            remember(local, c.id);
        }

        private void join(Comm c, int local) {
            CommInfo info = section.comm(local);
            if (info == null) c.add(section.rank(), -1);
            else if (info.rank() >= 0) c.add(section.rank(), info.rank());
        }

        private int remember(int local, int id) {
            if (local >= global.length) {
                int old = global.length;
                global = Arrays.copyOf(global, Math.max(local + 1, 2 * old));
                Arrays.fill(global, old, global.length, -1);
            }
            global[local] = id;
            return id;
        }
    }

    private Comm add(int parent, String origin) {
        Comm c = new Comm(comms.size(), parent, origin);
        comms.add(c);
        return c;
    }
}
