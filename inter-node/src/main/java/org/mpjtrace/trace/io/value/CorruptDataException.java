package org.mpjtrace.trace.io.value;

/**
 * Thrown while decoding a section's data when it breaks the format; the message says what, without
 * the file and section, which the caller adds. Unchecked so it can cross Kryo's serializer interface.
 */
public final class CorruptDataException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public CorruptDataException(String message) {
        super(message, null, false, false); // no stack trace: it only ever becomes a message
    }
}
