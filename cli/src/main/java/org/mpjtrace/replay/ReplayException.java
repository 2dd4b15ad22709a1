package org.mpjtrace.replay;

/** The replay cannot go on as recorded; the message says why in one line. */
public final class ReplayException extends RuntimeException {
    ReplayException(String message) {
        super(message);
    }
}
