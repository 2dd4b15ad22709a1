package org.mpjtrace.signatures.cluster;

/** ACURDION's agent key {@code step}: how Call-Path enters the choice of leads. */
public enum Step implements OptionValue {
    /** All selected signatures at once; Call-Path is one signature (of the most important group) among them. */
    SINGLE,
    /**
     * Partition by Call-Path first, at least one lead per Call-Path (so no event is lost; K grows when
     * Call-Paths outnumber it), then choose within each partition on the other signatures.
     */
    DOUBLE;
}
