package org.mpjtrace.replay;

import mpjbuf.Buffer;
import mpjbuf.BufferException;

/**
 * The mpjbuf.Buffer replayed Pack and Unpack calls work on, standing for the program's: Packs fill it
 * at the recorded positions, and the first Unpack after them reads it back, as a program that packs
 * and unpacks its own buffer does (MPJ's Unpack needs the sections Pack wrote, not just the bytes).
 * A Pack at position 0, or after the buffer was read, starts a new buffer of the recorded capacity.
 */
final class PackBuffer {
    private Buffer buffer;
    /** The buffer's bytes (Buffer.getCapacity() answers 0 for a buffer made with a size). */
    private int capacity;
    private boolean reading;

    /** The buffer for a Pack at {@code position} into a buffer of {@code recordedCapacity} bytes, as the program's was. */
    Buffer toPack(int recordedCapacity, int position) {
        if (buffer == null || reading || position == 0 || capacity < recordedCapacity) {
            capacity = Math.max(1, recordedCapacity);
            buffer = new Buffer(capacity);
            reading = false;
        }
        return buffer;
    }

    /** The buffer for an Unpack: what the replayed Packs filled, switched to reading. */
    Buffer toUnpack() {
        if (buffer == null)
            throw new ReplayException("Unpack of a buffer no replayed Pack filled (the program unpacked data it received), which replay cannot rebuild");
        if (!reading) {
            try {
                buffer.commit();
            } catch (BufferException e) {
                throw new ReplayException("Unpack: the packed buffer could not be switched to reading (" + e + ")");
            }
            reading = true;
        }
        return buffer;
    }
}
