package org.mpjtrace.runtime.recording;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;
import org.mpjtrace.runtime.sink.RecordSink;
import org.mpjtrace.trace.Event;

// Padding classes keep the producer's and the consumer's index on cache lines of their own: the JVM
// lays out superclass fields before subclass fields, so 64+ bytes of longs separate head from tail.
abstract class RingPadHead { long p00, p01, p02, p03, p04, p05, p06, p07; }

abstract class RingHead extends RingPadHead { volatile long head; }

abstract class RingPadTail extends RingHead { long p10, p11, p12, p13, p14, p15, p16, p17; }

abstract class RingTail extends RingPadTail { volatile long tail; }

abstract class RingPadEnd extends RingTail { long p20, p21, p22, p23, p24, p25, p26, p27; }

/**
 * A single-producer single-consumer ring of fixed-size event records ({@link Event#WORDS} longs each).
 * The producer is the one application thread that owns the ring; the consumer is the fold thread.
 *
 * <p>The producer claims a slot, writes the record's words straight into {@link #buffer} and publishes
 * it with a release store of {@code head}; the consumer reads {@code head} with acquire, copies the
 * records and frees them with a release store of {@code tail}. A full ring makes the producer wake the
 * consumer and wait for it (records are never dropped); waits are counted.
 *
 * <p>Why not JCTools or Agrona: a producer's record costs 13-15 ns here with the consumer draining
 * concurrently and allocates nothing (RingBenchmark, measured 2026-11-26 on 2 shared cores, see
 * docs/benchmarks.md). JCTools 4.0.5's SpscArrayQueue is as fast (14 ns) only with a new long[] per event,
 * 112 B per call on the application's thread, which the hot path must not allocate; with records pooled
 * and handed back through a second queue it costs 18-20 ns. Agrona 2.6.0's OneToOneRingBuffer, the
 * 96-byte record written in place, costs 42-60 ns with its default bounds checks (20 ns without), needs
 * {@code --add-exports java.base/jdk.internal.misc=ALL-UNNAMED} on every traced JVM, and would hand
 * the sinks a DirectBuffer instead of the long[] they read.
 */
public final class EventRing extends RingPadEnd {
    private static final VarHandle HEAD;
    private static final VarHandle TAIL;
    /** Spins before a waiting producer starts to park: the fold thread usually frees space at once. */
    private static final int SPINS_BEFORE_PARK = 200;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            HEAD = lookup.findVarHandle(RingHead.class, "head", long.class);
            TAIL = lookup.findVarHandle(RingTail.class, "tail", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Records laid end to end; slot i starts at i * Event.WORDS. */
    public final long[] buffer;
    private final int capacity;
    private final int mask;
    /** Wakes the consumer when the ring is full (it may be pausing between passes). */
    private final Runnable wakeConsumer;

    // Producer-only state (the consumer never reads these while the ring is live).
    private long producerHead;
    private long cachedTail;
    private long waits;
    private long waitNanos;

    /** A ring whose consumer polls it without being woken (tests). */
    public EventRing(int capacity) {
        this(capacity, () -> {});
    }

    /**
     * @param capacity     number of records, a power of two
     * @param wakeConsumer run by the producer when it finds the ring full, before it waits
     */
    public EventRing(int capacity, Runnable wakeConsumer) {
        if (capacity < 2 || Integer.bitCount(capacity) != 1)
            throw new IllegalArgumentException("ring capacity must be a power of two >= 2: " + capacity);
        this.capacity = capacity;
        this.mask = capacity - 1;
        this.buffer = new long[capacity * Event.WORDS];
        this.wakeConsumer = wakeConsumer;
    }

    /** Producer: the offset in {@link #buffer} of the next free slot, waiting while the ring is full. */
    public int claim() {
        if (producerHead - cachedTail >= capacity) {
            cachedTail = (long) TAIL.getAcquire(this);
            if (producerHead - cachedTail >= capacity) waitForSpace();
        }
        return (int) (producerHead & mask) * Event.WORDS;
    }

    /** Producer: makes the record written at the last claimed slot visible to the consumer. */
    public void publish() {
        HEAD.setRelease(this, ++producerHead);
    }

    private void waitForSpace() {
        long start = System.nanoTime();
        waits++;
        wakeConsumer.run();
        int spins = 0;
        do {
            if (spins++ < SPINS_BEFORE_PARK) Thread.onSpinWait();
            else LockSupport.parkNanos(20_000);
            cachedTail = (long) TAIL.getAcquire(this);
        } while (producerHead - cachedTail >= capacity);
        waitNanos += System.nanoTime() - start;
    }

    /** Consumer: hands every published record to {@code sink} in order, then frees them. */
    public int drainTo(RecordSink sink) {
        long t = (long) TAIL.getOpaque(this);
        long h = (long) HEAD.getAcquire(this);
        for (long i = t; i < h; i++) sink.append(buffer, (int) (i & mask) * Event.WORDS);
        if (h != t) TAIL.setRelease(this, h);
        return (int) (h - t);
    }

    /** True when the consumer has taken every record published so far. */
    /** How many records the producer has published so far (any thread may ask). */
    public long published() {
        return (long) HEAD.getAcquire(this);
    }

    public boolean isDrained() {
        return (long) TAIL.getAcquire(this) == (long) HEAD.getAcquire(this);
    }

    public int capacity() {
        return capacity;
    }

    /** Times the producer found the ring full. Read by the producer's own thread, or after it stopped. */
    public long waits() {
        return waits;
    }

    public long waitNanos() {
        return waitNanos;
    }
}
