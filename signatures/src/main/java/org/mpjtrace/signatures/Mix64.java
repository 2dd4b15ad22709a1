package org.mpjtrace.signatures;

/**
 * 64-bit mixing for signatures and digests. Signatures must be equal across JVMs and runs for equal
 * inputs (niodev ranks compute them independently), so nothing here may depend on identity hashes or
 * on String.hashCode's 32 bits alone.
 *
 * <p>Why not xxHash64 (lz4-java 1.14.0): on the hot path, where the probe combines a signature with one
 * more long, it is no faster: 7.4 ns through the Java instance (the long put into a reused byte[8])
 * against 7.1 ns for {@link #combine}, 27 ns through JNI, 37 ns streaming. It hashes a call-site string
 * 4.5 times faster (64 ns against 292 ns, strings of 14 to 70 chars, 43 on average), but
 * {@link #of(String)} runs once per call site; and a switch would change every stack signature and
 * array digest in the traces already written (CallArrays.consistent recomputes digests on reading).
 * HashBenchmark, measured 2026-11-26 on 2 shared cores; see docs/benchmarks.md.
 */
public final class Mix64 {
    private static final long SEED = 0x9E37_79B9_7F4A_7C15L;

    private Mix64() {}

    /** A strong finaliser (the one of SplitMix64): every input bit affects every output bit. */
    public static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58_476D_1CE4_E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D0_49BB_1331_11EBL;
        return z ^ (z >>> 31);
    }

    /** Order-dependent combination of a running hash with one more value. */
    public static long combine(long hash, long value) {
        return mix(hash * 31 + value + SEED);
    }

    /** Hash of a string's characters, stable across JVMs. */
    public static long of(String s) {
        long h = SEED;
        for (int i = 0; i < s.length(); i++) h = combine(h, s.charAt(i));
        return mix(h ^ s.length());
    }

    /** Hash of an int array's contents (length included), or 0 for null. No allocation. */
    public static long of(int[] a) {
        return a == null ? 0 : of(a, a.length);
    }

    /** Hash of the first {@code n} ints of {@code a}, equal to that of an array of just those. No allocation. */
    public static long of(int[] a, int n) {
        long h = SEED ^ n;
        for (int i = 0; i < n; i++) h = combine(h, a[i]);
        return mix(h);
    }
}
