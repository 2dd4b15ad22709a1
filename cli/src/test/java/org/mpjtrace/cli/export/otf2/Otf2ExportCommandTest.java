package org.mpjtrace.cli.export.otf2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpjtrace.cli.Cli;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.io.TraceReader;

/** {@code mpjtrace export FILE --format otf2 -o DIR} on a real trace whose ranks have two threads each. */
class Otf2ExportCommandTest {
    @TempDir
    Path dir;

    private static Path threadsTrace() throws Exception {
        return Path.of(Otf2ExportCommandTest.class.getClassLoader().getResource("fuzz/corpus/threads-full-keepdump.mpjt").toURI());
    }

    @Test
    void theCommandWritesAnArchiveWithALocationPerRankAndThread() throws Exception {
        Path out = dir.resolve("threads-otf2");
        Cli r = Cli.run("export", threadsTrace().toString(), "--format", "otf2", "-o", out.toString());
        assertEquals(0, r.code, r.err);
        assertTrue(r.err.startsWith("mpjtrace: wrote " + out + " (OTF2 archive: open " + out.resolve("traces.otf2")), r.err);
        TraceFile trace = TraceReader.read(threadsTrace());
        Map<Long, Map<String, Integer>> read = Otf2Print.counts(Otf2Print.events(out));
        assertEquals(ExpectedRecords.of(trace), read);
        assertEquals(2 * trace.meta().worldSize(), read.size(), "two threads per rank, a location each");
    }

    @Test
    void anUnknownFormatAndExpandWithOtf2AreRefusedInOneLineLeavingNothing() throws Exception {
        Path out = dir.resolve("x");
        Cli unknown = Cli.run("export", threadsTrace().toString(), "--format", "vtf", "-o", out.toString());
        assertEquals(2, unknown.code);
        assertEquals("mpjtrace: unknown --format vtf (export writes chrome, otf2 or paraver)", unknown.err.strip());
        Cli expand = Cli.run("export", threadsTrace().toString(), "--format", "otf2", "--expand", "-o", out.toString());
        assertEquals(2, expand.code);
        assertEquals("mpjtrace: --expand applies to --format chrome and paraver only", expand.err.strip());
        assertFalse(Files.exists(out));
    }
}
