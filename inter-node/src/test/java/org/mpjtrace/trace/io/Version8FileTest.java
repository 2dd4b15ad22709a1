package org.mpjtrace.trace.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URISyntaxException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.global.GlobalEvent;
import org.mpjtrace.trace.global.GlobalLoop;
import org.mpjtrace.trace.global.GlobalNode;

/**
 * A real file of format version 8 (Ring, 3 ranks, mode full with its dump kept, written before calls
 * carried their thread) still reads, every call as thread 0, and its END, which did not repeat the
 * version then, is no corruption.
 */
class Version8FileTest {

    private static Path file() throws URISyntaxException {
        return Path.of(Version8FileTest.class.getResource("/formats/version8-ring-full-keepdump.mpjt").toURI());
    }

    private static int globalEvents(java.util.List<GlobalNode> nodes) {
        int n = 0;
        for (GlobalNode g : nodes) {
            if (g instanceof GlobalEvent e) {
                assertEquals(0, e.thread());
                n++;
            } else {
                n += globalEvents(((GlobalLoop) g).body());
            }
        }
        return n;
    }

    @Test
    void aVersion8FileReadsWithEveryCallOnThread0() throws Exception {
        assertEquals(8, ByteBuffer.wrap(Files.readAllBytes(file())).getInt(8));
        TraceFile t = TraceReader.read(file());
        assertEquals(3, t.ranks().size());
        for (RankTrace r : t.ranks()) {
            assertTrue(r.eventCount() > 0);
            for (int i = 0; i < r.eventCount(); i++) assertEquals(0, Event.thread(r.words(), RankTrace.base(i)));
        }
        assertTrue(globalEvents(t.global().nodes()) > 0);
    }
}
