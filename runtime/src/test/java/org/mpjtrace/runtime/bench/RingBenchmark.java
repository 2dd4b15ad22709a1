package org.mpjtrace.runtime.bench;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.agrona.concurrent.MessageHandler;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.RingBuffer;
import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;
import org.jctools.queues.SpscArrayQueue;
import org.mpjtrace.runtime.recording.EventRing;
import org.mpjtrace.runtime.sink.RecordSink;
import org.mpjtrace.trace.Event;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * EventRing against the libraries it could be replaced by (issue 32 item 9): the producer's cost of one
 * record of {@link Event#WORDS} longs, with a consumer thread draining concurrently and reading every
 * word. Each ring holds at least 16384 records (the default ring size); a producer that finds its ring
 * full waits as EventRing does (200 spins, then 20 us parks); the consumer drains all it finds, then
 * pauses 50 us.
 * <ul>
 *   <li>{@code eventRing}: ours, the record written in place into the ring's long[];
 *   <li>{@code jctoolsAllocating}: JCTools' SpscArrayQueue of long[] records, a new one per event;
 *   <li>{@code jctoolsPooled}: the same queue with records taken from a pool, which the consumer refills
 *       through a second SpscArrayQueue (what a user must do for no allocation: two queue operations per
 *       record);
 *   <li>{@code agrona}: Agrona's OneToOneRingBuffer over a direct UnsafeBuffer, the 96-byte record
 *       written in place after tryClaim (its 8-byte message header makes a slot 104 bytes).
 * </ul>
 * Run: {@code BENCH='RingBenchmark' bench/probe-jmh.sh}; figures in docs/benchmarks.md.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
public class RingBenchmark {
    static final int RECORDS = 16384;
    static final int SPINS_BEFORE_PARK = 200;
    /**
     * The consumer's pause after each pass. Like the fold thread, which pauses between passes (50 us to
     * 10 ms), it does not spin: on two cores a spinning consumer takes the producer's core, and the
     * figures then swing with the scheduler. A pass at this pace takes ~2,500 records at 20 ns each, well
     * under a ring's 16384.
     */
    static final long PAUSE_NANOS = 50_000;

    /** A consumer thread that calls drain() until stopped, pausing after each pass. */
    abstract static class Drained {
        private volatile boolean running;
        private Thread consumer;
        /** Sum of every word read, so the consumer's reads are not dead code. */
        long consumed;

        abstract int drain();

        /** Reads a record's words, as the fold thread would. */
        void consume(long[] w, int base) {
            long s = 0;
            for (int i = 0; i < Event.WORDS; i++) s += w[base + i];
            consumed += s;
        }

        void start() {
            running = true;
            consumer = new Thread(() -> {
                while (running) {
                    drain();
                    LockSupport.parkNanos(PAUSE_NANOS);
                }
            }, "ring-bench-consumer");
            consumer.setDaemon(true);
            consumer.start();
        }

        void stop() throws InterruptedException {
            running = false;
            consumer.join();
        }

        static void backOff(int spins) {
            if (spins < SPINS_BEFORE_PARK) Thread.onSpinWait();
            else LockSupport.parkNanos(20_000);
        }
    }

    @State(Scope.Thread)
    public static class Ours extends Drained implements RecordSink {
        EventRing ring;
        long seq;

        @Setup(Level.Trial)
        public void setUp() {
            ring = new EventRing(RECORDS);
            start();
        }

        @TearDown(Level.Trial)
        public void tearDown() throws InterruptedException {
            stop();
        }

        @Override
        int drain() {
            return ring.drainTo(this);
        }

        @Override
        public void append(long[] w, int base) {
            consume(w, base);
        }
    }

    @State(Scope.Thread)
    public static class JctoolsAllocating extends Drained {
        final SpscArrayQueue<long[]> queue = new SpscArrayQueue<>(RECORDS);
        long seq;

        @Setup(Level.Trial)
        public void setUp() {
            start();
        }

        @TearDown(Level.Trial)
        public void tearDown() throws InterruptedException {
            stop();
        }

        @Override
        int drain() {
            int n = 0;
            long[] r;
            while ((r = queue.poll()) != null) {
                consume(r, 0);
                n++;
            }
            return n;
        }
    }

    @State(Scope.Thread)
    public static class JctoolsPooled extends Drained {
        final SpscArrayQueue<long[]> queue = new SpscArrayQueue<>(RECORDS);
        /** Free records, returned by the consumer. */
        final SpscArrayQueue<long[]> free = new SpscArrayQueue<>(RECORDS);
        long seq;

        @Setup(Level.Trial)
        public void setUp() {
            for (int i = 0; i < RECORDS; i++) free.offer(new long[Event.WORDS]);
            start();
        }

        @TearDown(Level.Trial)
        public void tearDown() throws InterruptedException {
            stop();
        }

        @Override
        int drain() {
            int n = 0;
            long[] r;
            while ((r = queue.poll()) != null) {
                consume(r, 0);
                free.offer(r);
                n++;
            }
            return n;
        }
    }

    @State(Scope.Thread)
    public static class Agrona extends Drained implements MessageHandler {
        static final int RECORD_BYTES = Event.WORDS * Long.BYTES;
        /** Slots are 8-byte header + 96 bytes: 2 MiB holds 20,164 records, the first power of two over 16384. */
        final RingBuffer ring = new OneToOneRingBuffer(new UnsafeBuffer(
                ByteBuffer.allocateDirect((1 << 21) + RingBufferDescriptor.TRAILER_LENGTH)));
        final UnsafeBuffer buffer = (UnsafeBuffer) ring.buffer();
        long seq;

        @Setup(Level.Trial)
        public void setUp() {
            start();
        }

        @TearDown(Level.Trial)
        public void tearDown() throws InterruptedException {
            stop();
        }

        @Override
        int drain() {
            return ring.read(this);
        }

        @Override
        public void onMessage(int msgTypeId, org.agrona.MutableDirectBuffer b, int index, int length) {
            long s = 0;
            for (int i = 0; i < Event.WORDS; i++) s += b.getLong(index + i * Long.BYTES);
            consumed += s;
        }
    }

    @Benchmark
    public void eventRing(Ours s) {
        EventRing ring = s.ring;
        int base = ring.claim();
        long[] b = ring.buffer;
        long v = s.seq++;
        for (int i = 0; i < Event.WORDS; i++) b[base + i] = v + i;
        ring.publish();
    }

    @Benchmark
    public void jctoolsAllocating(JctoolsAllocating s) {
        long[] r = new long[Event.WORDS];
        long v = s.seq++;
        for (int i = 0; i < Event.WORDS; i++) r[i] = v + i;
        for (int spins = 0; !s.queue.offer(r); spins++) Drained.backOff(spins);
    }

    @Benchmark
    public void jctoolsPooled(JctoolsPooled s) {
        long[] r;
        for (int spins = 0; (r = s.free.poll()) == null; spins++) Drained.backOff(spins);
        long v = s.seq++;
        for (int i = 0; i < Event.WORDS; i++) r[i] = v + i;
        s.queue.offer(r); // cannot fail: the queue holds as many records as the pool
    }

    /** Agrona 2 reaches jdk.internal.misc.Unsafe, which java.base exports only on request. */
    @Benchmark
    @Fork(value = 1, jvmArgsAppend = "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED")
    public void agrona(Agrona s) {
        int index;
        for (int spins = 0; (index = s.ring.tryClaim(1, Agrona.RECORD_BYTES)) < 0; spins++) Drained.backOff(spins);
        UnsafeBuffer b = s.buffer;
        long v = s.seq++;
        for (int i = 0; i < Event.WORDS; i++) b.putLong(index + i * Long.BYTES, v + i);
        s.ring.commit(index);
    }
}
