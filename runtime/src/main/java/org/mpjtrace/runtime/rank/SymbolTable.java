package org.mpjtrace.runtime.rank;

import java.util.List;
import java.util.function.BiFunction;
import org.mpjtrace.trace.fold.FoldedInfos;

/**
 * Gives MPJ objects of one kind (communicators, datatypes, reduction ops) small symbolic ids per rank,
 * in order of first use, and keeps a description of each, folded ({@link FoldedInfos}): a program that
 * makes a communicator every step costs a few elements, not a row a step. Lookups scan a published array
 * of the live objects by identity and take no lock; only registering a new object (rare: a communicator is
 * created, a datatype first used) or forgetting a freed one locks.
 *
 * <p>Why forget: ids are never reused, so the trace tells every communicator apart, but a freed one is
 * dropped from the scan, so that the scan stays as short as the program's live communicators and MPJ's
 * freed objects can be collected. Before, every object stayed and ids stopped at 4,096 (CommChurn, a
 * dup and a split a step, lost its communicators' ids after 2,048 steps and its replay failed). The tracer
 * sees no datatype's free: their table drops its older half when full instead ({@code evicts}).
 */
public final class SymbolTable<I> {
    /**
     * The most live objects: beyond, a table that may evict drops its older half but its first few (a datatype or an op, whose
     * description is all a replay needs), and one that may not (communicators, whose constructors' records
     * name their ids) gives {@link #UNTRACKED}.
     */
    static final int MAX_LIVE = 4096;
    /** What an evicting table keeps of its first objects when full. */
    static final int KEPT_FIRST = 64;
    static final int UNTRACKED = -2;

    /** The live objects and their ids, replaced whole (copy on write) so that a lookup reads one consistent pair. */
    private record Live(Object[] objects, int[] ids) {}

    private final BiFunction<Integer, Object, I> describe;
    private volatile Live live = new Live(new Object[0], new int[0]);
    private final FoldedInfos.Builder<I> infos;
    private final boolean evicts;

    /**
     * @param evicts whether a full table drops its older live objects: those the program uses again get new ids
     *               (datatypes, whose Free the tracer does not see: a program making one a step)
     */
    SymbolTable(BiFunction<Integer, Object, I> describe, FoldedInfos.Rows<I> rows, boolean evicts) {
        this.describe = describe;
        this.infos = new FoldedInfos.Builder<>(rows);
        this.evicts = evicts;
    }

    /** The object's id, registering it on first sight. */
    public int idOf(Object o) {
        Live l = live;
        Object[] a = l.objects;
        for (int i = 0; i < a.length; i++) if (a[i] == o) return l.ids[i];
        return register(o);
    }

    private synchronized int register(Object o) {
        Live l = live;
        for (int i = 0; i < l.objects.length; i++) if (l.objects[i] == o) return l.ids[i];
        if (infos.size() >= FoldedInfos.MAX_ROWS || (l.objects.length >= MAX_LIVE && !evicts)) return UNTRACKED;
        int id = infos.size();
        infos.add(describe.apply(id, o));
        // Full: keep the first few (the predefined types a program uses throughout come first) and the newer half.
        int n = l.objects.length, first = n >= MAX_LIVE ? KEPT_FIRST : n, newer = n >= MAX_LIVE ? MAX_LIVE / 2 : 0;
        Object[] objects = new Object[first + newer + 1];
        int[] ids = new int[objects.length];
        System.arraycopy(l.objects, 0, objects, 0, first);
        System.arraycopy(l.ids, 0, ids, 0, first);
        System.arraycopy(l.objects, n - newer, objects, first, newer);
        System.arraycopy(l.ids, n - newer, ids, first, newer);
        objects[first + newer] = o;
        ids[first + newer] = id;
        live = new Live(objects, ids);
        return id;
    }

    /** The program freed {@code o}: its id stands in the trace, and a later sight of it would get a new one. */
    public synchronized void forget(Object o) {
        Live l = live;
        for (int i = 0; i < l.objects.length; i++) {
            if (l.objects[i] != o) continue;
            Object[] objects = new Object[l.objects.length - 1];
            int[] ids = new int[objects.length];
            System.arraycopy(l.objects, 0, objects, 0, i);
            System.arraycopy(l.objects, i + 1, objects, i, objects.length - i);
            System.arraycopy(l.ids, 0, ids, 0, i);
            System.arraycopy(l.ids, i + 1, ids, i, ids.length - i);
            live = new Live(objects, ids);
            return;
        }
    }

    /** Every object's description so far, by id (its index). */
    public synchronized List<I> infos() {
        return infos.build();
    }
}
