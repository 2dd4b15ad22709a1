package org.mpjtrace.cli.export;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.SerializedString;
import java.io.IOException;

/**
 * The JSON writers' fast paths over Jackson's generator, for output of a member or more per call:
 * names and repeated values given as {@link SerializedString}s, which the generator copies as bytes
 * already escaped and encoded instead of escaping the {@code String} again each time (that escaping was
 * 28% of a Chrome export's time), and times in microseconds written as decimals from their nanoseconds
 * with integer arithmetic, not through a {@code double} (whose shortest-form printing was another 15%).
 */
final class JsonText {
    private JsonText() {}

    static SerializedString of(String s) {
        return new SerializedString(s);
    }

    static void number(JsonGenerator g, SerializableString name, long v) throws IOException {
        g.writeFieldName(name);
        g.writeNumber(v);
    }

    static void number(JsonGenerator g, SerializableString name, int v) throws IOException {
        g.writeFieldName(name);
        g.writeNumber(v);
    }

    static void string(JsonGenerator g, SerializableString name, SerializableString v) throws IOException {
        g.writeFieldName(name);
        g.writeString(v);
    }

    /** Formats nanoseconds as microseconds for one member at a time; not for use by two threads. */
    static final class Micros {
        private final char[] digits = new char[24];

        /** {@code name: nanos / 1000}, exactly, with no trailing zeros after the point ({@code 12.5}, {@code 3}). */
        void write(JsonGenerator g, SerializableString name, long nanos) throws IOException {
            g.writeFieldName(name);
            int n = format(nanos, digits);
            g.writeNumber(digits, 0, n);
        }

        /** Writes {@code nanos / 1000} as a decimal into {@code out}; returns its length. */
        static int format(long nanos, char[] out) {
            boolean negative = nanos < 0;
            // Long.MIN_VALUE has no positive counterpart; |MIN_VALUE| / 1000 and its remainder do.
            long whole = Math.abs(nanos / 1000);
            int fraction = (int) Math.abs(nanos % 1000);
            int n = 0;
            if (negative) out[n++] = '-';
            int length = 1;
            for (long rest = whole / 10; rest > 0; rest /= 10) length++;
            n += length;
            for (int i = n - 1; i >= n - length; i--) {
                out[i] = (char) ('0' + whole % 10);
                whole /= 10;
            }
            if (fraction != 0) {
                out[n++] = '.';
                int divisor = 100;
                while (fraction != 0) {
                    out[n++] = (char) ('0' + fraction / divisor);
                    fraction %= divisor;
                    divisor /= 10;
                }
            }
            return n;
        }
    }
}
