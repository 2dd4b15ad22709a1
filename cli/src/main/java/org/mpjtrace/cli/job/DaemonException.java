package org.mpjtrace.cli.job;

/** The local MPJ daemon could not be started; the message is one line saying why. */
public final class DaemonException extends Exception {
    private static final long serialVersionUID = 1L;

    public DaemonException(String message) {
        super(message);
    }
}
