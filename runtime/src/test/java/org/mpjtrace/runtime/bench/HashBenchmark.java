package org.mpjtrace.runtime.bench;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import net.jpountz.xxhash.StreamingXXHash64;
import net.jpountz.xxhash.XXHash64;
import net.jpountz.xxhash.XXHashFactory;
import org.mpjtrace.signatures.Mix64;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * signatures' Mix64 against xxHash64 of lz4-java (issue 32 item 9), on what the tracer hashes:
 * <ul>
 *   <li>a running hash combined with one more long (the probe extends a stack signature by each caller's
 *       on every MPJ call, and digests request ids): {@code mix64Combine}; xxHash64 of the long's 8 bytes
 *       (little-endian, into a reused byte[]) seeded with the running hash, by the fastest Java instance
 *       and by the JNI one; and a StreamingXXHash64 updated with the 8 bytes and read;
 *   <li>a call-site string of 14 to 70 chars (43 on average) (each site's key, hashed once when the site is first seen):
 *       {@code mix64OfString}; xxHash64 of the string's UTF-8 bytes from getBytes (a new array each
 *       time), and of its chars written as UTF-16LE into a reused byte[] (no allocation; the same
 *       information Mix64.of hashes), by the Java and the JNI instance.
 * </ul>
 * Run: {@code BENCH='HashBenchmark' bench/probe-jmh.sh}; figures in docs/benchmarks.md.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
public class HashBenchmark {
    private static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long SEED = 0x9E37_79B9_7F4A_7C15L;
    static final String[] SITES = {
        "org.mpjtrace.examples.Stencil2D.exchange:42",
        "mpi.Intracomm.Allreduce#3",
        "org.mpjtrace.examples.ring.TokenRing.passToken:117",
        "com.example.cfd.solver.NavierStokes3D$HaloExchanger.exchangeFaces:1024",
        "mpi.Comm.Isend",
        "org.mpjtrace.examples.NBody.gatherPositions:88",
        "edu.uni.hpc.lbm.LatticeBoltzmann.streamAndCollide:2511#2",
        "org.mpjtrace.examples.Stencil2D.main:17",
    };

    XXHash64 javaHash;
    XXHash64 jniHash;
    StreamingXXHash64 streaming;
    final byte[] scratch8 = new byte[8];
    final byte[] scratchChars = new byte[256];
    long hash = 1;
    long value;
    int site;

    @Setup
    public void setUp() {
        javaHash = XXHashFactory.fastestJavaInstance().hash64();
        jniHash = XXHashFactory.nativeInstance().hash64(); // throws, failing only the JNI benchmarks, if it does not load
        streaming = XXHashFactory.fastestJavaInstance().newStreamingHash64(SEED);
        byte[] probe = new byte[8];
        LONG_LE.set(probe, 0, 42L);
        if (javaHash.hash(probe, 0, 8, SEED) != jniHash.hash(probe, 0, 8, SEED)) throw new IllegalStateException("JNI xxHash64 differs");
    }

    // A running hash and one more long.

    @Benchmark
    public long mix64Combine() {
        return hash = Mix64.combine(hash, value++);
    }

    @Benchmark
    public long xxHash64JavaCombine() {
        LONG_LE.set(scratch8, 0, value++);
        return hash = javaHash.hash(scratch8, 0, 8, hash);
    }

    @Benchmark
    public long xxHash64JniCombine() {
        LONG_LE.set(scratch8, 0, value++);
        return hash = jniHash.hash(scratch8, 0, 8, hash);
    }

    @Benchmark
    public long xxHash64StreamingCombine() {
        LONG_LE.set(scratch8, 0, value++);
        streaming.update(scratch8, 0, 8);
        return streaming.getValue();
    }

    // A call-site string.

    private String nextSite() {
        return SITES[site++ & (SITES.length - 1)];
    }

    @Benchmark
    public long mix64OfString() {
        return Mix64.of(nextSite());
    }

    @Benchmark
    public long xxHash64JavaGetBytes() {
        byte[] b = nextSite().getBytes(StandardCharsets.UTF_8);
        return javaHash.hash(b, 0, b.length, SEED);
    }

    @Benchmark
    public long xxHash64JavaChars() {
        return javaHash.hash(scratchChars, 0, chars(nextSite()), SEED);
    }

    @Benchmark
    public long xxHash64JniChars() {
        return jniHash.hash(scratchChars, 0, chars(nextSite()), SEED);
    }

    /** The string's chars as UTF-16LE into scratchChars; its length in bytes. */
    private int chars(String s) {
        byte[] b = scratchChars;
        int n = s.length();
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            b[2 * i] = (byte) c;
            b[2 * i + 1] = (byte) (c >>> 8);
        }
        return 2 * n;
    }
}
