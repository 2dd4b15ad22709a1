package org.mpjtrace.signatures.cluster;

import java.util.Locale;

/** A value of one of ACURDION's agent keys (distance, step, selector): the enum constant, spelt in lower case. */
public interface OptionValue {
    String name();

    /** The value as the agent key takes it, e.g. {@code manhattan}. */
    default String key() {
        return name().toLowerCase(Locale.ROOT);
    }
}
