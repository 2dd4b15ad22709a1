package org.mpjtrace.cli.format;

import org.mpjtrace.trace.Event;

/**
 * MPJ Express 0.44's wildcard and null values as the trace stores them (the probe keeps what the
 * application passed), spelled the way the application wrote them.
 */
public final class Sentinels {
    public static final int ANY_SOURCE = -2;
    public static final int PROC_NULL = -3;
    public static final int ANY_TAG = -2;
    /** Split's color for "no new communicator". */
    public static final int UNDEFINED = -1;

    private Sentinels() {}

    /** A rank argument (peer, source, destination, root). */
    public static String rank(int peer) {
        switch (peer) {
            case ANY_SOURCE: return "ANY_SOURCE";
            case PROC_NULL: return "PROC_NULL";
            case Event.NONE: return "-";
            default: return Integer.toString(peer);
        }
    }

    public static String tag(int tag) {
        return tag == ANY_TAG ? "ANY_TAG" : Integer.toString(tag);
    }
}
