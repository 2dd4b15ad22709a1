package org.mpjtrace.trace.global;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.StackSummary;
import org.mpjtrace.trace.fold.Field;
import org.mpjtrace.trace.fold.PeriodicEquality;
import org.mpjtrace.trace.fold.RelativePeers;
import org.mpjtrace.trace.fold.ValuePeriod;
import org.mpjtrace.trace.fold.ValueSeq;

/**
 * Rank 0, writing a clustered trace: keeps of a rank's stack summaries only what its replay of the
 * global trace would get wrong, so that ranks which behave as their lead add nothing to the file. An
 * entry stays when the rank's calls at the stack differ from what its expansion makes (a stack its lead
 * called and it did not stays with 0 calls), and a peer stays only when the global trace does not give
 * the rank that same peer at every event of the stack; a peer the trace gets right becomes
 * {@link StackSummary#VARIES}, "take the trace's". The rank's own values in call order (peers, tags,
 * counts, communicators: {@link StackSummary#own}) stay only where the trace would give it other ones: not when the peer
 * is kept (or right) as one value, not when they are one value the trace gives at every event of the
 * stack, not when the stack is one event of the trace, run as often as the rank ran it, whose values for
 * the rank are the same (compared value by value up to {@link #COMPARED} of them), and not when the
 * rank's expansion gives them at a stack of several events ({@link ExpandedValues}, a walk of up to
 * {@link #WALKED} calls). Past those bounds they stay: bytes, not a wrong answer.
 */
public final class StackSummaryPruning {
    /** A field the trace does not give one value for, at some event of a stack. */
    private static final long NOT_CONSTANT = Long.MIN_VALUE;
    /** The most values of a stack compared one by one with the trace's. */
    static final long COMPARED = 1 << 20;
    /**
     * The most calls of a rank's expansion walked to check the values of stacks of several events: at 64
     * ranks, rank 0 walks at most 16 million calls at Finalize, about 2 s, where a longer run keeps the values.
     */
    static final long WALKED = 1 << 18;

    private StackSummaryPruning() {}

    /** @param expanded the rank's calls per stack as its expansion of {@code global} makes them ({@link LoopFit#expanded}) */
    public static RankTrace prune(GlobalTrace global, int worldSize, RankTrace section, Map<Long, Long> expanded) {
        if (section.stackSummaries().isEmpty()) return section;
        int rank = section.rank();
        Map<Long, List<GlobalEvent>> events = new HashMap<>();
        eventsByStack(global.nodes(), rank, events);
        List<StackSummary> kept = new ArrayList<>();
        Set<Long> own = new HashSet<>();
        Map<Long, Map<Field, ValueSeq>> unsure = new HashMap<>();
        List<StackSummary> pending = new ArrayList<>();
        Set<Long> countDiffers = new HashSet<>();
        for (StackSummary s : section.stackSummaries()) {
            own.add(s.stack());
            List<GlobalEvent> at = events.getOrDefault(s.stack(), List.of());
            int peer = traceValue(at, Field.PEER, rank, worldSize) == s.peer() ? StackSummary.VARIES : s.peer();
            int peer2 = traceValue(at, Field.PEER2, rank, worldSize) == s.peer2() ? StackSummary.VARIES : s.peer2();
            boolean differs = expanded.getOrDefault(s.stack(), 0L) != s.calls();
            if (differs) countDiffers.add(s.stack());
            GlobalEvent only = at.size() == 1 && !differs ? at.get(0) : null;
            Map<Field, ValueSeq> values = new EnumMap<>(Field.class);
            for (Map.Entry<Field, ValueSeq> e : s.own().entrySet()) {
                Field f = e.getKey();
                ValueSeq v = e.getValue();
                // A peer kept (or right) as one value needs no sequence; nor values the trace gives the rank anyway.
                if (f == Field.PEER && s.peer() != StackSummary.VARIES || f == Field.PEER2 && s.peer2() != StackSummary.VARIES) continue;
                if (sameConstant(v, at, f, rank, worldSize) || only != null && sameValues(v, only, f, rank, worldSize)) continue;
                values.put(f, v);
            }
            if (!differs && at.size() > 1 && !values.isEmpty()) unsure.put(s.stack(), values);
            pending.add(new StackSummary(s.stack(), s.calls(), s.computeNanos(), peer, peer2, values));
        }
        // Stacks of several events: their values checked on the rank's expansion, unless loop counts differ
        // (the replay then refits loops, and the expansion is not the rank's calls).
        Map<Long, Set<Field>> right = unsure.isEmpty() || !countDiffers.isEmpty() ? Map.of()
                : ExpandedValues.matching(global, rank, worldSize, unsure, WALKED);
        for (StackSummary s : pending) {
            Map<Field, ValueSeq> values = new EnumMap<>(Field.class);
            values.putAll(s.own());
            values.keySet().removeAll(right.getOrDefault(s.stack(), Set.of()));
            if (countDiffers.contains(s.stack()) || s.peer() != StackSummary.VARIES || s.peer2() != StackSummary.VARIES || !values.isEmpty())
                kept.add(new StackSummary(s.stack(), s.calls(), s.computeNanos(), s.peer(), s.peer2(), values));
        }
        for (Map.Entry<Long, Long> e : expanded.entrySet())
            if (!own.contains(e.getKey()))
                kept.add(new StackSummary(e.getKey(), 0, 0, StackSummary.VARIES, StackSummary.VARIES));
        kept.sort(Comparator.comparingLong(StackSummary::stack));
        return new RankTrace(rank, section.host(), section.initNanos(), section.eventCount(), section.words(), section.comms(),
                section.datatypes(), section.redops(), section.stats(), section.arrays(), section.ownArguments(), kept, section.times());
    }

    /** The one value (as the records hold it) that every one of {@code events} gives the rank in {@code field}, or NOT_CONSTANT. */
    private static long traceValue(List<GlobalEvent> events, Field field, int rank, int worldSize) {
        long value = NOT_CONSTANT;
        for (GlobalEvent e : events) {
            long v = decoded(e, field, rank, worldSize);
            if (v == NOT_CONSTANT || value != NOT_CONSTANT && v != value) return NOT_CONSTANT;
            value = v;
        }
        return value;
    }

    /** The events of the trace the rank runs, by stack. */
    private static void eventsByStack(List<GlobalNode> nodes, int rank, Map<Long, List<GlobalEvent>> events) {
        for (GlobalNode n : nodes) {
            if (!n.ranks().contains(rank)) continue;
            if (n instanceof GlobalLoop l) eventsByStack(l.body(), rank, events);
            else events.computeIfAbsent(StackSummary.key(((GlobalEvent) n).stack(), ((GlobalEvent) n).thread()), k -> new ArrayList<>()).add((GlobalEvent) n);
        }
    }

    /**
     * Whether the rank's own values are one value, which every event of the stack gives it too. Compared as
     * the records hold them: the trace may keep a peer absolute where the rank's own values are relative
     * (a stack is one op, so the events decode alike).
     */
    private static boolean sameConstant(ValueSeq own, List<GlobalEvent> events, Field field, int rank, int worldSize) {
        long trace = traceValue(events, field, rank, worldSize);
        if (trace == NOT_CONSTANT || own.size() == 0 || !ValuePeriod.constant(own)) return false;
        long stored = own.cursor().next();
        return (RelativePeers.isRelative(events.get(0).op(), field) ? RelativePeers.decode(stored, rank, worldSize) : stored) == trace;
    }

    /**
     * Whether the rank's own values are the ones the event gives it: alike folded, or compared one by one
     * as the records hold them up to {@link #COMPARED}.
     */
    private static boolean sameValues(ValueSeq own, GlobalEvent e, Field field, int rank, int worldSize) {
        ValueSeq trace = e.field(field).valueFor(rank);
        if (trace == null || own.size() != trace.size()) return false;
        if (own.equals(trace)) return true;
        boolean relative = RelativePeers.isRelative(e.op(), field);
        Boolean alike = PeriodicEquality.same(own, trace, v -> relative ? RelativePeers.decode(v, rank, worldSize) : v, COMPARED);
        if (alike != null) return alike;
        if (own.size() > COMPARED) return false;
        ValueSeq.Cursor a = own.cursor(), b = trace.cursor();
        while (a.hasNext()) {
            long x = a.next(), y = b.next();
            if (relative ? RelativePeers.decode(x, rank, worldSize) != RelativePeers.decode(y, rank, worldSize) : x != y) return false;
        }
        return true;
    }

    /** The one value the event gives the rank in {@code field}, as its records hold it (peers absolute), or NOT_CONSTANT. */
    private static long decoded(GlobalEvent e, Field field, int rank, int worldSize) {
        ValueSeq v = e.field(field).valueFor(rank);
        long stored = v == null ? NOT_CONSTANT : constant(v.elements(), NOT_CONSTANT);
        if (stored == NOT_CONSTANT) return NOT_CONSTANT;
        return RelativePeers.isRelative(e.op(), field) ? RelativePeers.decode(stored, rank, worldSize) : stored;
    }

    /** The value every element repeats, given the one seen so far ({@code seen}, or NOT_CONSTANT for none); NOT_CONSTANT when they differ. */
    private static long constant(List<ValueSeq.Elem> elements, long seen) {
        long value = seen;
        for (ValueSeq.Elem el : elements) {
            long v;
            if (el instanceof ValueSeq.Run r) {
                if (r.length() > 1 && r.stride() != 0) return NOT_CONSTANT;
                v = r.start();
            } else {
                v = constant(((ValueSeq.Rep) el).body(), value);
                if (v == NOT_CONSTANT) return NOT_CONSTANT;
            }
            if (value != NOT_CONSTANT && v != value) return NOT_CONSTANT;
            value = v;
        }
        return value;
    }
}
