package org.mpjtrace.runtime.recording;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.mpjtrace.runtime.sink.EventStore;
import org.mpjtrace.trace.Event;

class EventRingTest {

    /** Writes record n with every word derived from n, so a torn or reordered record is detected. */
    private static void produce(EventRing ring, long n) {
        int b = ring.claim();
        for (int w = 0; w < Event.WORDS; w++) ring.buffer[b + w] = n * 31 + w;
        ring.publish();
    }

    @Test
    void tinyRingUnderContentionLosesNothingAndKeepsOrder() throws Exception {
        EventRing ring = new EventRing(4); // tiny: the producer waits on almost every record
        long total = 200_000;
        Thread producer = new Thread(() -> {
            for (long n = 0; n < total; n++) produce(ring, n);
        });
        EventStore store = new EventStore();
        producer.start();
        while (producer.isAlive() || !ring.isDrained()) ring.drainTo(store);
        producer.join();
        assertEquals(total, store.events());
        long[] all = store.toArray();
        for (long n = 0; n < total; n++)
            for (int w = 0; w < Event.WORDS; w++)
                assertEquals(n * 31 + w, all[(int) n * Event.WORDS + w], "record " + n + " word " + w);
        assertTrue(ring.waits() > 0, "a 4-record ring must have made the producer wait");
    }

    @Test
    void slowConsumerMakesProducerWaitNeverDrop() throws Exception {
        EventRing ring = new EventRing(64);
        AtomicBoolean done = new AtomicBoolean();
        Thread producer = new Thread(() -> {
            for (long n = 0; n < 10_000; n++) produce(ring, n);
            done.set(true);
        });
        producer.start();
        EventStore store = new EventStore();
        while (!done.get() || !ring.isDrained()) {
            ring.drainTo(store);
            Thread.sleep(0, 500);
        }
        producer.join();
        assertEquals(10_000, store.events());
    }

    @Test
    void capacityMustBeAPowerOfTwo() {
        assertThrows(IllegalArgumentException.class, () -> new EventRing(100));
        assertThrows(IllegalArgumentException.class, () -> new EventRing(1));
    }
}
