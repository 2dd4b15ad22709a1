package org.mpjtrace.runtime.bench;

import java.util.concurrent.TimeUnit;
import org.mpjtrace.signatures.Mix64;
import org.mpjtrace.runtime.Context;
import org.mpjtrace.runtime.Probe;
import org.mpjtrace.runtime.ProbeBenchSupport;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * What calling context adds to rewritten code: the push and pop around every application call that can
 * reach MPJ, alone, with the entry mark of a method that has exception handlers, and around an MPJ call
 * made in the called method (the common shape: a helper that sends), at stackDepth 3 with five wrapped calls already in progress. And, for comparison, the
 * alternative not taken: asking a StackWalker for the nearest frames at the MPJ call.
 *
 * <p>Run: see docs/benchmarks.md.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ContextBenchmark {
    private static final int N = Event.NONE;
    /** A caller's call site: any id; push does not look it up. */
    private static final int CALLER = ProbeBenchSupport.MPJ_SITES;
    private static final StackWalker WALKER = StackWalker.getInstance();
    private final Object comm = new Object();
    private final Object datatype = new Object();

    @Setup(Level.Trial)
    public void bindRank() {
        ProbeBenchSupport.bindRank(3, 5);
    }

    @Benchmark
    public void pushPop() {
        int d = Context.push(CALLER);
        Context.pop(d);
    }

    /**
     * A wrapped call in a method with exception handlers: the entry's mark (one more ThreadLocal lookup per
     * invocation of such a method, so its handlers can pop back to it), then push and pop.
     */
    @Benchmark
    public int markPushPop() {
        int entry = Context.mark();
        int d = Context.push(CALLER);
        Context.pop(d);
        return entry;
    }

    /** push, then the helper's Send (Probe.now, Probe.record), then pop: six frames deep. */
    @Benchmark
    public void sendInWrappedCall() {
        int d = Context.push(CALLER);
        long t0 = Probe.now();
        Probe.record(1, Op.SEND.code, comm, datatype, 1024, 3, 7, null, N, N, N, null, N, N, null, null, null, null, null, null, t0);
        Context.pop(d);
    }

    /**
     * The rejected way: the class, method and line of the four frames above the probe (the call site
     * and three callers), hashed. Frames are objects made on every walk, and the walk itself is slow.
     */
    @Benchmark
    public long stackWalkerFourFrames() {
        return WALKER.walk(frames -> frames.skip(1).limit(4).mapToLong(f ->
                Mix64.combine(Mix64.combine(Mix64.of(f.getClassName()), Mix64.of(f.getMethodName())), f.getLineNumber()))
                .reduce(0, Mix64::combine));
    }
}
