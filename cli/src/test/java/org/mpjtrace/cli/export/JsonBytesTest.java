package org.mpjtrace.cli.export;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.mpjtrace.cli.export.JsonBytes.Text;

class JsonBytesTest {
    private static String written(java.util.function.Consumer<JsonBytes> body) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        JsonBytes g = new JsonBytes(out);
        body.accept(g);
        g.flush();
        return out.toString(StandardCharsets.UTF_8);
    }

    @ParameterizedTest
    @CsvSource({"0, 0", "1500, 1.5", "1, 0.001", "20, 0.02", "1000, 1", "-500, -0.5", "-1000, -1", "1234567891, 1234567.891",
            "9223372036854775807, 9223372036854775.807", "-9223372036854775808, -9223372036854775.808"})
    void nanosecondsArePrintedAsExactMicrosecondsWithoutTrailingZeros(long nanos, String micros) throws Exception {
        assertEquals(micros, written(g -> g.micros(nanos)));
        // And the JSON number means the same value a double would have printed, where a double holds it.
        if (Math.abs(nanos) < 1L << 50) assertEquals(nanos / 1000.0, Double.parseDouble(micros));
    }

    @ParameterizedTest
    @CsvSource({"0", "7", "-7", "10", "-10", "123456789012", "9223372036854775807", "-9223372036854775808"})
    void numbersAreTheirDecimalDigits(long v) throws Exception {
        assertEquals(Long.toString(v), written(g -> g.value(v)));
    }

    @Test
    void nestedObjectsAndArraysTakeCommasBetweenMembersAndElementsOnly() throws Exception {
        Text a = Text.of("a"), b = Text.of("b");
        String json = written(g -> {
            g.startObject().member(a, 1).name(b).startArray();
            g.startObject().endObject();
            g.startObject().member(a, Text.of("x")).member(b, -2).endObject();
            g.startArray().value(3).value(4).endArray();
            g.endArray().name(Text.of("c")).startObject().endObject().endObject();
        });
        assertEquals("{\"a\":1,\"b\":[{},{\"a\":\"x\",\"b\":-2},[3,4]],\"c\":{}}", json);
    }

    @Test
    void rootValuesOfJsonLinesTakeNoComma() throws Exception {
        String lines = written(g -> {
            try {
                for (int i = 0; i < 3; i++) {
                    g.startObject().member(Text.of("i"), i).endObject();
                    g.endRecord(true);
                }
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        assertEquals("{\"i\":0}\n{\"i\":1}\n{\"i\":2}\n", lines);
    }

    @Test
    void stringsAreEscapedAndEncodedAsUtf8() throws Exception {
        String tricky = "Quote\" back\\slash\ttab\nline \u0001 é 日本 \uD83D\uDE00";
        String json = written(g -> g.startObject().name(Text.of(tricky)).value(tricky).endObject());
        // A JSON parser gives back both, name and value, exactly.
        var node = new ObjectMapper().readTree(json);
        assertEquals(tricky, node.get(tricky).asText());
    }

    @Test
    void aRecordLargerThanTheBufferIsWrittenWhole() throws Exception {
        StringBuilder big = new StringBuilder();
        for (int i = 0; i < 100_000; i++) big.append((char) ('a' + i % 26));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        java.util.List<Integer> writes = new java.util.ArrayList<>();
        JsonBytes g = new JsonBytes(new java.io.FilterOutputStream(out) {
            @Override
            public void write(byte[] b, int off, int len) throws java.io.IOException {
                writes.add(len);
                out.write(b, off, len);
            }
        });
        g.startObject().member(Text.of("s"), Text.of(big.toString())).endObject();
        g.endRecord(true);
        g.flush();
        assertEquals(1, writes.size());
        assertEquals("{\"s\":\"" + big + "\"}\n", out.toString(StandardCharsets.UTF_8));
    }
}
