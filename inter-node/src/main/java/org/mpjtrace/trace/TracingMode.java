package org.mpjtrace.trace;

import java.util.ArrayList;
import java.util.List;

/**
 * The tracing modes (agent key {@code mode}), one list for the agent's check, {@code mpjtrace run}'s and
 * the readers'. A trace file names its mode by {@link #key} (JobMeta keeps the string), so the keys are
 * part of the file format and never change.
 */
public enum TracingMode {
    /** Every call of every rank with all its parameters and times: the ground truth. */
    DUMP(TracingMode.DEFAULT_KEY),
    /** Loop-compressed per rank, merged over all ranks at MPI.Finalize (ScalaTrace), lossless. */
    FULL("full"),
    /** Ranks cluster at markers on Call-Path and end-points; one lead per cluster traces (Chameleon). */
    CHAMELEON("chameleon"),
    /** As chameleon, on eleven signatures chosen adaptively (ACURDION). */
    ACURDION("acurdion"),
    /** As chameleon, one cluster per distinct whole event sequence (ACURDION's reference clustering). */
    REFERENCE("reference");

    /** The key of the default mode, {@link #DUMP}: a constant, for annotations that need one. */
    public static final String DEFAULT_KEY = "dump";

    /** What the agent key and the trace file say. */
    public final String key;

    TracingMode(String key) {
        this.key = key;
    }

    /** Whether the mode clusters ranks at markers (and at Finalize) and merges the leads' traces online. */
    public boolean clusters() {
        return this == CHAMELEON || this == ACURDION || this == REFERENCE;
    }

    /** Whether the file holds a global trace (loops merged over ranks): mode full and the clustering modes. */
    public boolean hasGlobalTrace() {
        return this != DUMP;
    }

    /** The mode whose key is {@code key}, or null when none is. */
    public static TracingMode of(String key) {
        for (TracingMode m : values()) if (m.key.equals(key)) return m;
        return null;
    }

    /** Whether the mode named {@code key} is {@code this}. */
    public boolean is(String key) {
        return this.key.equals(key);
    }

    /** Every mode's key, in the order error messages list them. */
    public static List<String> keys() {
        List<String> keys = new ArrayList<>();
        for (TracingMode m : values()) keys.add(m.key);
        return keys;
    }
}
