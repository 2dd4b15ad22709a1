package org.mpjtrace.trace.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.TraceFile;
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
 * Version 20's global trace leaves out what a reader can infer: a node's ranks when they are the ranks of
 * the node around it, a parameter's ranks when one value serves them all, and a parameter equal to the
 * one before it. Traces read back with every node's ranks and every parameter's values as written.
 * Version 21's leaves out a stack that is its site's own where a file is written, SITES before GLOBAL.
 */
class GlobalTraceLayoutTest {
    private static final int WORLD = TraceSamples.WORLD;
    private static final RankSet ALL = RankSet.range(0, WORLD, 1);
    private static final Histogram FIVE = Histogram.ofSummary(4, 5, 5, 5, new long[] {5, 5, 5, 5, 5});

    @TempDir
    Path dir;

    /** An event at {@code site} whose parameters are -1 but for those given. */
    private static GlobalEvent event(Op op, int site, RankSet ranks, Field[] given, List<Alternatives<ValueSeq>> values) {
        List<Alternatives<ValueSeq>> fields = new ArrayList<>();
        for (Field f : Field.ALL) fields.add(Alternatives.of(ValueSeq.of(-1), ranks));
        for (int i = 0; i < given.length; i++) fields.set(given[i].ordinal(), values.get(i));
        return new GlobalEvent(op.code, 0, site, TraceSamples.sites().get(site).stackSignature(), ranks, fields, FIVE, FIVE);
    }

    private static ValueSeq seq(long... values) {
        ValueSeq s = new ValueSeq();
        for (long v : values) s.append(v);
        return s;
    }

    /**
     * Init on all ranks; a loop on all ranks round a Send of ranks 0 and 1 whose peers differ by rank and
     * whose tag equals its peer (a repeated field with two values), and a Recv of all ranks; a Finalize.
     */
    private static GlobalTrace sample() {
        RankSet two = RankSet.of(0, 1), rank2 = RankSet.single(2);
        Alternatives<ValueSeq> peers = Alternatives.of(List.of(new Alternatives.Alternative<>(seq(1, 1, 1), RankSet.single(0)),
                new Alternatives.Alternative<>(seq(2, 2, 3), RankSet.single(1))));
        Alternatives<ValueSeq> peersAgain = Alternatives.of(List.of(new Alternatives.Alternative<>(seq(1, 1, 1), RankSet.single(0)),
                new Alternatives.Alternative<>(seq(2, 2, 3), RankSet.single(1))));
        GlobalEvent send = event(Op.SEND, 1, two, new Field[] {Field.PEER, Field.TAG, Field.COUNT},
                List.of(peers, peersAgain, Alternatives.of(seq(8, 8, 8), two)));
        GlobalEvent recv = event(Op.RECV, 2, ALL, new Field[] {Field.PEER, Field.TAG}, List.of(
                Alternatives.of(List.of(new Alternatives.Alternative<>(seq(-1, -1, -1), two), new Alternatives.Alternative<>(seq(7, 7, 7), rank2))),
                Alternatives.of(seq(4, 5, 6), ALL)));
        GlobalLoop loop = new GlobalLoop(List.of(send, recv), Alternatives.of(ValueSeq.of(3), ALL), ALL);
        return new GlobalTrace(List.of(event(Op.INIT, 0, ALL, new Field[0], List.of()), loop, event(Op.FINALIZE, 4, ALL, new Field[0], List.of())),
                ALL, 0);
    }

    private Path write(GlobalTrace global) throws Exception {
        Path file = dir.resolve("g.mpjt");
        Files.write(file, new FileForge().section(SectionKind.META, TraceSamples.meta(WORLD))
                .section(SectionKind.SITES, new SiteTable(TraceSamples.sites())).section(SectionKind.GLOBAL, global)
                .section(SectionKind.END, new EndMark(3)).toByteArray());
        return file;
    }

    private static void assertSameNodes(List<GlobalNode> expected, List<GlobalNode> actual, String where) {
        assertEquals(expected.size(), actual.size(), where + ": nodes");
        for (int i = 0; i < expected.size(); i++) {
            String at = where + "." + i;
            if (expected.get(i) instanceof GlobalEvent e) {
                GlobalEvent a = assertInstanceOf(GlobalEvent.class, actual.get(i), at);
                assertEquals(List.of(e.op(), e.thread(), e.site(), e.stack(), e.ranks()), List.of(a.op(), a.thread(), a.site(), a.stack(), a.ranks()), at);
                for (Field f : Field.ALL) assertEquals(e.field(f).list(), a.field(f).list(), at + " " + f);
            } else {
                GlobalLoop e = (GlobalLoop) expected.get(i);
                GlobalLoop a = assertInstanceOf(GlobalLoop.class, actual.get(i), at);
                assertEquals(e.ranks(), a.ranks(), at + " ranks");
                assertEquals(e.counts().list(), a.counts().list(), at + " counts");
                assertSameNodes(e.body(), a.body(), at);
            }
        }
    }

    @Test
    void nodeRanksOneValueForAllAndRepeatedParametersReadBackAsWritten() throws Exception {
        GlobalTrace written = sample();
        TraceFile read = TraceReader.read(write(written));
        assertEquals(written.ranks(), read.global().ranks());
        assertSameNodes(written.nodes(), read.global().nodes(), "node");
    }

    @Test
    void aParameterReadAsARepeatHasSequencesOfItsOwn() throws Exception {
        GlobalEvent init = (GlobalEvent) TraceReader.read(write(sample())).global().nodes().get(0);
        // Every parameter of Init is -1: all but the first were repeats. Counting one up leaves the others.
        ValueSeq tag = init.field(Field.TAG).list().get(0).value();
        tag.append(-1);
        assertEquals(2, tag.size());
        assertEquals(1, init.field(Field.PEER).list().get(0).value().size());
        assertEquals(1, init.field(Field.COUNT).list().get(0).value().size());
        assertNotEquals(init.field(Field.PEER).list(), init.field(Field.TAG).list());
    }

    /** A GLOBAL section's data up to its one node's tag: class id, world, ranks, merge time, histograms, one node. */
    private static void oneNodeTrace(com.esotericsoftware.kryo.io.Output out) {
        out.writeVarInt(TraceKryo.GLOBAL_TRACE, true);
        out.writeVarInt(WORLD, true);
        org.mpjtrace.trace.io.value.RankSetIo.write(out, ALL);
        out.writeVarLong(0, true);
        out.writeByte(0); // histograms
        out.writeVarInt(1, true); // one node
    }

    @Test
    void aRepeatOfTheFirstParameterOrOfOneBeyondTheLastIsRefused() throws Exception {
        for (int repeats : new int[] {1, 1 << Field.ALL.length}) {
            byte[] bytes = new FileForge().section(SectionKind.META, TraceSamples.meta(WORLD)).section(SectionKind.SITES, new SiteTable(TraceSamples.sites()))
                    .raw(SectionKind.GLOBAL.code, out -> {
                        oneNodeTrace(out);
                        out.writeByte(3); // an event on the trace's ranks
                        out.writeVarInt(Op.INIT.code, true);
                        out.writeVarInt(0, true);
                        out.writeLong(TraceSamples.sites().get(0).stackSignature());
                        out.writeVarInt(repeats, true);
                    }).section(SectionKind.END, new EndMark(3)).toByteArray();
            TraceSamples.assertContains(TraceSamples.readFailure(dir.resolve("bad.mpjt"), bytes), "corrupt section 2 (GLOBAL)",
                    "bad field repeats " + repeats);
        }
    }

    /** The sample's send with another stack than its site's own: a call made from a recorded caller. */
    private static GlobalTrace withOneCallerStack() {
        GlobalTrace t = sample();
        GlobalLoop loop = (GlobalLoop) t.nodes().get(1);
        GlobalEvent send = (GlobalEvent) loop.body().get(0);
        GlobalEvent called = new GlobalEvent(send.op(), send.thread(), send.site(), 0x1234_5678_9abc_def0L, send.ranks(), send.fields(),
                send.compute(), send.inside());
        return new GlobalTrace(List.of(t.nodes().get(0), new GlobalLoop(List.of(called, loop.body().get(1)), loop.counts(), loop.ranks()),
                t.nodes().get(2)), t.ranks(), 0);
    }

    @Test
    void aFileLeavesOutTheStacksTheSiteTableGivesAndReadsThemBack() throws Exception {
        GlobalTrace written = withOneCallerStack();
        Path file = dir.resolve("w.mpjt");
        try (TraceWriter w = TraceWriter.create(file, TraceSamples.meta(WORLD))) {
            for (int r = 0; r < WORLD; r++) w.writeRank(TraceSamples.rank(r)); // ranks with events: the site table is not cut
            w.writeSites(TraceSamples.sites());
            w.writeGlobal(written);
            w.commit();
        }
        assertSameNodes(written.nodes(), TraceReader.read(file).global().nodes(), "node");
        assertSameNodes(written.nodes(), TraceReader.open(file).global().nodes(), "node");
        // Four events, three of them at their site's own stack: 3 x 8 bytes fewer than a message's, which keeps every stack.
        assertEquals(rawBytes(TraceKryo.create(), written) - 3 * 8, rawBytes(fileKryo(), written));
        assertSameNodes(written.nodes(), GlobalCodec.decode(GlobalCodec.encode(written)).nodes(), "message node");
    }

    private static int rawBytes(com.esotericsoftware.kryo.Kryo kryo, GlobalTrace t) {
        com.esotericsoftware.kryo.io.Output out = new com.esotericsoftware.kryo.io.Output(4096, -1);
        kryo.writeObject(out, t);
        return out.position();
    }

    private static com.esotericsoftware.kryo.Kryo fileKryo() {
        com.esotericsoftware.kryo.Kryo k = TraceKryo.create();
        k.getContext().put(org.mpjtrace.trace.io.serial.GlobalTraceSerializer.SITE_STACKS, SiteTable.stacks(TraceSamples.sites()));
        return k;
    }

    @Test
    void aSiteStackBeforeAnySiteTableOrPastItIsRefused() throws Exception {
        for (int site : new int[] {0, 99}) {
            FileForge forge = new FileForge().section(SectionKind.META, TraceSamples.meta(WORLD));
            if (site == 99) forge.section(SectionKind.SITES, new SiteTable(TraceSamples.sites()));
            byte[] bytes = forge.raw(SectionKind.GLOBAL.code, out -> {
                oneNodeTrace(out);
                out.writeByte(3 + 8); // an event on the trace's ranks, its stack its site's own
                out.writeVarInt(Op.INIT.code, true);
                out.writeVarInt(site, true);
            }).section(SectionKind.END, new EndMark(3)).toByteArray();
            TraceSamples.assertContains(TraceSamples.readFailure(dir.resolve("bad.mpjt"), bytes), "(GLOBAL)", site == 99
                    ? "an event's stack is its site's own, but site 99 is not among the " + TraceSamples.sites().size() + " sites"
                    : "an event's stack is its site's own, but no site table came before the global trace");
        }
    }
}
