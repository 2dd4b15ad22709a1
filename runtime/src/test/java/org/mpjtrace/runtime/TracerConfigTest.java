package org.mpjtrace.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TracerConfigTest {

    @Test
    void defaults() {
        TracerConfig c = TracerConfig.parse(null);
        assertEquals("dump", c.mode);
        assertEquals(16384, c.ringSize);
        assertTrue(c.output.isAbsolute());
    }

    @Test
    void optionsAreParsed() {
        TracerConfig c = TracerConfig.parse("mode=dump,output=/tmp/x.mpjt,ringSize=1024");
        assertEquals(Path.of("/tmp/x.mpjt"), c.output);
        assertEquals(1024, c.ringSize);
    }

    @Test
    void unknownKeyIsNamedOnOneLine() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TracerConfig.parse("mode=dump,colour=red"));
        assertTrue(e.getMessage().contains("'colour'"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
    }

    @Test
    void badValuesAreNamed() {
        assertTrue(error("mode=fast").contains("'mode'"));
        assertTrue(error("ringSize=1000").contains("'ringSize'"));
        assertTrue(error("ringSize=abc").contains("'ringSize'"));
        assertTrue(error("output=").contains("'output'"));
        assertTrue(error("justakey").contains("justakey"));
        assertTrue(error("config=/no/such/file").contains("'config'"));
    }

    @Test
    void stackDepthIsZeroToSixteenDefaultThree() {
        assertEquals(3, TracerConfig.parse(null).stackDepth);
        assertEquals(0, TracerConfig.parse("stackDepth=0").stackDepth);
        assertEquals(16, TracerConfig.parse("stackDepth=16").stackDepth);
        assertTrue(error("stackDepth=17").contains("'stackDepth'"));
        assertTrue(error("stackDepth=-1").contains("'stackDepth'"));
        assertTrue(error("stackDepth=deep").contains("'stackDepth'"));
    }

    @Test
    void injectedFaultNamesARankAndARecord() {
        TracerConfig c = TracerConfig.parse("injectFault=2:50");
        assertEquals(2, c.faultRank);
        assertEquals(50, c.faultAfter);
        assertEquals(-1, TracerConfig.parse(null).faultRank);
        assertTrue(error("injectFault=2").contains("'injectFault'"));
        assertTrue(error("injectFault=x:1").contains("'injectFault'"));
        assertTrue(error("injectFault=1:0").contains("'injectFault'"));
    }

    @Test
    void configFileGivesKeysAndCommandLineWins(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("tracer.properties");
        Files.writeString(f, "# a comment\nringSize=256\noutput=/tmp/from-file.mpjt\n");
        TracerConfig c = TracerConfig.parse("config=" + f + ",output=/tmp/cli.mpjt");
        assertEquals(256, c.ringSize);
        assertEquals(Path.of("/tmp/cli.mpjt"), c.output);
    }

    @Test
    void theExampleConfigFileInDocsIsValid() {
        // Surefire runs in the module's directory; the README points users at this file.
        TracerConfig c = TracerConfig.parse("config=../docs/tracer.properties");
        assertEquals("dump", c.mode);
        assertEquals(16384, c.ringSize);
    }

    @Test
    void unknownKeyInConfigFileIsNamed(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("tracer.properties");
        Files.writeString(f, "ringsize=256\n");
        assertTrue(error("config=" + f).contains("'ringsize'"));
    }

    private static String error(String args) {
        return assertThrows(IllegalArgumentException.class, () -> TracerConfig.parse(args)).getMessage();
    }
}
