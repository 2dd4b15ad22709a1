import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.LockSupport;
import mpi.Cartcomm;
import mpi.Comm;
import mpi.Datatype;
import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Op;
import mpi.Prequest;
import mpi.Request;
import mpi.Status;
import mpjbuf.Buffer;

/**
 * What a proxy written by {@code mpjtrace proxy} needs beside its own code, the same for every proxy:
 * the rank's place in COMM_WORLD and peers kept relative to it, the trace's rank classes and value
 * sequences, the communicators and datatypes the proxy makes, per-thread message buffers and requests,
 * and the computation between calls as a busy wait (with more ranks than cores, partly a sleep).
 *
 * <p>It is written beside every proxy and compiled with MPJ's mpj.jar alone, so it cannot call
 * mpjtrace's replay, whose buffers by base type (Buffers), base-type table (Symbols), v-collective
 * extents (CallIssuer), share of each computation spun (CpuShare, ComputeClock) and turns of a rank's threads
 * on a communicator they share (TurnOrder) it repeats.
 *
 * <p>A proxy extends this class only to reach its static members by their short names. State is static:
 * MPJ Express's multicore device loads a rank's classes in a class loader of its own, so each rank has
 * its own copy, as it does in a JVM of its own (niodev).
 */
class ProxyKit {
    protected ProxyKit() {}

    /** This rank in COMM_WORLD, and COMM_WORLD's size. */
    static int rank, size;
    /** The proxy's class name, which its messages start with. */
    private static String name = "proxy";
    /** Whether threads of this rank other than main call MPJ (communicators are then waited for). */
    private static boolean threaded;
    /** Gaps to keep ({@code --compute exact}): each thread's, in call order; null otherwise. */
    private static long[][] gaps;

    /**
     * Called right after MPI.Init: false (after saying why on rank 0) when the job has another number of
     * ranks than the trace, whose peers and rank classes hold for the recorded number only.
     */
    static boolean start(String proxy, int recordedRanks, int threads, String gapsResource, String turnsResource, String endsResource)
            throws MPIException {
        name = proxy;
        rank = MPI.COMM_WORLD.Rank();
        size = MPI.COMM_WORLD.Size();
        threaded = threads > 1;
        if (size != recordedRanks) {
            if (rank == 0) System.err.println(proxy + ": the trace was recorded on " + recordedRanks + " ranks; this proxy runs on " + recordedRanks + " only, not " + size);
            return false;
        }
        if (gapsResource != null) gaps = readGaps(proxy, gapsResource, threads);
        if (turnsResource != null) taken = readTurns(proxy, turnsResource, threads);
        if (endsResource != null) {
            waits = readEnds(proxy, endsResource, threads);
            ended = new java.util.concurrent.CountDownLatch[threads];
            for (int t = 0; t < threads; t++) ended[t] = new java.util.concurrent.CountDownLatch(1);
        }
        return true;
    }

    /**
     * Per thread, before which of its computations ({@code --compute exact}) it waited for other threads' end in
     * the traced run (a join): the proxy waits for their calls to end, then computes only the time the trace
     * recorded from their end to the call ({@code NAME.ends}; null without). Else a thread would spin through a
     * join on a core the threads it waits for need (the Threads example's replay: 12-32% longer so).
     */
    private static Wait[][] waits;
    /** Per thread but 0 (main, which the others never wait for): counted down when the thread's calls have ended. */
    private static java.util.concurrent.CountDownLatch[] ended;

    /** Before the thread's computation number {@code gap}, it waits for the threads {@code others}, then computes {@code after} ns. */
    private static final class Wait {
        final int gap;
        final int[] others;
        final long after;

        Wait(int gap, int[] others, long after) {
            this.gap = gap;
            this.others = others;
            this.after = after;
        }
    }

    /** Per thread, its calls that take a turn on a communicator the rank's threads share ({@code NAME.turns}; null without). */
    private static Taken[][] taken;
    /** Whether thread 0's first traced call is MPI.Init, which main made before the proxy's calls. */
    private static boolean initMadeFirst;

    /** A call that takes a turn: its number among its thread's calls, the communicator's turns, and which turn. */
    private static final class Taken {
        final int call, turn;
        final Turns turns;

        Taken(int call, Turns turns, int turn) {
            this.call = call;
            this.turns = turns;
            this.turn = turn;
        }
    }

    /**
     * One communicator's turns, in the order the rank's threads started their calls on it in the traced run: a
     * call waits until every earlier turn has started, and those that had returned before it started have.
     */
    private static final class Turns {
        private final long[] enter, exit;
        private final boolean[] returned;
        private int started, returnedBelow;

        Turns(long[] enter, long[] exit) {
            this.enter = enter;
            this.exit = exit;
            this.returned = new boolean[enter.length];
        }

        synchronized void take(int turn) throws InterruptedException {
            while (!mayStart(turn)) wait();
            started = turn + 1;
            notifyAll();
        }

        private boolean mayStart(int turn) {
            if (started != turn) return false;
            for (int q = returnedBelow; q < turn; q++) if (!returned[q] && exit[q] <= enter[turn]) return false;
            return true;
        }

        synchronized void returned(int turn) {
            returned[turn] = true;
            while (returnedBelow < returned.length && returned[returnedBelow]) returnedBelow++;
            notifyAll();
        }
    }

    /** The share of each computation spun, in (0, 1]; the rest is slept ({@link #tracedCores}). */
    private static double cpuShare = 1;

    /**
     * The traced run's figures for rank 0 (nanoseconds): its host ran {@code ranksOnHost} ranks, and of its span
     * (MPI.Init to MPI.Finalize) it computed {@code computation}. Each of M ranks on a host of C cores had C / M
     * of a core on average, so at most {@code C / M * span} of that computation ran on a core; the rest was
     * waiting (a sleep, I/O, its turn on a core it shared). Spinning through all of it asks for more CPU than
     * the traced run had: a proxy of LeavingPair on 16 ranks of 2 cores (each step a 2 ms sleep) ran 3.9
     * times as long as the program so, and 1.22 times with the share (docs/benchmarks.md). So only that share of each computation is spun, the cores
     * being this machine's, and the rest slept; rank 0 says so. With a core a rank, or little computation,
     * the share is 1 and every computation is spun, as before.
     */
    static void tracedCores(long ranksOnHost, long span, long computation) {
        int cores = Runtime.getRuntime().availableProcessors();
        if (cores < 1 || ranksOnHost <= cores || span <= 0 || computation <= 0) return;
        cpuShare = Math.min(1, (double) cores / ranksOnHost * span / computation);
        if (cpuShare < 1 && rank == 0)
            System.err.printf("%s: %d ranks shared rank 0's host in the traced run, and this host has %d cores: at most %.0f%%"
                    + " of each computation is spun, the rest slept%n", name, ranksOnHost, cores, 100 * cpuShare);
    }

    /** The rank {@code offset} places after this one, round COMM_WORLD (a peer the trace kept relative). */
    static int rank(int offset) {
        return Math.floorMod(rank + offset, size);
    }

    // How the trace keeps a peer that varies: an offset from the rank, or far below any offset an MPJ
    // sentinel (ANY_SOURCE, PROC_NULL) or a rank named outright.
    private static final long SENTINEL_BASE = -(1L << 33), ABSOLUTE_BASE = -(1L << 40);

    /** A peer as a value sequence of the trace holds it (see {@link #rank(int)}). */
    static int peer(long stored) {
        if (stored >= SENTINEL_BASE / 2) return (int) Math.floorMod(stored + rank, (long) size);
        return (int) (stored < ABSOLUTE_BASE / 2 ? stored - ABSOLUTE_BASE : stored - SENTINEL_BASE);
    }

    /** A wildcard receive's source: the rank whose message the program took, where the trace kept it. */
    static int source(int peer, int matched) {
        return peer < 0 && matched >= 0 ? matched : peer;
    }

    /** A set of ranks: "0-15", "1 3 5", "0-14/2". */
    static final class Ranks {
        private final boolean[] member;

        Ranks(String ranks) {
            List<Integer> all = new ArrayList<>();
            int max = 0;
            for (String part : ranks.trim().split(" +")) {
                int dash = part.indexOf('-'), slash = part.indexOf('/');
                int from = Integer.parseInt(dash < 0 ? part : part.substring(0, dash));
                int to = dash < 0 ? from : Integer.parseInt(part.substring(dash + 1, slash < 0 ? part.length() : slash));
                int step = slash < 0 ? 1 : Integer.parseInt(part.substring(slash + 1));
                for (int r = from; r <= to; r += step) {
                    all.add(r);
                    max = Math.max(max, r);
                }
            }
            member = new boolean[max + 1];
            for (int r : all) member[r] = true;
        }

        boolean has(int r) {
            return r >= 0 && r < member.length && member[r];
        }
    }

    /** Whether this rank is one of {@code ranks}. */
    static boolean in(Ranks ranks) {
        return ranks.has(rank);
    }

    /**
     * One parameter of one call over its occurrences on one thread, as the trace folded it: per rank class,
     * elements "v" (a value), "vxn" (n times v), "v+dxn" (n values from v by d), "c*[...]" (c times what is
     * inside). Past its end a sequence repeats its last value.
     */
    static final class Seq {
        private final Object[] classes;
        private long[] runs; // start, stride, length per run, in order, repetitions unrolled by the cursor
        private Cursor cursor;
        private long last;

        /** Rank classes and their values, alternately: {@code new Seq(R1, "0+1x10", R2, "3")}. */
        Seq(Object... ranksThenValues) {
            this.classes = ranksThenValues;
        }

        long next() {
            if (cursor == null) cursor = new Cursor(parse(mine()));
            if (cursor.hasNext()) last = cursor.next();
            return last;
        }

        int i() {
            return (int) next();
        }

        private String mine() {
            for (int i = 0; i < classes.length; i += 2) if (((Ranks) classes[i]).has(rank)) return (String) classes[i + 1];
            throw new IllegalStateException("rank " + rank + " has no values here in the trace");
        }
    }

    /** An element of a value sequence: a run (start, stride, length) or a repetition of a list of elements. */
    private record Elem(long start, long stride, long length, long count, List<Elem> body) {}

    private static List<Elem> parse(String text) {
        int[] at = {0};
        List<Elem> list = parseList(text, at);
        if (at[0] != text.length()) throw new IllegalArgumentException("bad value sequence: " + text);
        return list;
    }

    private static List<Elem> parseList(String s, int[] at) {
        List<Elem> list = new ArrayList<>();
        while (at[0] < s.length() && s.charAt(at[0]) != ']') {
            if (s.charAt(at[0]) == ' ') {
                at[0]++;
                continue;
            }
            long first = number(s, at);
            if (at[0] < s.length() && s.charAt(at[0]) == '*') {
                at[0] += 2; // "*["
                List<Elem> body = parseList(s, at);
                at[0]++; // "]"
                list.add(new Elem(0, 0, 0, first, body));
                continue;
            }
            long stride = 0, length = 1;
            if (at[0] < s.length() && (s.charAt(at[0]) == '+' || s.charAt(at[0]) == '-')) stride = number(s, at);
            if (at[0] < s.length() && s.charAt(at[0]) == 'x') {
                at[0]++;
                length = number(s, at);
            }
            list.add(new Elem(first, stride, length, 0, null));
        }
        return list;
    }

    private static long number(String s, int[] at) {
        int from = at[0];
        if (s.charAt(at[0]) == '+' || s.charAt(at[0]) == '-') at[0]++;
        while (at[0] < s.length() && Character.isDigit(s.charAt(at[0]))) at[0]++;
        return Long.parseLong(s.substring(s.charAt(from) == '+' ? from + 1 : from, at[0]));
    }

    /** Walks a parsed sequence without unrolling it. */
    private static final class Cursor {
        private final List<Object[]> stack = new ArrayList<>(); // {list, next index, passes left}
        private Elem run;
        private long index;

        Cursor(List<Elem> top) {
            stack.add(new Object[] {top, 0, 1L});
        }

        boolean hasNext() {
            while (run == null || index == run.length()) if (!advance()) return false;
            return true;
        }

        long next() {
            hasNext();
            return run.start() + run.stride() * index++;
        }

        @SuppressWarnings("unchecked")
        private boolean advance() {
            while (!stack.isEmpty()) {
                Object[] f = stack.get(stack.size() - 1);
                List<Elem> list = (List<Elem>) f[0];
                int next = (Integer) f[1];
                if (next == list.size()) {
                    long passes = (Long) f[2] - 1;
                    if (passes > 0) {
                        f[1] = 0;
                        f[2] = passes;
                    } else {
                        stack.remove(stack.size() - 1);
                    }
                    continue;
                }
                f[1] = next + 1;
                Elem e = list.get(next);
                if (e.body() == null) {
                    run = e;
                    index = 0;
                    return true;
                }
                stack.add(new Object[] {e.body(), 0, e.count()});
            }
            return false;
        }
    }

    // Communicators the proxy made, by the trace's ids (0 is COMM_WORLD); -1 marks one this rank is not in.
    private static final Map<Integer, Comm> comms = new HashMap<>();
    private static final Object commLock = new Object();

    /** The communicator the trace calls {@code id}; with threads, one another thread makes is waited for. */
    static Comm comm(int id) {
        if (id == 0) return MPI.COMM_WORLD;
        synchronized (commLock) {
            while (!comms.containsKey(id) && threaded) {
                try {
                    commLock.wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
            Comm c = comms.get(id);
            if (c == null) throw new IllegalStateException("communicator " + id + " was not made on rank " + rank);
            return c;
        }
    }

    static Intracomm intra(int id) {
        return (Intracomm) comm(id);
    }

    static Cartcomm cart(int id) {
        return (Cartcomm) comm(id);
    }

    static Intercomm inter(int id) {
        return (Intercomm) comm(id);
    }

    /** A communicator made under the trace's id {@code id}; null when this rank is not in it. */
    static void made(int id, Comm c) {
        synchronized (commLock) {
            comms.put(id, c);
            commLock.notifyAll();
        }
    }

    /** The group of {@code c}'s ranks {@code ranks}. */
    static mpi.Group group(Intracomm c, int... ranks) throws MPIException {
        return c.Group().Incl(ranks);
    }

    private static final Map<Long, Datatype> types = new HashMap<>();

    /**
     * A datatype of {@code size} elements of MPJ base type {@code base}: the base type itself, or that
     * many of it contiguous (a derived type moves as many elements of its base type); base -1 with size 0
     * is the empty Struct.
     */
    static synchronized Datatype type(int base, int size) throws MPIException {
        long key = ((long) base << 32) | (size & 0xffffffffL);
        Datatype d = types.get(key);
        if (d != null) return d;
        if (base == -1 && size == 0) {
            d = Datatype.Struct(new int[0], new int[0], new Datatype[0]);
            d.Commit();
        } else if (size > 1) {
            d = Datatype.Contiguous(size, base(base));
            d.Commit();
        } else {
            d = base(base);
        }
        types.put(key, d);
        return d;
    }

    private static Datatype base(int code) {
        switch (code) {
            case 1: return MPI.BYTE;
            case 2: return MPI.CHAR;
            case 3: return MPI.SHORT;
            case 4: return MPI.BOOLEAN;
            case 5: return MPI.INT;
            case 6: return MPI.LONG;
            case 7: return MPI.FLOAT;
            case 8: return MPI.DOUBLE;
            case 9: return MPI.BYTE; // packed data: the same bytes (MPJ wants an mpjbuf.Buffer for PACKED, and frees it once sent)
            case 12: return MPI.OBJECT;
            default: throw new IllegalArgumentException("base type " + code);
        }
    }

    /** Elements a buffer needs for these counts at these displacements (one after another without displacements). */
    static long extent(int[] counts, int[] displs) {
        if (counts == null) return 0;
        long end = 0, sum = 0;
        for (int i = 0; i < counts.length; i++) {
            sum += Math.max(0, counts[i]);
            if (displs != null && i < displs.length) end = Math.max(end, (long) displs[i] + Math.max(0, counts[i]));
        }
        return displs == null ? sum : end;
    }

    /** Flags kept as bits (Create_cart's periods, Sub's remain_dims), as an array of {@code n}. */
    static boolean[] flags(int bits, int n) {
        boolean[] f = new boolean[n];
        for (int i = 0; i < n && i < 31; i++) f[i] = (bits & (1 << i)) != 0;
        return f;
    }

    /** A thread of the rank other than main: runs {@code body} on its own Calls. */
    interface Body {
        void run(Calls c) throws Exception;
    }

    static Thread begin(int thread, Body body) {
        Thread t = new Thread(() -> {
            try {
                body.run(new Calls(thread));
            } catch (Exception e) {
                throw new IllegalStateException("rank " + rank + " thread " + thread + ": " + e, e);
            } finally {
                if (ended != null && thread < ended.length) ended[thread].countDown();
            }
        }, "proxy-thread-" + thread);
        t.start();
        return t;
    }

    /** A reduction op by MPJ's code; what the proxy cannot rebuild (user-defined ops) sums. */
    static Op op(int code) {
        switch (code) {
            case 1: return MPI.MAX;
            case 2: return MPI.MIN;
            case 4: return MPI.PROD;
            case 5: return MPI.LAND;
            case 6: return MPI.BAND;
            case 7: return MPI.LOR;
            case 8: return MPI.BOR;
            case 9: return MPI.LXOR;
            case 10: return MPI.BXOR;
            default: return MPI.SUM;
        }
    }

    /**
     * One thread's own state: message buffers (the proxy moves as many elements as the program did, not
     * its data), its requests under the trace's ids, its pack buffer and its computation gaps.
     */
    static final class Calls {
        private final Object[] send = new Object[16], receive = new Object[16];
        private final Map<Integer, Request> requests = new HashMap<>();
        /**
         * Requests this proxy finished (persistent ones until started again), and by call site the last request
         * each position of its array held. Which of an array Waitany, Waitsome, Testany or Testsome completes is
         * the run's timing, not the trace's: the program passes the array again with the one it saw complete set
         * to REQUEST_NULL, and the trace names the others, one of which the proxy may have finished; MPJ waits
         * forever on an array whose requests have all finished. So those calls get the array as the proxy holds
         * it: a REQUEST_NULL where the site's array last had a request the proxy has not finished gets it back,
         * and the ones it has finished go as REQUEST_NULL; a Waitany or Waitsome left with none is made as a
         * Testany or Testsome, which return at once (as MPI's Waitany and Waitsome would), so the proxy makes as
         * many calls as the program.
         */
        private final Set<Request> finished = Collections.newSetFromMap(new IdentityHashMap<>());
        private final Map<Integer, Request[]> lastHeld = new HashMap<>();
        private final int thread;
        private int gap;
        private Buffer packed;
        private int packedCapacity;
        private boolean unpacking;

        /** The number of this thread's call being made, its next entry in {@code taken[thread]} and in {@code waits[thread]}. */
        private int call, nextTurn, nextWait;

        Calls(int thread) {
            this.thread = thread;
            // Thread 0's first call, MPI.Init, main made before anything else.
            if (thread == 0 && taken != null && initMadeFirst) {
                try {
                    turn();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                turned();
            }
        }

        /** Before each call (a proxy whose trace kept turns): waits for the call's turn where it takes one. */
        void turn() throws InterruptedException {
            Taken[] mine = taken[thread];
            if (nextTurn < mine.length && mine[nextTurn].call == call) mine[nextTurn].turns.take(mine[nextTurn].turn);
        }

        /** After each call. */
        void turned() {
            Taken[] mine = taken[thread];
            if (nextTurn < mine.length && mine[nextTurn].call == call) {
                mine[nextTurn].turns.returned(mine[nextTurn].turn);
                nextTurn++;
            }
            call++;
        }

        /** An array of at least {@code n} elements of {@code t} to send from. */
        Object send(Datatype t, long n) throws MPIException {
            return buffer(send, t, n);
        }

        /** An array of at least {@code n} elements of {@code t} to receive into (never one a send reads). */
        Object recv(Datatype t, long n) throws MPIException {
            return buffer(receive, t, n);
        }

        /** A request made under the trace's id {@code id}. */
        Request req(int id, Request r) {
            requests.put(id, r);
            return r;
        }

        /** The request made last under {@code id}; REQUEST_NULL for the trace's -2, null for -3 (no request in that slot). */
        Request request(int id) {
            if (id == -2) return MPI.REQUEST_NULL;
            if (id == -3) return null;
            Request r = requests.get(id);
            if (r == null) throw new IllegalStateException("request " + id + " was not made on rank " + rank);
            return r;
        }

        Request[] requests(int... ids) {
            Request[] a = new Request[ids.length];
            for (int i = 0; i < ids.length; i++) a[i] = request(ids[i]);
            return a;
        }

        void start(int id) throws MPIException {
            Request r = request(id);
            ((Prequest) r).Start();
            finished.remove(r);
        }

        void startall(int... ids) throws MPIException {
            Prequest[] a = new Prequest[ids.length];
            for (int i = 0; i < ids.length; i++) a[i] = (Prequest) request(ids[i]);
            Prequest.Startall(a);
            for (Prequest p : a) finished.remove(p);
        }

        void waitany(int site, int... ids) throws MPIException {
            Request[] a = asHeld(site, ids);
            done(a, unfinished(a) ? Request.Waitany(a) : Request.Testany(a));
        }

        void testany(int site, int... ids) throws MPIException {
            Request[] a = asHeld(site, ids);
            done(a, Request.Testany(a));
        }

        void waitsome(int site, int... ids) throws MPIException {
            Request[] a = asHeld(site, ids);
            Status[] done = unfinished(a) ? Request.Waitsome(a) : Request.Testsome(a);
            if (done != null) for (Status s : done) done(a, s);
        }

        void testsome(int site, int... ids) throws MPIException {
            Request[] a = asHeld(site, ids);
            Status[] done = Request.Testsome(a);
            if (done != null) for (Status s : done) done(a, s);
        }

        /** The requests of {@code ids} as the proxy holds the site's array (above). */
        private Request[] asHeld(int site, int... ids) {
            Request[] a = requests(ids);
            Request[] last = lastHeld.get(site);
            if (last == null || last.length != a.length) lastHeld.put(site, last = new Request[a.length]);
            for (int i = 0; i < a.length; i++) {
                Request r = a[i];
                if (r == MPI.REQUEST_NULL && last[i] != null && !finished.contains(last[i])) r = last[i];
                if (r == null || r == MPI.REQUEST_NULL) continue;
                last[i] = r;
                a[i] = finished.contains(r) ? MPI.REQUEST_NULL : r;
            }
            return a;
        }

        /** Whether {@code a} has a request left to complete: MPJ's Waitany and Waitsome wait forever without (Testany and Testsome return). */
        private static boolean unfinished(Request[] a) {
            for (Request r : a) if (r != null && r != MPI.REQUEST_NULL) return true;
            return false;
        }

        private void done(Request[] a, Status s) {
            if (s != null && s.index >= 0 && s.index < a.length && a[s.index] != MPI.REQUEST_NULL) finished.add(a[s.index]);
        }

        /** The buffer a Pack at {@code position} writes into, of the program's {@code capacity} bytes. */
        Buffer toPack(int capacity, int position) {
            if (packed == null || unpacking || position == 0 || packedCapacity < capacity) {
                packedCapacity = Math.max(1, capacity);
                packed = new Buffer(packedCapacity);
                unpacking = false;
            }
            return packed;
        }

        /** What the Packs before it filled, for an Unpack. */
        Buffer toUnpack() throws Exception {
            if (packed == null) throw new IllegalStateException("Unpack with nothing packed before it");
            if (!unpacking) {
                packed.commit();
                unpacking = true;
            }
            return packed;
        }

        /**
         * The computation the trace recorded before this thread's next call ({@code --compute exact}); where the
         * thread waited there for others' end, the wait and then what the trace recorded after it.
         */
        void compute() throws InterruptedException {
            long[] mine = gaps[thread];
            if (gap >= mine.length) return;
            long nanos = mine[gap];
            Wait[] own = waits == null || thread >= waits.length ? null : waits[thread];
            if (own != null && nextWait < own.length && own[nextWait].gap == gap) {
                Wait w = own[nextWait++];
                for (int other : w.others) ended[other].await();
                nanos = Math.min(nanos, w.after);
            }
            gap++;
            ProxyKit.compute(nanos);
        }
    }

    private static Object buffer(Object[] cache, Datatype type, long elements) throws MPIException {
        int base = type.getType();
        long length = Math.max(1, elements * Math.max(1, type.Size()));
        int slot = base >= 0 && base < cache.length ? base : 0;
        Object have = cache[slot];
        if (have != null && java.lang.reflect.Array.getLength(have) >= length) return have;
        Object made = allocate(base, Math.toIntExact(length));
        cache[slot] = made;
        return made;
    }

    private static Object allocate(int base, int n) {
        if (base == MPI.BYTE.getType()) return new byte[n];
        if (base == MPI.CHAR.getType()) return new char[n];
        if (base == MPI.SHORT.getType()) return new short[n];
        if (base == MPI.BOOLEAN.getType()) return new boolean[n];
        if (base == MPI.INT.getType()) return new int[n];
        if (base == MPI.LONG.getType()) return new long[n];
        if (base == MPI.FLOAT.getType()) return new float[n];
        if (base == MPI.DOUBLE.getType()) return new double[n];
        Object[] objects = new Object[n];
        java.util.Arrays.fill(objects, Integer.valueOf(0));
        return objects;
    }

    /**
     * Computes for {@code nanos}: a busy wait on System.nanoTime, not a sleep, whose wake-up comes tens
     * of microseconds late. The wait ends {@code nanoTimeCost} early, what reading the clock costs, so
     * that many short computations do not each run a clock read long. The part not on a core
     * ({@link #tracedCores}) is slept first when it is at least {@link #MIN_SLEEP_NANOS}, and at least the
     * last {@link #WAKE_MARGIN_NANOS} spun, so that a late wake-up only shortens the spin.
     */
    static void compute(long nanos) {
        if (nanos <= nanoTimeCost) return;
        long end = System.nanoTime() + nanos - nanoTimeCost;
        long asleep = cpuShare == 1 ? 0 : (long) (nanos * (1 - cpuShare));
        if (asleep >= MIN_SLEEP_NANOS) {
            long wake = end - Math.max(nanos - asleep, WAKE_MARGIN_NANOS);
            for (long left; (left = wake - System.nanoTime()) > 0; ) LockSupport.parkNanos(left);
        }
        while (System.nanoTime() < end) Thread.onSpinWait();
    }

    /** The shortest part of a computation worth sleeping: a park wakes 50-60 us late, later on busy cores. */
    private static final long MIN_SLEEP_NANOS = 1_000_000;
    /** The least a computation spins after its sleep. */
    private static final long WAKE_MARGIN_NANOS = 100_000;

    /** What one System.nanoTime call costs here, measured once per rank. */
    private static final long nanoTimeCost = calibrate();

    private static long calibrate() {
        long best = Long.MAX_VALUE;
        for (int round = 0; round < 5; round++) {
            long start = System.nanoTime(), t = start;
            for (int i = 0; i < 1000; i++) t = System.nanoTime();
            best = Math.min(best, (t - start) / 1000);
        }
        return best;
    }

    /** One rank's entry of a file mpjtrace proxy wrote beside the proxy, read whole; {@code mine}: this rank's. */
    private interface RankEntry<T> {
        T read(DataInputStream in, boolean mine) throws IOException;
    }

    /**
     * This rank's entry of {@code resource} (on the class path, beside the proxy), whose entries come rank after
     * rank, each number an unsigned LEB128 varlong: every entry before it is read through and dropped.
     */
    private static <T> T ownEntry(String proxy, String resource, RankEntry<T> entry) {
        try (InputStream raw = ProxyKit.class.getResourceAsStream(resource)) {
            if (raw == null) throw new IllegalStateException(proxy + ": " + resource + " is not on the class path");
            DataInputStream in = new DataInputStream(new java.io.BufferedInputStream(raw));
            for (int r = 0; ; r++) {
                T read = entry.read(in, r == rank);
                if (r == rank) return read;
            }
        } catch (IOException e) {
            throw new IllegalStateException(proxy + ": " + resource + " could not be read (" + e + ")");
        }
    }

    /** This rank's threads' gaps ({@code NAME.gaps}): per rank its number of threads, then per thread the number of gaps and the gaps. */
    private static long[][] readGaps(String proxy, String resource, int threads) {
        return ownEntry(proxy, resource, (in, own) -> {
            int rankThreads = Math.toIntExact(varlong(in));
            long[][] mine = new long[Math.max(threads, rankThreads)][0];
            for (int t = 0; t < rankThreads; t++) {
                int n = Math.toIntExact(varlong(in));
                long[] g = own ? new long[n] : null;
                for (int i = 0; i < n; i++) {
                    long v = varlong(in);
                    if (g != null) g[i] = v;
                }
                if (g != null) mine[t] = g;
            }
            return mine;
        });
    }

    /** This rank's turns ({@code NAME.turns}: mpjtrace's TurnOrder.numbers, rank after rank). */
    private static Taken[][] readTurns(String proxy, String resource, int threads) {
        return ownEntry(proxy, resource, (in, own) -> {
            int comms = Math.toIntExact(varlong(in));
            boolean initFirst = comms > 0 && varlong(in) == 1;
            Turns[] turns = new Turns[comms];
            for (int k = 0; k < comms; k++) {
                int n = Math.toIntExact(varlong(in));
                long[] enter = new long[n], exit = new long[n];
                for (int i = 0; i < n; i++) {
                    enter[i] = (i == 0 ? 0 : enter[i - 1]) + varlong(in);
                    exit[i] = enter[i] + varlong(in);
                }
                turns[k] = new Turns(enter, exit);
            }
            Taken[][] mine = new Taken[threads][0];
            int rankThreads = comms == 0 ? 0 : Math.toIntExact(varlong(in));
            for (int t = 0; t < rankThreads; t++) {
                Taken[] thread = new Taken[Math.toIntExact(varlong(in))];
                for (int i = 0, call = 0; i < thread.length; i++) {
                    call += Math.toIntExact(varlong(in));
                    Turns on = turns[Math.toIntExact(varlong(in))];
                    thread[i] = new Taken(call, on, Math.toIntExact(varlong(in)));
                }
                if (t < threads) mine[t] = thread;
            }
            if (own) initMadeFirst = initFirst;
            return mine;
        });
    }

    /**
     * This rank's waits ({@code NAME.ends}: mpjtrace's ThreadEnds.numbers, rank after rank): its number of threads
     * (0 for a rank with none), then per thread its number of waits and per wait its computation's number (after
     * the previous wait's), how many threads it waits for and which, and the ns it computes after. A wait for
     * thread 0 (main, whose end comes after every other thread's in a proxy) is left out.
     */
    private static Wait[][] readEnds(String proxy, String resource, int threads) {
        return ownEntry(proxy, resource, (in, own) -> {
            int rankThreads = Math.toIntExact(varlong(in));
            Wait[][] mine = new Wait[threads][0];
            for (int t = 0; t < rankThreads; t++) {
                java.util.List<Wait> thread = new java.util.ArrayList<>();
                int n = Math.toIntExact(varlong(in));
                for (int i = 0, gap = 0; i < n; i++) {
                    gap += Math.toIntExact(varlong(in));
                    int[] others = new int[Math.toIntExact(varlong(in))];
                    int kept = 0;
                    for (int k = 0; k < others.length; k++) {
                        int other = Math.toIntExact(varlong(in));
                        if (other > 0 && other < threads) others[kept++] = other;
                    }
                    long after = varlong(in);
                    if (kept > 0) thread.add(new Wait(gap, java.util.Arrays.copyOf(others, kept), after));
                }
                if (t < threads) mine[t] = thread.toArray(new Wait[0]);
            }
            return mine;
        });
    }

    private static long varlong(DataInputStream in) throws IOException {
        long v = 0;
        for (int shift = 0; ; shift += 7) {
            int b = in.read();
            if (b < 0) throw new EOFException();
            v |= (long) (b & 0x7f) << shift;
            if (b < 0x80) return v;
        }
    }
}
