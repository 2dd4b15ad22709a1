package org.mpjtrace.signatures;

/**
 * The Call-Path signature of a sequence of calls (Chameleon): the XOR over the calls of each one's
 * stack signature times (its position mod 10, plus 1), in wrapping 64-bit arithmetic. The multiplier
 * keeps a permutation of the calls, or a call repeated an even number of times, from cancelling out.
 * It is built as the calls arrive, in one long and a counter: a rank that does not trace can still
 * keep it.
 */
public final class CallPathSignature {
    private long value;
    private long position;

    /** One more call, reached by the stack signature {@code stack}. */
    public void add(long stack) {
        value ^= stack * ((position % 10) + 1);
        position++;
    }

    /** The signature of the calls added since the last {@link #reset}. */
    public long value() {
        return value;
    }

    /** How many calls were added since the last {@link #reset}. */
    public long calls() {
        return position;
    }

    public void reset() {
        value = 0;
        position = 0;
    }
}
