package org.mpjtrace.cli.format;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class TextTableTest {

    @Test
    void alignsNumbersRightAndTextLeft() {
        StringWriter s = new StringWriter();
        new TextTable(">rank", "op", ">calls").row(0, "Isend", 12).row(10, "Waitall", 3).print(new PrintWriter(s, true), "  ");
        assertEquals(String.join("\n",
                "  rank  op       calls",
                "     0  Isend       12",
                "    10  Waitall      3", ""), s.toString().replace(System.lineSeparator(), "\n"));
    }
}
