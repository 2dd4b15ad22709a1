package org.mpjtrace.samples;

/** Names MPJ (a string the agent's pre-check sees) but reaches nothing: the agent must leave it alone. */
public final class NamesMpiOnly {
    public static final String TYPE = "Lmpi/Comm;";

    public static int length() {
        return TYPE.length();
    }
}
