package org.mpjtrace.replay;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import mpi.MPI;
import mpi.MPIException;
import org.mpjtrace.cli.ReplayStartLine;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.io.TraceFormatException;
import org.mpjtrace.trace.io.TraceReader;

/**
 * The MPJ program {@code mpjtrace replay} runs: every rank issues the calls the trace holds for it
 * ({@link RankScript}, {@link CallIssuer}) and computes for the computation between them
 * ({@link ComputeClock}), each of its threads' calls on a thread of its own. Rank 0 prints the replay's wall time, from MPI.Init (every rank's script prepared) to MPI.Finalize, on a
 * line starting {@link #WALL_TIME}; the trace is read before MPI.Init so that reading it is not timed. A rank
 * that cannot go on prints one line and aborts the job; a rank that waits in one call for longer than the
 * stall limit ends it too ({@link StallWatch}).
 *
 * <p>Arguments: {@code trace=FILE} (absolute), {@code timing=mean|sample}, {@code seed=N}, {@code stall=SECONDS}
 * (default {@link #DEFAULT_STALL_SECONDS}), {@code keptDump=true} to replay the dump the file kept of its run.
 *
 * <p>This package is not one the tracer leaves alone, so {@code replay --mode} can trace the replay like
 * any program.
 */
public final class ReplayMain {
    /** How every line the replayer prints for mpjtrace begins: its wall time, or why a rank stopped it. */
    public static final String REPORT = "mpjtrace replay: ";
    public static final String WALL_TIME = REPORT + "wall time ";
    /** How a line that tells something of the replay, not a failure, begins. */
    public static final String NOTE = REPORT + "note: ";
    /** How long a rank may wait in one call before the replay is ended as stalled ({@link StallWatch}). */
    public static final int DEFAULT_STALL_SECONDS = 60;
    /** The argument that replays the file's kept dump (keepDump=true) instead of its trace. */
    public static final String KEPT_DUMP = "keptDump";
    /** The argument giving the share of each computation spun ({@link CpuShare}, 1 when absent). */
    public static final String CPU_SHARE = "cpu";
    /** The argument that has each rank rebuild its calls before the clock starts ({@link CallsAhead}; not when absent). */
    public static final String REBUILD_AHEAD = "ahead";

    /** Said when rank 0's threads share a communicator whose calls the trace kept no exact times for ({@link TurnOrder}). */
    public static final String UNTIMED_TURNS = "rank 0's threads share a communicator, and the trace keeps no exact times of their calls: each thread"
            + " replays free, so threads the program made take turns on it (after a join, a latch, as a thread pool's tasks) may meet"
            + " out of turn; a dump or a trace with timing=lossless keeps their turns";

    /** Room for the buffered sends of a program that attached its own buffer (attaching is not traced). */
    private static final int BSEND_BUFFER_BYTES = 8 << 20;

    /** A trace read and found replayable, and whether its ranks need a buffer for buffered sends. */
    private record Loaded(TraceFile trace, boolean buffersSends) {}

    private ReplayMain() {}

    public static void main(String[] argv) throws Exception {
        // The trace is read and checked before MPI.Init, so that the wall time is the replay's alone. MPJ's
        // starter puts its own arguments first; ours are the key=value ones after them.
        Loaded loaded = null;
        Map<String, String> a = keyValues(argv);
        String failure = null;
        try {
            loaded = load(Path.of(required(a, "trace")), Boolean.parseBoolean(a.get(KEPT_DUMP)));
        } catch (RuntimeException | IOException | TraceFormatException e) {
            failure = e instanceof ReplayException ? e.getMessage() : e.toString();
        }
        MPI.Init(argv);
        long start = System.nanoTime();
        int rank = MPI.COMM_WORLD.Rank();
        try {
            if (failure != null) throw new ReplayException(failure);
            TraceFile trace = loaded.trace();
            if (trace.meta().worldSize() != MPI.COMM_WORLD.Size())
                throw new ReplayException("the trace has " + trace.meta().worldSize() + " ranks, the job " + MPI.COMM_WORLD.Size());
            boolean sample = "sample".equals(a.getOrDefault("timing", "mean"));
            long seed = Long.parseLong(a.getOrDefault("seed", "1")) * 1_000_003L + rank;
            if (loaded.buffersSends()) MPI.Buffer_attach(ByteBuffer.allocateDirect(BSEND_BUFFER_BYTES));

            int stall = Integer.parseInt(a.getOrDefault("stall", "" + DEFAULT_STALL_SECONDS));
            // Preparing the rank's script (fitting loop counts, rebuilding its calls) is not the replay: the clock
            // starts after it, when every rank has prepared its own.
            RankScript script = new RankScript(trace, rank);
            // An eighth of the heap for the rebuilt calls of every rank of the JVM (multicore: all of them).
            if (Boolean.parseBoolean(a.get(REBUILD_AHEAD)))
                script.rebuildAhead(Runtime.getRuntime().maxMemory() / 8 / MPI.COMM_WORLD.Size() / CallsAhead.BYTES_PER_CALL);
            int threads = script.threads();
            TurnOrder turns = TurnOrder.of(script);
            ThreadEnds ends = ThreadEnds.of(script);
            if (rank == 0 && turns != null && turns.free() > 0) System.out.println(NOTE + UNTIMED_TURNS);
            Symbols symbols = new Symbols(trace, rank, threads);
            double cpuShare = Double.parseDouble(a.getOrDefault(CPU_SHARE, "1"));
            ReplayStartLine.await();
            start = System.nanoTime();
            // Thread 0 (the one that called MPI.Init) replays on this thread, each other thread of the rank on one of its own.
            Thread[] others = new Thread[threads - 1];
            for (int t = 1; t < threads; t++) {
                int thread = t;
                others[t - 1] = new Thread(() -> {
                    try {
                        playThread(trace, script, symbols, rank, thread, threads, TurnOrder.cursor(turns, thread), ends,
                                new ComputeClock(sample, seed + 7919L * thread, cpuShare), stall, null);
                    } catch (RuntimeException | Error e) {
                        stop(rank, e);
                    }
                }, "mpjtrace-replay-thread-" + t);
                others[t - 1].start();
            }
            ComputeClock clock = new ComputeClock(sample, seed, cpuShare);
            ReplayStatus status = rank == 0 && a.containsKey("progress") ? new ReplayStatus(Path.of(a.get("progress")), MPI.COMM_WORLD.Size()) : null;
            long calls = playThread(trace, script, symbols, rank, 0, threads, TurnOrder.cursor(turns, 0), ends, clock, stall, status);
            for (Thread t : others) t.join();
            double seconds = (System.nanoTime() - start) / 1e9;
            if (rank == 0)
                System.out.printf("%s%.6f s (rank 0: %d calls, %.6f s of them computation%s%s%s%s)%n", WALL_TIME, seconds, calls, clock.totalNanos() / 1e9,
                        cpuShare < 1 ? String.format("; at most %.0f%% of each on a core, the rest slept", 100 * cpuShare) : "",
                        script.rebuiltAhead() ? "; calls rebuilt before the clock" : "",
                        turns == null || turns.kept() == 0 ? "" : "; its threads took their turns on " + turns.kept()
                                + (turns.kept() == 1 ? " communicator" : " communicators") + " as traced",
                        ends == null ? "" : "; " + ends.waits() + (ends.waits() == 1 ? " call" : " calls") + " waited for a thread's end as traced");
        } catch (RuntimeException | Error e) {
            stop(rank, e);
        }
        MPI.Finalize();
    }

    /**
     * Replays one thread of the rank, its computation on {@code clock} (waiting where it waited for another thread's
     * end: {@code ends}); returns how many calls it made.
     */
    private static long playThread(TraceFile trace, RankScript script, Symbols symbols, int rank, int thread, int threads,
                                   TurnOrder.Cursor turns, ThreadEnds ends, ComputeClock clock, int stallSeconds, ReplayStatus status)
            throws MPIException {
        CallIssuer issuer = new CallIssuer(trace, symbols);
        StallWatch.Rank progress = threads == 1 ? StallWatch.watch(rank, stallSeconds) : StallWatch.watch(rank, thread, stallSeconds);
        long calls;
        try {
            calls = playCalls(script, thread, ThreadEnds.of(ends, thread, clock), issuer, turns, progress, status);
        } finally {
            ThreadEnds.ended(ends, thread);
        }
        progress.done();
        return calls;
    }

    private static long playCalls(RankScript script, int thread, Computation clock, CallIssuer issuer, TurnOrder.Cursor turns,
                                  StallWatch.Rank progress, ReplayStatus status) throws MPIException {
        return script.play(thread, clock, (w, b) -> {
            String op = opName(w, b);
            progress.entering(op);
            // Waiting for its turn on a communicator the rank's threads share is part of the call, for the stall watch.
            turns.before();
            try {
                issuer.issue(w, b);
            } catch (ReplayException e) {
                throw e;
            } catch (RuntimeException e) { // MPJ's MPIException among them: say which call failed
                throw new ReplayException(op + " failed: " + e);
            }
            turns.after();
            progress.left();
            if (status != null) status.called();
        });
    }

    /** A rank cannot go on: one line, then the job ends (from whichever of the rank's replay threads failed). */
    private static void stop(int rank, Throwable e) {
        String why = e instanceof ReplayException ? e.getMessage() : e.toString();
        System.err.println(REPORT + "rank " + rank + ": " + why);
        System.err.flush();
        System.out.flush();
        try {
            MPI.COMM_WORLD.Abort(1);
        } finally {
            // MPJ's multicore Abort leaves the other ranks waiting for this one: end the JVM.
            Runtime.getRuntime().halt(1);
        }
    }

    private static String opName(long[] w, int b) {
        Op op = Op.ofCode(Event.opCode(w, b));
        return op == null ? "op " + Event.opCode(w, b) : op.mpjName;
    }

    /**
     * Reads and checks the trace. Every rank reads its own copy: MPJ's multicore device loads each rank's
     * classes (ours too) in a class loader of its own, so ranks of one JVM share no static state of ours.
     */
    private static Loaded load(Path file, boolean keptDump) throws IOException, TraceFormatException {
        TraceFile t = TraceReader.read(file);
        if (keptDump && (t = t.keptDump()) == null) throw new ReplayException(file + " keeps no dump of its run");
        String problem = Replayability.problem(t);
        if (problem != null) throw new ReplayException(problem);
        return new Loaded(t, Replayability.buffersSends(t));
    }

    /** The key=value arguments among MPJ's own (which come first and have no '='). */
    private static Map<String, String> keyValues(String[] args) {
        Map<String, String> m = new HashMap<>();
        for (String s : args) {
            int eq = s.indexOf('=');
            if (eq > 0) m.put(s.substring(0, eq), s.substring(eq + 1));
        }
        return m;
    }

    private static String required(Map<String, String> a, String key) {
        String v = a.get(key);
        if (v == null) throw new ReplayException("missing argument " + key + "=...");
        return v;
    }
}
