package org.mpjtrace.replay;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;

/**
 * The turns a rank's threads took on each communicator that more than one of them called, kept in the
 * replay. The replay runs each thread's calls on a thread of its own; what ordered two threads' calls on one
 * communicator in the program (a join, a latch, a barrier of java.util.concurrent, a thread pool's queue) is
 * not in the trace, and two threads that meet a collective out of turn meet the other ranks with the wrong
 * call: TakingTurns' replay failed so on every run ("count <1> is less than length <3>"). The rule: a call
 * on such a communicator waits until the calls of the rank's other threads on it that started before
 * it have started, and those that had returned before it started have returned. Every wait is one the
 * traced run also had, so a replay that keeps them reaches no state the run did not pass through.
 *
 * <p>Needs each call's exact times (a dump, or timing=lossless); without them the threads run free, as
 * before, and the replay says so. A call on a communicator only one thread called is not touched: the Threads
 * example, each thread on a communicator of its own, replays as it did.
 */
final class TurnOrder {
    /** Each thread's calls that take a turn, in the thread's order. */
    private final Taken[][] taken;
    /** The shared communicators whose turns are kept, by id; and how many were left free for want of exact times. */
    private final List<Turns> kept;
    private final int free;
    /** Whether thread 0's first call is MPI.Init, which a proxy's main makes before its threads' calls. */
    private final boolean initFirst;

    private TurnOrder(Taken[][] taken, List<Turns> kept, int free, boolean initFirst) {
        this.taken = taken;
        this.kept = kept;
        this.free = free;
        this.initFirst = initFirst;
    }

    /** The rank's turns, or null when it has one thread or no communicator two of its threads called. */
    static TurnOrder of(RankScript script) {
        int threads = script.threads();
        if (threads < 2) return null;
        // First pass: which communicators more than one thread called.
        Map<Integer, Integer> firstThread = new HashMap<>();
        Map<Integer, List<long[]>> shared = new TreeMap<>();
        boolean[] initFirst = {false};
        boolean exact = script.forEachTimed((t, i, w, b, enter, exit) -> {
            if (t == 0 && i == 0) initFirst[0] = Event.opCode(w, b) == Op.INIT.code;
            int comm = Event.comm(w, b);
            if (comm < 0) return;
            Integer first = firstThread.putIfAbsent(comm, t);
            if (first != null && first != t) shared.putIfAbsent(comm, new ArrayList<>());
        });
        if (shared.isEmpty()) return null;
        // Second pass: their calls, with their times; a communicator with a call the trace kept no time for is left free.
        if (exact) script.forEachTimed((t, i, w, b, enter, exit) -> {
            List<long[]> list = shared.get(Event.comm(w, b));
            if (list == null) return;
            if (enter == RankScript.UNTIMED) shared.put(Event.comm(w, b), null);
            else list.add(new long[] {enter, exit, t, i});
        });
        else shared.replaceAll((comm, calls) -> null);
        List<List<Taken>> byThread = new ArrayList<>();
        for (int t = 0; t < threads; t++) byThread.add(new ArrayList<>());
        List<Turns> kept = new ArrayList<>();
        for (List<long[]> list : shared.values()) {
            if (list == null) continue;
            // By start, then thread: a thread's own calls keep their order, as their starts do.
            list.sort((x, y) -> x[0] != y[0] ? Long.compare(x[0], y[0]) : Long.compare(x[2], y[2]));
            Turns turns = new Turns(kept.size(), list);
            kept.add(turns);
            for (int turn = 0; turn < list.size(); turn++) {
                long[] c = list.get(turn);
                byThread.get((int) c[2]).add(new Taken((int) c[3], turns, turn));
            }
        }
        Taken[][] taken = new Taken[threads][];
        for (int t = 0; t < threads; t++) {
            byThread.get(t).sort((x, y) -> Integer.compare(x.call, y.call));
            taken[t] = byThread.get(t).toArray(new Taken[0]);
        }
        return new TurnOrder(taken, kept, shared.size() - kept.size(), initFirst[0]);
    }

    /** A thread's call that takes a turn: its number among the thread's calls, the communicator's turns, which one. */
    private record Taken(int call, Turns turns, int turn) {}

    /** Thread {@code thread}'s way through the turns of {@code order} (none when it is null); for that thread only. */
    static Cursor cursor(TurnOrder order, int thread) {
        return new Cursor(order == null ? new Taken[0] : order.taken[thread]);
    }

    /** How many communicators the rank's threads take turns on as traced. */
    int kept() {
        return kept.size();
    }

    /** How many communicators more than one of the rank's threads called that the trace kept no exact times for. */
    int free() {
        return free;
    }

    /**
     * The turns as numbers, for a proxy to take them ({@code ProxyKit.readTurns} reads them back): the number
     * of communicators (at least 1), whether thread 0's first call is MPI.Init (1) or not (0, a trace attached
     * to a running job), each one's number of turns and per turn its start (after the previous turn's) and
     * duration; then the number of threads, each one's number of turns taken and per turn taken its call's
     * number (after the previous one's), its communicator and which turn. Every number is 0 or more.
     */
    long[] numbers() {
        List<Long> out = new ArrayList<>();
        out.add((long) kept.size());
        out.add(initFirst ? 1L : 0L);
        for (Turns t : kept) {
            out.add((long) t.enter.length);
            for (int i = 0; i < t.enter.length; i++) {
                out.add(i == 0 ? 0 : t.enter[i] - t.enter[i - 1]);
                out.add(t.exit[i] - t.enter[i]);
            }
        }
        out.add((long) taken.length);
        for (Taken[] thread : taken) {
            out.add((long) thread.length);
            int call = 0;
            for (Taken k : thread) {
                out.add((long) k.call - call);
                call = k.call;
                out.add((long) k.turns.slot);
                out.add((long) k.turn);
            }
        }
        return out.stream().mapToLong(Long::longValue).toArray();
    }

    /** A thread's way through its calls: {@link #before} and {@link #after} each of them. */
    static final class Cursor {
        private final Taken[] taken;
        private int next;
        /** The number of the thread's call being made. */
        private int call;

        private Cursor(Taken[] taken) {
            this.taken = taken;
        }

        /** Before the thread's next call: waits for its turn where it takes one. */
        void before() {
            if (next < taken.length && taken[next].call == call) taken[next].turns.take(taken[next].turn);
        }

        /** Whether the thread's next call may start now: it takes no turn, or its turn has come. */
        boolean ready() {
            return next >= taken.length || taken[next].call != call || taken[next].turns.mayStart(taken[next].turn);
        }

        /** After the call returned. */
        void after() {
            if (next < taken.length && taken[next].call == call) {
                taken[next].turns.returned(taken[next].turn);
                next++;
            }
            call++;
        }
    }

    /** One communicator's turns, in the order the rank's threads started them. */
    static final class Turns {
        /** Its place among the rank's shared communicators, by id. */
        private final int slot;
        private final long[] enter, exit;
        private final boolean[] returned;
        /** How many turns have started; the next to start is this one. */
        private int started;
        /** Every turn before this one has returned. */
        private int returnedBelow;

        Turns(int slot, List<long[]> calls) {
            this.slot = slot;
            enter = new long[calls.size()];
            exit = new long[calls.size()];
            for (int i = 0; i < enter.length; i++) {
                enter[i] = calls.get(i)[0];
                exit[i] = calls.get(i)[1];
            }
            returned = new boolean[enter.length];
        }

        /** Waits until every earlier turn has started, and those that had returned before this one started have. */
        synchronized void take(int turn) {
            while (!mayStart(turn)) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
            started = turn + 1;
            notifyAll();
        }

        synchronized boolean mayStart(int turn) {
            if (started != turn) return false;
            for (int q = returnedBelow; q < turn; q++)
                if (!returned[q] && exit[q] <= enter[turn]) return false;
            return true;
        }

        synchronized void returned(int turn) {
            returned[turn] = true;
            while (returnedBelow < returned.length && returned[returnedBelow]) returnedBelow++;
            notifyAll();
        }
    }
}
