package org.mpjtrace.cli.export;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class JsonTextTest {
    @ParameterizedTest
    @CsvSource({"0, 0", "1500, 1.5", "1, 0.001", "20, 0.02", "1000, 1", "-500, -0.5", "-1000, -1", "1234567891, 1234567.891",
            "9223372036854775807, 9223372036854775.807", "-9223372036854775808, -9223372036854775.808"})
    void nanosecondsArePrintedAsExactMicrosecondsWithoutTrailingZeros(long nanos, String micros) {
        char[] out = new char[24];
        int n = JsonText.Micros.format(nanos, out);
        assertEquals(micros, new String(out, 0, n));
        // And the JSON number means the same value a double would have printed, where a double holds it.
        if (Math.abs(nanos) < 1L << 50) assertEquals(nanos / 1000.0, Double.parseDouble(micros));
    }
}
