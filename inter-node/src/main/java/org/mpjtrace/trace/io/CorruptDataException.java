package org.mpjtrace.trace.io;

/**
 * Thrown while decoding a section's data when it breaks the format; the message says what, without
 * the file and section, which the caller adds. Unchecked so it can cross Kryo's serializer interface.
 */
final class CorruptDataException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    CorruptDataException(String message) {
        super(message, null, false, false); // no stack trace: it only ever becomes a message
    }
}
