package org.mpjtrace.cli.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpjtrace.cli.Main;
import org.mpjtrace.trace.CallPath;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.global.GlobalEvent;
import org.mpjtrace.trace.global.GlobalNode;
import org.mpjtrace.trace.global.GlobalTrace;
import org.mpjtrace.trace.io.GlobalCodec;
import org.mpjtrace.trace.io.TraceReader;
import org.mpjtrace.trace.io.frame.Layout;
import picocli.CommandLine;

/**
 * Issue 29, item 1, on a real trace: a clustered trace with calling context whose global trace's
 * first event is given a stack signature past its call-path table. The reader used to take it, and
 * stats then died with an IllegalArgumentException's stack trace (rebuilding the dump to measure it,
 * the writer refused the table); now the reader refuses it in one line and stats exits 2.
 */
class GlobalStackSignatureTest {
    private static final int GLOBAL = 7;

    @TempDir
    Path dir;

    @Test
    void statsRefusesInOneLineATraceWhoseGlobalStackSignatureIsMissingFromItsCallPathTable() throws Exception {
        // A clustered trace with calling context of the current format, whose GLOBAL section the test replaces with one of that format.
        Path real = null;
        for (Path p : Corpus.traces())
            if (p.getFileName().toString().contains("chameleon-ctx") && ByteBuffer.wrap(Files.readAllBytes(p)).getInt(8) == Layout.VERSION) real = p;
        assertNotNull(real, "a chameleon trace with calling context of format " + Layout.VERSION + " in the fuzz corpus");
        TraceFile trace = TraceReader.read(real);
        assertFalse(trace.callPaths().isEmpty(), "the real trace has a call-path table");
        long missing = 1 + trace.callPaths().stream().mapToLong(CallPath::signature).max().orElseThrow();
        Path bad = dir.resolve("bad.mpjt");
        Files.write(bad, withGlobal(Files.readAllBytes(real), firstStackReplaced(trace.global(), missing)));

        StringWriter out = new StringWriter(), err = new StringWriter();
        CommandLine cl = Main.newCommandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute("stats", bad.toString());

        assertEquals(2, code, err.toString());
        assertEquals(1, err.toString().lines().count(), err.toString());
        assertTrue(err.toString().contains(bad + ": corrupt section "), err.toString());
        assertTrue(err.toString().contains("(GLOBAL) at offset "), err.toString());
        assertTrue(err.toString().contains("global trace event has stack signature 0x" + Long.toHexString(missing)
                + ", missing from the call-path table"), err.toString());
    }

    private static GlobalTrace firstStackReplaced(GlobalTrace g, long stack) {
        List<GlobalNode> nodes = new ArrayList<>(g.nodes());
        GlobalEvent e = (GlobalEvent) nodes.get(0);
        nodes.set(0, new GlobalEvent(e.op(), e.thread(), e.site(), stack, e.ranks(), e.fields(), e.compute(), e.inside()));
        return new GlobalTrace(nodes, g.ranks(), g.mergeNanos());
    }

    /**
     * The file with its GLOBAL section replaced by one holding {@code global}, framed and checksummed as the writer would
     * (in the current format version: the file must be of it).
     */
    private static byte[] withGlobal(byte[] file, GlobalTrace global) {
        byte[] message = GlobalCodec.encode(global); // its preamble, then exactly one GLOBAL section
        byte[] section = Arrays.copyOfRange(message, Layout.PREAMBLE_BYTES, message.length);
        TraceBytes t = TraceBytes.parse(file);
        byte[] body = Arrays.copyOfRange(section, Layout.SECTION_HEADER_BYTES, section.length);
        for (int i = 0; i < t.sections.size(); i++)
            if (t.sections.get(i).kind() == GLOBAL) t.sections.set(i, new TraceBytes.Section(GLOBAL, body));
        return t.join();
    }
}
