package org.mpjtrace.runtime.bench;

import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.mpjtrace.trace.ranks.VarintAccess;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * inter-node's Varint (unsigned LEB128 over DataOutput/DataInput, as RankSetFormat writes rank sets)
 * against Kryo 5's Output.writeVarInt(v, true) / Input.readVarInt(true), which write the same bytes
 * (issue 32 item 9). About a million values like a rank set's (70% below 128, 25% below 16384, 5% below
 * 2^21), in groups of 7, the numbers of a one-section 2-D set (section count, dimension, start, two
 * counts and strides). Times are per value.
 * <ul>
 *   <li>DataOutput paths (the clustering messages: DataOutputStream over a ByteArrayOutputStream):
 *       {@code oursToDataStream} is what they do; {@code kryoScratchToDataStream} is what Kryo's
 *       varints would need there: a scratch Output per set, then its bytes copied into the stream.
 *       Reading: {@code oursFromDataStream}; {@code kryoFromDataStreamPerSet}, a Kryo Input of a
 *       one-byte buffer over the stream per set (a larger buffer would read past the set, and the
 *       format has no length to bound it).
 *   <li>Kryo paths (trace files, RankSetIo): {@code oursToKryoOutputPerSet} is what RankSetIo does (a
 *       DataOutputStream around the Output per set); {@code kryoOutput} is writeVarInt straight into
 *       it. Reading: {@code oursFromKryoInputPerSet}, {@code kryoInput}.
 * </ul>
 * Run: {@code BENCH='VarintBenchmark' bench/probe-jmh.sh}; figures in docs/benchmarks.md.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
public class VarintBenchmark {
    static final int GROUP = 7;
    static final int SETS = 149_796;
    static final int N = GROUP * SETS; // 1,048,572
    private static final Supplier<String> WHAT = () -> "value";

    int[] values;
    byte[] bytes;
    ByteArrayOutputStream byteStream;
    DataOutputStream dataOut;
    Output output;
    Output scratch;
    ByteArrayInputStream byteIn;
    DataInputStream dataIn;
    Input input;

    @Setup
    public void setUp() throws IOException {
        SplittableRandom random = new SplittableRandom(32_9);
        values = new int[N];
        for (int i = 0; i < N; i++) {
            int p = random.nextInt(100);
            values[i] = p < 70 ? random.nextInt(128) : p < 95 ? random.nextInt(128, 16384) : random.nextInt(16384, 1 << 21);
        }
        byteStream = new ByteArrayOutputStream(N * 5);
        dataOut = new DataOutputStream(byteStream);
        for (int v : values) VarintAccess.write(dataOut, v);
        bytes = byteStream.toByteArray();
        output = new Output(N * 5);
        for (int v : values) output.writeVarInt(v, true);
        if (!Arrays.equals(bytes, Arrays.copyOf(output.getBuffer(), output.position())))
            throw new IllegalStateException("Kryo's varints differ from ours");
        scratch = new Output(GROUP * 5);
        byteIn = new ByteArrayInputStream(bytes);
        dataIn = new DataInputStream(byteIn);
        input = new Input(bytes);
        long expected = Arrays.stream(values).asLongStream().sum();
        if (oursFromDataStream() != expected || kryoFromDataStreamPerSet() != expected || oursFromKryoInputPerSet() != expected
                || kryoInput() != expected)
            throw new IllegalStateException("a decoder read other values");
    }

    // Writing into a DataOutput stream.

    @Benchmark
    @OperationsPerInvocation(N)
    public int oursToDataStream() throws IOException {
        byteStream.reset();
        int[] v = values;
        for (int i = 0; i < N; i++) VarintAccess.write(dataOut, v[i]);
        return byteStream.size();
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public int kryoScratchToDataStream() throws IOException {
        byteStream.reset();
        int[] v = values;
        Output s = scratch;
        for (int i = 0; i < N; i += GROUP) {
            s.setPosition(0);
            for (int j = i; j < i + GROUP; j++) s.writeVarInt(v[j], true);
            dataOut.write(s.getBuffer(), 0, s.position());
        }
        return byteStream.size();
    }

    // Reading from a DataInput stream.

    @Benchmark
    @OperationsPerInvocation(N)
    public long oursFromDataStream() throws IOException {
        byteIn.reset();
        long sum = 0;
        for (int i = 0; i < N; i++) sum += VarintAccess.read(dataIn, WHAT);
        return sum;
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public long kryoFromDataStreamPerSet() {
        byteIn.reset();
        long sum = 0;
        for (int i = 0; i < N; i += GROUP) {
            Input in = new Input(dataIn, 1);
            for (int j = 0; j < GROUP; j++) sum += in.readVarInt(true);
        }
        return sum;
    }

    // Writing into a Kryo Output.

    @Benchmark
    @OperationsPerInvocation(N)
    public int oursToKryoOutputPerSet() throws IOException {
        output.setPosition(0);
        int[] v = values;
        for (int i = 0; i < N; i += GROUP) {
            DataOutputStream data = new DataOutputStream(output);
            for (int j = i; j < i + GROUP; j++) VarintAccess.write(data, v[j]);
            data.flush();
        }
        return output.position();
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public int kryoOutput() {
        output.setPosition(0);
        int[] v = values;
        Output o = output;
        for (int i = 0; i < N; i++) o.writeVarInt(v[i], true);
        return o.position();
    }

    // Reading from a Kryo Input.

    @Benchmark
    @OperationsPerInvocation(N)
    public long oursFromKryoInputPerSet() throws IOException {
        input.setPosition(0);
        long sum = 0;
        for (int i = 0; i < N; i += GROUP) {
            DataInputStream data = new DataInputStream(input);
            for (int j = 0; j < GROUP; j++) sum += VarintAccess.read(data, WHAT);
        }
        return sum;
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public long kryoInput() {
        input.setPosition(0);
        Input in = input;
        long sum = 0;
        for (int i = 0; i < N; i++) sum += in.readVarInt(true);
        return sum;
    }
}
