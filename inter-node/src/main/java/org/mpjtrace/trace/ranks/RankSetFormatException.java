package org.mpjtrace.trace.ranks;

import java.io.IOException;

/**
 * A rank set in a trace file that is truncated or breaks a rule of {@link RankSetFormat}. The message
 * is one line naming the section and the number at fault, so a reader can put it after the file name
 * and offset and stop.
 */
public final class RankSetFormatException extends IOException {
    private static final long serialVersionUID = 1L;

    public RankSetFormatException(String message) {
        super(message);
    }
}
