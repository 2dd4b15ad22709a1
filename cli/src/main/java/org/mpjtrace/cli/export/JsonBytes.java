package org.mpjtrace.cli.export;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;

/**
 * The JSON writer of {@code decode --format jsonl} and {@code export --format chrome}, which write a
 * small object per call, millions of them: member names and repeated strings are {@link Text}s, quoted,
 * escaped (by Jackson's {@link JsonStringEncoder}) and encoded once, then copied as bytes; numbers go
 * into the buffer as ASCII digits; commas come from one bit per nesting level. Written by hand rather
 * than through Jackson's generator because the generator's per-member work (its context check, a
 * method call and a bounds check per name, value and comma) was most of what these exports spend:
 * 55% of a Chrome export's main thread over a 10-million-call dump, which now takes 38% less
 * (docs/benchmarks.md has the before and after).
 *
 * <p>The buffer goes to the stream only between records ({@link #endRecord}) or at {@link #flush}, so a
 * record too large for the buffer makes it grow, and every write holds whole records: a stream that
 * decodes them as text ({@link org.mpjtrace.cli.export.output.WriterStream}) never sees a character cut in two. Not thread-safe.
 */
final class JsonBytes {
    private static final int BUFFER = 1 << 16;
    /** Once a record ends with this much buffered, the buffer goes to the stream. */
    private static final int DRAIN_AT = BUFFER - 4096;

    /** A string as JSON writes it: quoted, escaped and UTF-8 encoded once; also as a member's name. */
    static final class Text {
        final byte[] quoted;
        /** {@code "name":} */
        final byte[] name;

        private Text(String s) {
            byte[] escaped = JsonStringEncoder.getInstance().quoteAsUTF8(s);
            quoted = new byte[escaped.length + 2];
            quoted[0] = quoted[quoted.length - 1] = '"';
            System.arraycopy(escaped, 0, quoted, 1, escaped.length);
            name = Arrays.copyOf(quoted, quoted.length + 1);
            name[quoted.length] = ':';
        }

        static Text of(String s) {
            return new Text(s);
        }
    }

    private final OutputStream out;
    private byte[] buf = new byte[BUFFER];
    private int n;
    /** Bit d: nesting level d holds a member or element already, so the next one takes a comma. */
    private long filled;
    private int depth;
    /** A member's name was written: its value takes no comma. */
    private boolean afterName;

    JsonBytes(OutputStream out) {
        this.out = out;
    }

    JsonBytes startObject() {
        beforeValue();
        put((byte) '{');
        return open();
    }

    JsonBytes endObject() {
        depth--;
        put((byte) '}');
        return this;
    }

    JsonBytes startArray() {
        beforeValue();
        put((byte) '[');
        return open();
    }

    JsonBytes endArray() {
        depth--;
        put((byte) ']');
        return this;
    }

    JsonBytes name(Text name) {
        separate();
        put(name.name);
        afterName = true;
        return this;
    }

    JsonBytes value(Text v) {
        beforeValue();
        put(v.quoted);
        return this;
    }

    /** A string met once or rarely (a thread's name, a file's): encoded on the spot. */
    JsonBytes value(String v) {
        return value(Text.of(v));
    }

    JsonBytes value(long v) {
        beforeValue();
        digits(v);
        return this;
    }

    /** {@code nanos / 1000} exactly, without trailing zeros after the point: {@code 12.5}, {@code 3}, {@code -0.001}. */
    JsonBytes micros(long nanos) {
        beforeValue();
        ensure(24);
        if (nanos < 0) buf[n++] = '-';
        // Long.MIN_VALUE has no positive counterpart; |MIN_VALUE| / 1000 and its remainder do.
        digits(Math.abs(nanos / 1000));
        int fraction = (int) Math.abs(nanos % 1000);
        if (fraction != 0) {
            buf[n++] = '.';
            for (int divisor = 100; fraction != 0; divisor /= 10) {
                buf[n++] = (byte) ('0' + fraction / divisor);
                fraction %= divisor;
            }
        }
        return this;
    }

    JsonBytes member(Text name, long v) {
        return name(name).value(v);
    }

    JsonBytes member(Text name, Text v) {
        return name(name).value(v);
    }

    /** Ends a record: a line of JSON Lines ({@code newline}) or an element of an array; the buffer may go to the stream. */
    void endRecord(boolean newline) throws IOException {
        if (newline) put((byte) '\n');
        if (n >= DRAIN_AT) drain();
    }

    /** Hands everything buffered to the stream and flushes it. */
    void flush() throws IOException {
        drain();
        out.flush();
    }

    private JsonBytes open() {
        if (++depth >= Long.SIZE) throw new IllegalStateException("JSON nested more than " + (Long.SIZE - 1) + " levels");
        filled &= ~(1L << depth);
        return this;
    }

    /** A comma before all but the first member or element of an object or array; none between root values. */
    private void separate() {
        if (depth == 0) return;
        long bit = 1L << depth;
        if ((filled & bit) != 0) put((byte) ',');
        filled |= bit;
    }

    private void beforeValue() {
        if (afterName) afterName = false;
        else separate();
    }

    private void digits(long v) {
        ensure(AsciiDigits.MAX_SIGNED);
        n = AsciiDigits.writeSigned(buf, n, v);
    }

    private void put(byte b) {
        ensure(1);
        buf[n++] = b;
    }

    private void put(byte[] bytes) {
        ensure(bytes.length);
        System.arraycopy(bytes, 0, buf, n, bytes.length);
        n += bytes.length;
    }

    /** Room for {@code k} more bytes: a record is never cut, so the buffer grows instead. */
    private void ensure(int k) {
        if (n + k > buf.length) buf = Arrays.copyOf(buf, Math.max(buf.length * 2, n + k));
    }

    private void drain() throws IOException {
        if (n == 0) return;
        out.write(buf, 0, n);
        n = 0;
    }
}
