package org.mpjtrace.runtime.bench;

import java.util.concurrent.TimeUnit;
import org.mpjtrace.runtime.sink.FoldBenchSupport;
import org.mpjtrace.trace.Event;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The fold thread's work per record, off the application's threads but on the same cores: a rank's
 * records, as an interior rank of Stencil2D makes them, appended to the sink of each mode. One
 * invocation folds {@link #STEPS} steps (a marker interval of mode chameleon at callFrequency 10) into a
 * fresh sink, so the loop structure is built and then grown, as between two merges.
 *
 * <p>Run: see docs/benchmarks.md.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class FoldBenchmark {
    static final int STEPS = 100;
    private static final long[] RECORDS = FoldBenchSupport.stencilRecords(STEPS);
    static final int EVENTS = RECORDS.length / Event.WORDS;

    @Param({"full", "full-lossless", "chameleon-recording", "chameleon-non-lead"})
    public String sink;

    private FoldBenchSupport.Sink target;

    @Setup(Level.Invocation)
    public void freshSink() {
        target = switch (sink) {
            case "full" -> FoldBenchSupport.full(5);
            case "full-lossless" -> FoldBenchSupport.fullLossless(5);
            case "chameleon-recording" -> FoldBenchSupport.chameleonRecording(5);
            default -> FoldBenchSupport.chameleonNonLead(5);
        };
    }

    /** Reported per record. */
    @Benchmark
    @OperationsPerInvocation(910)
    public FoldBenchSupport.Sink foldInterval() {
        for (int i = 0; i < EVENTS; i++) target.append(RECORDS, i * Event.WORDS);
        return target;
    }
}
