package org.mpjtrace.trace.cluster;

import java.util.Arrays;

/**
 * Why marker {@code auto} chose what it chose: the figures the sentence is made of, and the sentence.
 * A file keeps the figures, a few varints, where it used to keep the sentence: about 70 of the 356
 * deflated bytes of a 16-rank Stencil2D chameleon file's marker log. Files of format 20 and older, and
 * a choice made before its figures are known, hold the sentence as it is ({@link Kind#TEXT}).
 *
 * @param kind    which sentence
 * @param text    the sentence, for {@link Kind#TEXT}; else made from the figures
 * @param figures {@link Kind#COLLECTIVES}: whether the loop changed (0 or 1), the collectives that
 *                repeated, the period, the collective at which the ranks agreed; {@link Kind#OWN_LOOPS}: the
 *                iterations that repeated, the least and the most calls an iteration of the ranks' loops,
 *                and rank 0's calls at its proposal and at the clustering
 */
public record MarkerReason(Kind kind, String text, long[] figures) {

    /** The sentences there are; the codes are part of the file format. */
    public enum Kind {
        TEXT(0, 0), COLLECTIVES(1, 4), OWN_LOOPS(2, 5);

        public final int code;
        /** How many figures the sentence takes. */
        public final int figures;

        Kind(int code, int figures) {
            this.code = code;
            this.figures = figures;
        }

        /** The kind with this code, or null. */
        public static Kind ofCode(int code) {
            for (Kind k : values()) if (k.code == code) return k;
            return null;
        }
    }

    public MarkerReason {
        figures = figures.clone();
        if (figures.length != kind.figures) throw new IllegalArgumentException(kind + " takes " + kind.figures + " figures, not " + figures.length);
        if (kind == Kind.TEXT && text == null) throw new IllegalArgumentException("no text");
        String problem = problem(kind, figures);
        if (problem != null) throw new IllegalArgumentException(problem);
        if (kind != Kind.TEXT) text = sentence(kind, figures);
    }

    /** A sentence kept as it is. */
    public static MarkerReason text(String text) {
        return new MarkerReason(Kind.TEXT, text, new long[0]);
    }

    /** The ranks agreed on a collective: the last {@code repeated} collectives on all ranks repeat every {@code period}. */
    public static MarkerReason collectives(boolean changed, long repeated, long period, long agreedAt) {
        return new MarkerReason(Kind.COLLECTIVES, null, new long[] {changed ? 1 : 0, repeated, period, agreedAt});
    }

    /** Each rank's own loop, clustered by messages to rank 0. */
    public static MarkerReason ownLoops(long iterations, long leastCalls, long mostCalls, long proposedAt, long clusteredAt) {
        return new MarkerReason(Kind.OWN_LOOPS, null, new long[] {iterations, leastCalls, mostCalls, proposedAt, clusteredAt});
    }

    /** What is wrong with these figures for this kind, or null: what a reader checks before it makes one. */
    public static String problem(Kind kind, long[] figures) {
        for (long f : figures) if (f < 0) return "a negative figure in a " + kind + " reason";
        if (kind == Kind.COLLECTIVES && figures[0] > 1) return "a COLLECTIVES reason's changed flag is " + figures[0];
        if (kind == Kind.OWN_LOOPS && (figures[1] < 1 || figures[1] > figures[2]))
            return "an OWN_LOOPS reason's calls an iteration run from " + figures[1] + " to " + figures[2];
        return null;
    }

    private static String sentence(Kind kind, long[] f) {
        if (kind == Kind.COLLECTIVES) {
            return (f[0] == 1 ? "the loop's collectives changed; " : "") + "on every rank the last " + f[1]
                    + " collectives on all ranks repeat every " + f[2] + " (agreed at collective " + f[3] + ")";
        }
        String periods = f[1] == f[2] ? "every rank's loop makes " + f[1] + (f[1] == 1 ? " call" : " calls") + " an iteration"
                : "the ranks' loops make " + f[1] + " to " + f[2] + " calls an iteration";
        return "no collective on all ranks in the loop; each rank's last " + f[0] + " iterations repeated at two looks in a row ("
                + periods + "); clustered by messages to rank 0, with no collective, so no rank waits for another's loop (rank 0 proposed at its call "
                + f[3] + " and clustered at its call " + f[4] + ")";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MarkerReason r && kind == r.kind && text.equals(r.text) && Arrays.equals(figures, r.figures);
    }

    @Override
    public int hashCode() {
        return 31 * text.hashCode() + Arrays.hashCode(figures);
    }

    @Override
    public long[] figures() {
        return figures.clone();
    }

    @Override
    public String toString() {
        return text;
    }
}
