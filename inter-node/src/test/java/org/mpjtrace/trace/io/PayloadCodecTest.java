package org.mpjtrace.trace.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.RankStats;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.io.frame.Layout;

class PayloadCodecTest {

    private static String failure(byte[] bytes) {
        try {
            PayloadCodec.decode(bytes);
        } catch (TraceFormatException e) {
            return TraceSamples.assertOneLine(e, "payload");
        } catch (Throwable t) {
            throw new AssertionError("not a TraceFormatException: " + t, t);
        }
        return fail("decoded without complaint");
    }

    @Test
    void payloadRoundTrip() throws Exception {
        RankPayload payload = new RankPayload(TraceSamples.rank(1), TraceSamples.sites());
        RankPayload back = PayloadCodec.decode(PayloadCodec.encode(payload));
        TraceSamples.assertSameRankExactly(payload.trace(), back.trace());
        assertEquals(payload.sites(), back.sites());
    }

    @Test
    void emptyTraceOfAFailedRankRoundTrips() throws Exception {
        // What a rank whose tracing broke sends: no events, no sites, why it stopped.
        RankTrace empty = new RankTrace(2, "h", 5, 0, new long[0], List.of(), List.of(), List.of(),
                new RankStats(0, 0, 1, "internal error while collecting the trace"));
        RankPayload back = PayloadCodec.decode(PayloadCodec.encode(new RankPayload(empty, List.of())));
        TraceSamples.assertSameRankExactly(empty, back.trace());
        assertEquals(List.of(), back.sites());
    }

    @Test
    void everyCutAndEveryFlippedByteIsReported() {
        byte[] good = PayloadCodec.encode(new RankPayload(TraceSamples.rank(0), TraceSamples.sites()));
        for (int length = 0; length < good.length; length++) {
            String m = failure(Arrays.copyOf(good, length));
            assertTrue(m.contains("truncated") || m.contains("empty"), "cut at " + length + ": " + m);
        }
        for (int i = 0; i < good.length; i++) {
            byte[] bad = good.clone();
            bad[i] ^= (byte) 0xFF;
            failure(bad);
        }
    }

    @Test
    void malformedPayloads() throws Exception {
        assertEquals("payload: empty payload (0 bytes)", failure(new byte[0]));
        assertEquals("payload: no bytes", failure(null));
        byte[] good = PayloadCodec.encode(new RankPayload(TraceSamples.rank(0), TraceSamples.sites()));
        byte[] version = good.clone();
        ByteBuffer.wrap(version).putInt(8, Layout.VERSION + 1);
        assertTrue(failure(version).contains("unsupported format version " + (Layout.VERSION + 1)));
        assertEquals("payload: corrupt: 1 bytes after the payload, from offset " + good.length,
                failure(Arrays.copyOf(good, good.length + 1)));
        assertEquals("payload: checksum mismatch in section 0 (PAYLOAD) at offset 12", failure(flip(good, 30)));
    }

    @Test
    void aTraceFileIsNotAPayload(@TempDir Path dir) throws Exception {
        byte[] file = Files.readAllBytes(TraceSamples.writeSample(dir.resolve("t.mpjt")));
        assertEquals("payload: not an mpjtrace payload (bad magic)", failure(file));
    }

    @Test
    void eventsMustNameSitesOfTheirOwnTable() {
        RankTrace r0 = TraceSamples.rank(0);
        RankPayload short_ = new RankPayload(r0, TraceSamples.sites().subList(0, 2));
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> PayloadCodec.encode(short_));
        assertTrue(refused.getMessage().contains("names call site 2, the site table has 2"), refused.getMessage());

        // The same payload forged past the encoder's check is reported by the decoder.
        ByteBuffer section = SectionEncoder.encode(TraceKryo.create(), SectionKind.PAYLOAD, short_);
        byte[] bytes = new byte[12 + section.remaining()];
        System.arraycopy(Preamble.bytes(Layout.PAYLOAD_MAGIC), 0, bytes, 0, 12);
        section.get(bytes, 12, section.remaining());
        assertTrue(failure(bytes).startsWith("payload: corrupt section 0 (PAYLOAD) at offset 12: rank 0: event 2 names call site 2"));

        long[] w = r0.words().clone();
        w[Event.W_OP_SITE] = Event.pack(0, 0);
        RankTrace badOp = new RankTrace(0, "h", 0, r0.eventCount(), w, r0.comms(), r0.datatypes(), r0.redops(), r0.stats());
        assertThrows(IllegalArgumentException.class, () -> PayloadCodec.encode(new RankPayload(badOp, TraceSamples.sites())));
    }

    private static byte[] flip(byte[] bytes, int at) {
        byte[] copy = bytes.clone();
        copy[at] ^= 1;
        return copy;
    }
}
