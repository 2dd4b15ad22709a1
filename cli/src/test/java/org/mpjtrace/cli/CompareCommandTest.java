package org.mpjtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompareCommandTest {

    @TempDir
    Path dir;

    @Test
    void compareOfTwoTracesOfTheSameRunMatchesEverything() throws Exception {
        Path f = TestTraces.write(dir.resolve("t.mpjt"), TestTraces.sample());
        Cli c = Cli.run("compare", f.toString(), f.toString());
        assertEquals(0, c.code, c.toString());
        assertTrue(c.out.contains("ACC 100.00% (traced runs' times: A 2.500 s, B 2.500 s)"), c.out);
        assertTrue(c.out.contains("  LOOP            n/a  (a dump has no loops)"), c.out);
    }
}
