package org.mpjtrace.proxy;

/** What a proxy does between its calls. */
public enum ComputeMode {
    /** Nothing: the calls back to back. */
    NONE("none, calls back to back"),
    /** Each call's mean computation before it (over its occurrences on all ranks), as a busy wait. */
    MEAN("each call's mean computation before it, over all its occurrences, as a busy wait"),
    /** Each gap as recorded (a dump, or a trace with timing=lossless, or timing=lossy within its epsilon), as a busy wait. */
    EXACT("each gap as the trace recorded it, as a busy wait");

    private final String description;

    ComputeMode(String description) {
        this.description = description;
    }

    String describe() {
        return description;
    }
}
