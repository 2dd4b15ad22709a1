package org.mpjtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.io.TraceReader;

/** A trace of format version 11, written before the calls' own times (timing=lossless) had a place in a rank's section. */
class FormatElevenTest {
    private static Path file() throws Exception {
        return Path.of(FormatElevenTest.class.getResource("/formats/version11-ring-full-keepdump.mpjt").toURI());
    }

    @Test
    void aVersionElevenTraceReadsWithNoCallsOwnTimesAndDecodesAsBefore() throws Exception {
        assertEquals(11, ByteBuffer.wrap(Files.readAllBytes(file())).getInt(8), "the fixture is of version 11");
        TraceFile t = TraceReader.read(file());
        assertEquals(3, t.ranks().size());
        for (RankTrace r : t.ranks()) {
            assertTrue(r.times().isEmpty(), "rank " + r.rank());
            assertTrue(r.eventCount() > 0, "its dump is kept");
        }
        String header = Cli.output("decode", file().toString(), "--limit", "0");
        assertTrue(header.contains("timing:         histogram"), header);
    }
}
