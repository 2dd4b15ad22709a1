package org.mpjtrace.trace.io.value;

/** Big-endian ints in byte arrays, as every header of the format stores them. */
public final class Bytes {

    private Bytes() {}

    public static void putInt(byte[] a, int at, int v) {
        a[at] = (byte) (v >>> 24);
        a[at + 1] = (byte) (v >>> 16);
        a[at + 2] = (byte) (v >>> 8);
        a[at + 3] = (byte) v;
    }

    public static int getInt(byte[] a, int at) {
        return (a[at] & 0xFF) << 24 | (a[at + 1] & 0xFF) << 16 | (a[at + 2] & 0xFF) << 8 | (a[at + 3] & 0xFF);
    }
}
