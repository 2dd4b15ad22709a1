package org.mpjtrace.cli.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class WrappedLineTest {

    @Test
    void aShortLineStaysOneLine() {
        assertEquals("   1   Send  A.main:3 peer=r+1 tag=7", new WrappedLine("   1   Send  A.main:3", 11).add(" ", "peer=r+1").add(" ", "tag=7").toString());
    }

    @Test
    void itemsThatDoNotFitGoOnIndentedContinuationLinesAndNoLineIsTooWide() {
        WrappedLine w = new WrappedLine("   1   Sendrecv  Stencil3D.main:58", 11);
        String alternatives = "peer={<1 0 2 4>: [3*[r+4 r+2 r+1]] | <1 1 2 4>: [3*[r+4 r+2 r-1]] | <1 2 2 4>: [r+4 2*[r-2+3x3] r-2 r+1]"
                + " | <1 3 2 4>: [3*[r+4 r-2 r-1]]}";
        for (int i = 0; i < 3; i++) w.add(" ", alternatives);
        w.add(" ", "compute=1.0us");
        List<String> lines = w.toString().lines().toList();
        assertTrue(lines.size() > 3, w.toString());
        for (String l : lines) assertTrue(l.length() <= WrappedLine.WIDTH, l.length() + ": " + l);
        for (String l : lines.subList(1, lines.size())) assertTrue(l.startsWith(" ".repeat(11)) && !l.startsWith(" ".repeat(12)), l);
        // Nothing is lost: joined back, the items are all there in order.
        String joined = String.join(" ", lines.stream().map(String::strip).toList());
        assertEquals("1   Sendrecv  Stencil3D.main:58 " + alternatives + " " + alternatives + " " + alternatives + " compute=1.0us", joined);
    }
}
