package org.mpjtrace.trace.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpjtrace.trace.CallPath;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.fold.Field;
import org.mpjtrace.trace.fold.Histogram;
import org.mpjtrace.trace.fold.ValueSeq;
import org.mpjtrace.trace.global.Alternatives;
import org.mpjtrace.trace.global.GlobalEvent;
import org.mpjtrace.trace.global.GlobalNode;
import org.mpjtrace.trace.global.GlobalTrace;
import org.mpjtrace.trace.ranks.RankSet;

/**
 * A global trace's stack signatures against the call-path table (issue 29, item 1): every command that
 * rebuilds ranks from the global trace writes its events with the table, so the writer refuses and the
 * reader reports a signature the table does not explain, as they do for a rank's events.
 */
class GlobalStackRulesTest {
    @TempDir
    Path dir;

    /** Init at site 0 with {@code initStack}, then Finalize at site 4 with its own path's signature, on all ranks. */
    private static GlobalTrace global(long initStack) {
        RankSet all = RankSet.range(0, TraceSamples.WORLD, 1);
        List<GlobalNode> nodes = new ArrayList<>();
        nodes.add(event(Op.INIT, 0, initStack, all));
        nodes.add(event(Op.FINALIZE, 4, 0, all));
        return new GlobalTrace(nodes, all);
    }

    private static GlobalEvent event(Op op, int site, long stack, RankSet ranks) {
        List<Alternatives<ValueSeq>> fields = new ArrayList<>();
        for (int i = 0; i < Field.ALL.length; i++) fields.add(Alternatives.of(ValueSeq.of(-1), ranks));
        Histogram h = Histogram.ofSummary(ranks.size(), 5, 5, 5, new long[] {5, 5, 5, 5, 5});
        return new GlobalEvent(op.code, 0, site, stack, ranks, fields, h, h);
    }

    private static FileForge upToGlobal(GlobalTrace global) {
        return new FileForge().section(SectionKind.META, TraceSamples.meta(TraceSamples.WORLD))
                .section(SectionKind.SITES, new SiteTable(TraceSamples.sites())).section(SectionKind.GLOBAL, global);
    }

    @Test
    void readerRefusesAGlobalEventWhoseSignatureIsMissingFromTheTable() throws Exception {
        byte[] bad = upToGlobal(global(42L)).section(SectionKind.CALL_PATHS, new CallPathTable(TraceSamples.callPaths()))
                .section(SectionKind.END, new EndMark(4)).toByteArray();
        TraceSamples.assertContains(TraceSamples.readFailure(dir.resolve("bad.mpjt"), bad),
                "corrupt section 2 (GLOBAL)", "global trace event has stack signature 0x2a, missing from the call-path table");
    }

    @Test
    void readerRefusesAGlobalEventWhoseSignatureStandsForAnotherSite() throws Exception {
        byte[] bad = upToGlobal(global(-7L)).section(SectionKind.CALL_PATHS, new CallPathTable(TraceSamples.callPaths()))
                .section(SectionKind.END, new EndMark(4)).toByteArray();
        TraceSamples.assertContains(TraceSamples.readFailure(dir.resolve("bad.mpjt"), bad), "corrupt section 2 (GLOBAL)",
                "global trace event names call site 0 but its stack signature 0xfffffffffffffff9 stands for call site 1");
    }

    @Test
    void anEmptyTableExplainsEveryGlobalSignatureAsAPlainTraceDoes() throws Exception {
        byte[] ok = upToGlobal(global(42L)).section(SectionKind.CALL_PATHS, new CallPathTable(List.of()))
                .section(SectionKind.END, new EndMark(4)).toByteArray();
        Path file = dir.resolve("ok.mpjt");
        java.nio.file.Files.write(file, ok);
        assertEquals(global(42L).nodes().size(), TraceReader.read(file).global().nodes().size());
    }

    @Test
    void writerRefusesAGlobalSignatureTheTableDoesNotExplainWhicheverComesFirst() throws Exception {
        try (TraceWriter writer = TraceWriter.create(dir.resolve("a.mpjt"), TraceSamples.meta(TraceSamples.WORLD))) {
            writer.writeGlobal(global(42L));
            String m = assertThrows(IllegalArgumentException.class, () -> writer.writeCallPaths(TraceSamples.callPaths())).getMessage();
            assertEquals("global trace event has stack signature 0x2a, missing from the call-path table", m);
        }
        try (TraceWriter writer = TraceWriter.create(dir.resolve("b.mpjt"), TraceSamples.meta(TraceSamples.WORLD))) {
            writer.writeCallPaths(TraceSamples.callPaths());
            String m = assertThrows(IllegalArgumentException.class, () -> writer.writeGlobal(global(42L))).getMessage();
            assertEquals("global trace event has stack signature 0x2a, missing from the call-path table", m);
        }
    }

    @Test
    void writerRefusesAGlobalSiteOutsideTheTableWhicheverComesFirst() throws Exception {
        try (TraceWriter writer = TraceWriter.create(dir.resolve("c.mpjt"), TraceSamples.meta(TraceSamples.WORLD))) {
            writer.writeGlobal(global(0x1234_5678_9abc_def0L));
            String m = assertThrows(IllegalArgumentException.class, () -> writer.writeSites(TraceSamples.sites().subList(0, 4))).getMessage();
            assertEquals("global trace event names call site 4, the site table has 4", m);
        }
        try (TraceWriter writer = TraceWriter.create(dir.resolve("d.mpjt"), TraceSamples.meta(TraceSamples.WORLD))) {
            writer.writeSites(TraceSamples.sites().subList(0, 4));
            String m = assertThrows(IllegalArgumentException.class, () -> writer.writeGlobal(global(0x1234_5678_9abc_def0L))).getMessage();
            assertEquals("global trace event names call site 4, the site table has 4", m);
        }
    }
}
