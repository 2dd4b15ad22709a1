package org.mpjtrace.trace.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.fold.Field;
import org.mpjtrace.trace.fold.Histogram;
import org.mpjtrace.trace.fold.ValueSeq;
import org.mpjtrace.trace.global.Alternatives;
import org.mpjtrace.trace.global.GlobalEvent;
import org.mpjtrace.trace.global.GlobalLoop;
import org.mpjtrace.trace.global.GlobalNode;
import org.mpjtrace.trace.global.GlobalTrace;
import org.mpjtrace.trace.ranks.RankSet;

/**
 * The shape a global trace must have for a rank's calls to be rebuilt from it: values in every
 * sequence, loop counts of at least 1, and loops whose every rank runs something in their body.
 * Without them a rebuild (stats, decode --expand, compare, replay) threw, or spun through empty
 * passes of a loop counted in billions.
 */
class GlobalShapeRulesTest {
    private static final RankSet ALL = RankSet.range(0, TraceSamples.WORLD, 1);

    @TempDir
    Path dir;

    private static GlobalEvent send(RankSet ranks, ValueSeq peers) {
        List<Alternatives<ValueSeq>> fields = new ArrayList<>();
        for (Field f : Field.ALL) fields.add(Alternatives.of(f == Field.PEER ? peers : ValueSeq.of(-1), ranks));
        Histogram h = Histogram.ofSummary(ranks.size(), 5, 5, 5, new long[] {5, 5, 5, 5, 5});
        return new GlobalEvent(Op.SEND.code, 0, 1, -7L, ranks, fields, h, h);
    }

    /** A loop of {@code count} iterations on all ranks round a Send made by {@code bodyRanks}. */
    private static GlobalTrace loop(ValueSeq count, RankSet bodyRanks, ValueSeq peers) {
        List<GlobalNode> body = List.of(send(bodyRanks, peers));
        return new GlobalTrace(List.of(new GlobalLoop(body, Alternatives.of(count, ALL), ALL)), ALL);
    }

    private String readerSays(GlobalTrace global) throws Exception {
        byte[] bytes = new FileForge().section(SectionKind.META, TraceSamples.meta(TraceSamples.WORLD))
                .section(SectionKind.SITES, new SiteTable(TraceSamples.sites())).section(SectionKind.GLOBAL, global)
                .section(SectionKind.END, new EndMark(3)).toByteArray();
        return TraceSamples.readFailure(dir.resolve("bad.mpjt"), bytes);
    }

    private String writerSays(GlobalTrace global) throws Exception {
        try (TraceWriter writer = TraceWriter.create(dir.resolve("w.mpjt"), TraceSamples.meta(TraceSamples.WORLD))) {
            return assertThrows(IllegalArgumentException.class, () -> writer.writeGlobal(global)).getMessage();
        }
    }

    @Test
    void aValueSequenceWithoutValuesIsRefusedByReaderAndWriter() throws Exception {
        GlobalTrace g = loop(ValueSeq.of(3), ALL, new ValueSeq());
        String problem = "global trace node 0.0 field PEER: no values for ranks " + ALL;
        TraceSamples.assertContains(readerSays(g), "corrupt section 2 (GLOBAL)", problem);
        assertEquals(problem, writerSays(g));
    }

    @Test
    void aLoopCountBelowOneIsRefusedByReaderAndWriter() throws Exception {
        ValueSeq counts = ValueSeq.of(4);
        counts.append(0);
        GlobalTrace g = loop(counts, ALL, ValueSeq.of(1));
        String problem = "global trace node 0: loop count 0 for ranks " + ALL;
        TraceSamples.assertContains(readerSays(g), "corrupt section 2 (GLOBAL)", problem);
        assertEquals(problem, writerSays(g));
    }

    @Test
    void aLoopCountRunThatWrapsPastALongIsRefused() throws Exception {
        ValueSeq counts = ValueSeq.ofElements(List.of(new ValueSeq.Run(Long.MAX_VALUE - 1, 1, 3)));
        TraceSamples.assertContains(readerSays(loop(counts, ALL, ValueSeq.of(1))), "global trace node 0: loop count out of range");
    }

    @Test
    void aLoopWithRanksThatRunNothingInItsBodyIsRefusedByReaderAndWriter() throws Exception {
        GlobalTrace g = loop(ValueSeq.of(1L << 40), RankSet.single(1), ValueSeq.of(1));
        String problem = "global trace node 0: loop of ranks " + ALL + " whose body runs on " + RankSet.single(1);
        TraceSamples.assertContains(readerSays(g), "corrupt section 2 (GLOBAL)", problem);
        assertEquals(problem, writerSays(g));
    }
}
