package org.mpjtrace.trace.fold;

import org.mpjtrace.trace.Event;

/**
 * The parameters of an event a compressed trace keeps as value sequences: every field of the
 * {@link Event} record except op, site, stack signature (the event's identity) and the times (kept as
 * histograms). Each names the record word it comes from and which half.
 */
public enum Field {
    COMM(Event.W_COMM_DTYPE, true), DATATYPE(Event.W_COMM_DTYPE, false),
    PEER(Event.W_PEER_TAG, true), TAG(Event.W_PEER_TAG, false),
    COUNT(Event.W_COUNT_REQUEST, true), REQUEST(Event.W_COUNT_REQUEST, false),
    PEER2(Event.W_PEER2_TAG2, true), TAG2(Event.W_PEER2_TAG2, false),
    COUNT2(Event.W_COUNT2_DTYPE2, true), DATATYPE2(Event.W_COUNT2_DTYPE2, false),
    REDOP(Event.W_REDOP_COLOR, true), COLOR(Event.W_REDOP_COLOR, false),
    KEY(Event.W_KEY_RESULT, true), RESULT(Event.W_KEY_RESULT, false),
    /** The whole 64-bit digest word. */
    DIGEST(Event.W_DIGEST, false);

    public static final Field[] ALL = values();

    /** The record word the field lives in. */
    public final int word;
    /** The high 32 bits of the word (else the low 32, or the whole word for DIGEST). */
    public final boolean high;

    Field(int word, boolean high) {
        this.word = word;
        this.high = high;
    }

    /** The field's value in the record at {@code w[base]}. */
    public long read(long[] w, int base) {
        long word = w[base + this.word];
        if (this == DIGEST) return word;
        return high ? Event.high(word) : Event.low(word);
    }

    /** Writes the field's value into the record at {@code w[base]}. */
    public void write(long[] w, int base, long value) {
        if (this == DIGEST) {
            w[base + word] = value;
        } else if (high) {
            w[base + word] = Event.pack((int) value, Event.low(w[base + word]));
        } else {
            w[base + word] = Event.pack(Event.high(w[base + word]), (int) value);
        }
    }
}
