package org.mpjtrace.runtime.rank;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;

/**
 * Gives MPJ objects of one kind (communicators, datatypes, reduction ops) small symbolic ids per rank,
 * in order of first use, and keeps a description of each. Lookups scan a published array by identity
 * and take no lock; only registering a new object (rare: a communicator is created, a datatype first
 * used) locks.
 */
public final class SymbolTable<I> {
    /** Beyond this many objects (a program making a datatype per call, say) ids are {@link #UNTRACKED}. */
    static final int MAX = 4096;
    static final int UNTRACKED = -2;

    private final BiFunction<Integer, Object, I> describe;
    private volatile Object[] objects = new Object[0];
    private final List<I> infos = new ArrayList<>();

    SymbolTable(BiFunction<Integer, Object, I> describe) {
        this.describe = describe;
    }

    /** The object's id, registering it on first sight. */
    public int idOf(Object o) {
        Object[] a = objects;
        for (int i = 0; i < a.length; i++) if (a[i] == o) return i;
        return register(o);
    }

    private synchronized int register(Object o) {
        Object[] a = objects;
        for (int i = 0; i < a.length; i++) if (a[i] == o) return i;
        if (a.length >= MAX) return UNTRACKED;
        int id = a.length;
        I info = describe.apply(id, o);
        Object[] grown = java.util.Arrays.copyOf(a, id + 1);
        grown[id] = o;
        infos.add(info);
        objects = grown;
        return id;
    }

    public synchronized List<I> infos() {
        return new ArrayList<>(infos);
    }
}
