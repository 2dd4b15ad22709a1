package org.mpjtrace.runtime.bench;

import java.util.concurrent.TimeUnit;
import org.mpjtrace.runtime.Probe;
import org.mpjtrace.runtime.ProbeBenchSupport;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The hot path as rewritten code runs it around an MPJ call: Probe.now() before, Probe.record(...)
 * after (clock read, stack signature, ring claim, record write, publish), with the fold thread draining
 * concurrently. The MPJ call itself is left out: this is the tracer's own cost per call.
 *
 * <p>{@code stackDepth} is the agent key: 0 is the call site alone; 3 folds the nearest three of the
 * {@code frames} wrapped calls the calling thread is inside (pushed once at set-up) into the signature.
 *
 * <p>Run: see docs/benchmarks.md.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ProbeBenchmark {
    private static final int N = Event.NONE;
    private final Object comm = new Object();
    private final Object datatype = new Object();
    private final Object redop = new Object();
    private final Object request = new Object();
    private final Object[] requests = {request};
    private final Object status = new Object();

    @Param({"0", "3"})
    public int stackDepth;

    @Param({"5"})
    public int frames;

    @Setup(Level.Trial)
    public void bindRank() {
        ProbeBenchSupport.bindRank(stackDepth, frames);
    }

    @Benchmark
    public void send() {
        long t0 = Probe.now();
        Probe.record(1, Op.SEND.code, comm, datatype, 1024, 3, 7, null, N, N, N, null, N, N, null, null, null, null, null, null, t0);
    }

    @Benchmark
    public void allreduce() {
        long t0 = Probe.now();
        Probe.record(2, Op.ALLREDUCE.code, comm, datatype, 1, N, N, null, N, N, N, redop, N, N, null, null, null, null, null, null, t0);
    }

    /** Isend then Waitall of it: the request table's add and find-and-forget. */
    @Benchmark
    public void isendWaitall() {
        long t0 = Probe.now();
        Probe.record(3, Op.ISEND.code, comm, datatype, 512, 1, 0, null, N, N, N, null, N, N, null, request, null, null, null, null, t0);
        t0 = Probe.now();
        Probe.record(4, Op.WAITALL.code, null, null, N, N, N, null, N, N, N, null, N, N, requests, null, null, null, null, null, t0);
    }

    /**
     * Recv(ANY_SOURCE): the probe also reads the source and tag the returned Status matched. The bench's
     * stand-in MPJ answers them as constants; MPJ's own are a reflective getInt of two public int fields.
     */
    @Benchmark
    public void recvAnySource() {
        long t0 = Probe.now();
        Probe.record(5, Op.RECV.code, comm, datatype, 1024, -2, 7, null, N, N, N, null, N, N, null, status, null, null, null, null, t0);
    }
}
