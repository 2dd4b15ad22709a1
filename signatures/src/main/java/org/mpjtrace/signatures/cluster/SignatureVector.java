package org.mpjtrace.signatures.cluster;

import java.util.Arrays;

/**
 * One rank's (or cluster lead's) eleven signatures over an interval, as 64-bit words indexed by
 * {@link Signature#ordinal()}: Call-Path, LOOP and TYPE as themselves, the means as the bits of their
 * doubles. Two vectors are equal exactly when every word is, so equal behaviour compares equal on
 * every rank (the means are computed by the same operations in the same order).
 */
public final class SignatureVector {
    private static final int SIZE = Signature.values().length;

    private final long[] words;

    private SignatureVector(long[] words) {
        this.words = words;
    }

    /** A vector from its eleven words in {@link Signature} order, as {@link #words()} gives them. */
    public static SignatureVector ofWords(long[] words) {
        if (words.length != SIZE) throw new IllegalArgumentException(words.length + " signature words, expected " + SIZE);
        SignatureVector v = new SignatureVector(words.clone());
        for (Signature s : Signature.values()) {
            if (!s.identity && s != Signature.LOOP && !Double.isFinite(v.value(s)))
                throw new IllegalArgumentException(s.label + " is " + v.value(s) + ", not a finite number");
        }
        return v;
    }

    /**
     * The eleven signatures as measured. Means must be finite (a mean over no calls is 0).
     *
     * @param loop a {@link LoopSignature} word
     * @param type a bitmap of datatypes, reduction ops and communicator kinds
     */
    public static SignatureVector of(long callPath, double count, double src, double dest, double key, double color,
                                     double tag, double comp, double comm, long loop, long type) {
        long[] w = new long[SIZE];
        w[Signature.CALL_PATH.ordinal()] = callPath;
        w[Signature.COUNT.ordinal()] = bits(count);
        w[Signature.SRC.ordinal()] = bits(src);
        w[Signature.DEST.ordinal()] = bits(dest);
        w[Signature.KEY.ordinal()] = bits(key);
        w[Signature.COLOR.ordinal()] = bits(color);
        w[Signature.TAG.ordinal()] = bits(tag);
        w[Signature.COMP.ordinal()] = bits(comp);
        w[Signature.COMM.ordinal()] = bits(comm);
        w[Signature.LOOP.ordinal()] = loop;
        w[Signature.TYPE.ordinal()] = type;
        return ofWords(w);
    }

    /** -0.0 and 0.0 are one value; a mean is either. */
    private static long bits(double d) {
        return Double.doubleToLongBits(d == 0 ? 0.0 : d);
    }

    /** The signature's 64-bit word. */
    public long word(Signature s) {
        return words[s.ordinal()];
    }

    /** The eleven words in {@link Signature} order (a copy). */
    public long[] words() {
        return words.clone();
    }

    /**
     * The signature as a number to measure distances on: a mean itself, LOOP as the unsigned value of its
     * word (an outer level weighs more than all inner ones). Identities have no magnitude.
     */
    public double value(Signature s) {
        if (s.identity) throw new IllegalArgumentException(s.label + " is compared as equal or not, it has no magnitude");
        long w = words[s.ordinal()];
        if (s == Signature.LOOP) return w >= 0 ? w : (double) (w >>> 1) * 2.0;
        return Double.longBitsToDouble(w);
    }

    /** The format bits of the signatures in which this vector and {@code other} differ. */
    public int differences(SignatureVector other) {
        int format = 0;
        for (int i = 0; i < SIZE; i++) if (words[i] != other.words[i]) format |= 1 << i;
        return format;
    }

    /** Whether the two agree on every signature {@code format} selects. */
    public boolean sameAs(SignatureVector other, int format) {
        return (differences(other) & format) == 0;
    }

    /** A vector with only the signatures {@code format} selects, the others 0: equal projections behave alike. */
    public SignatureVector project(int format) {
        long[] w = new long[SIZE];
        for (int i = 0; i < SIZE; i++) if ((format & (1 << i)) != 0) w[i] = words[i];
        return new SignatureVector(w);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SignatureVector v && Arrays.equals(words, v.words);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(words);
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("[");
        for (Signature s : Signature.values()) {
            if (b.length() > 1) b.append(", ");
            b.append(s.label).append('=');
            if (s.identity) b.append(String.format("%016x", word(s)));
            else if (s == Signature.LOOP) b.append(LoopSignature.describe(word(s)));
            else b.append(value(s));
        }
        return b.append(']').toString();
    }
}
