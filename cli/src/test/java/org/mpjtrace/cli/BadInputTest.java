package org.mpjtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Whatever is wrong with the input: exit code 2, one line on stderr naming it, nothing on stdout. */
class BadInputTest {
    @TempDir
    Path dir;

    private static void assertOneLine(Cli c, String mustContain) {
        assertEquals(2, c.code, c.toString());
        assertEquals(1, c.errLines(), c.toString());
        assertTrue(c.err.startsWith("mpjtrace: "), c.err);
        assertTrue(c.err.contains(mustContain), c.err);
        assertFalse(c.err.contains("\tat "), "no stack trace: " + c.err);
        assertEquals("", c.out);
    }

    private byte[] goodBytes() throws Exception {
        return Files.readAllBytes(TestTraces.write(dir.resolve("good.mpjt"), TestTraces.sample()));
    }

    @Test
    void missingFile() {
        for (String cmd : new String[] {"decode", "stats", "clusters"}) {
            Cli c = Cli.run(cmd, dir.resolve("nope.mpjt").toString());
            assertOneLine(c, "nope.mpjt: no such file");
        }
    }

    @Test
    void directoryInsteadOfFile() {
        assertOneLine(Cli.run("decode", dir.toString()), dir.toString());
    }

    @Test
    void emptyFile() throws Exception {
        Path f = Files.write(dir.resolve("empty.mpjt"), new byte[0]);
        assertOneLine(Cli.run("decode", f.toString()), "empty.mpjt");
        assertOneLine(Cli.run("stats", f.toString()), "empty.mpjt");
    }

    @Test
    void truncatedFile() throws Exception {
        byte[] good = goodBytes();
        for (int len : new int[] {4, 12, good.length / 2, good.length - 1}) {
            Path f = Files.write(dir.resolve("cut.mpjt"), Arrays.copyOf(good, len));
            assertOneLine(Cli.run("decode", f.toString()), "cut.mpjt");
        }
    }

    @Test
    void anyFlippedByte() throws Exception {
        byte[] good = goodBytes();
        Path f = dir.resolve("flipped.mpjt");
        for (int i = 0; i < good.length; i++) {
            byte[] bad = good.clone();
            bad[i] ^= 0x10;
            Files.write(f, bad);
            Cli c = Cli.run("decode", f.toString());
            assertEquals(2, c.code, "byte " + i + ": " + c);
            assertEquals(1, c.errLines(), "byte " + i + ": " + c);
            assertTrue(c.err.contains("flipped.mpjt"), "byte " + i + ": " + c);
        }
    }

    @Test
    void anyFlippedByteOfAChameleonTrace() throws Exception {
        byte[] good = Files.readAllBytes(ChameleonTraces.write(dir.resolve("good.mpjt"), ChameleonTraces.finished()));
        Path f = dir.resolve("flipped.mpjt");
        for (int i = 0; i < good.length; i++) {
            byte[] bad = good.clone();
            bad[i] ^= 0x10;
            Files.write(f, bad);
            Cli c = Cli.run("clusters", f.toString());
            assertEquals(2, c.code, "byte " + i + ": " + c);
            assertEquals(1, c.errLines(), "byte " + i + ": " + c);
            assertTrue(c.err.contains("flipped.mpjt"), "byte " + i + ": " + c);
        }
    }

    @Test
    void sameWithoutTheOneLineUsageHandler() throws Exception {
        Path f = Files.write(dir.resolve("empty.mpjt"), new byte[0]);
        assertOneLine(Cli.runPlain("stats", f.toString()), "empty.mpjt");
    }

    @Test
    void unknownOptionAndMissingArgument() {
        assertOneLine(Cli.run("decode", "--colour", "x.mpjt"), "--colour");
        assertOneLine(Cli.run("stats"), "FILE");
        assertOneLine(Cli.run("decode", "x.mpjt", "--rank", "zero"), "--rank");
        assertOneLine(Cli.run("frobnicate"), "frobnicate");
        assertOneLine(Cli.run(), "missing command");
        assertOneLine(Cli.run("run", "-cp", "x"), "MAIN");
        assertOneLine(Cli.run("run", "Main"), "CLASSPATH");
    }

    @Test
    void usageErrorsExit2AlsoWithPlainPicocli() {
        assertEquals(2, Cli.runPlain("decode", "--colour", "x.mpjt").code);
    }

    @Test
    void replayRefusesARankCountBelowOneRatherThanTakingZeroForTheRecordedOne() throws Exception {
        Path f = dir.resolve("good.mpjt");
        Files.write(f, goodBytes());
        for (String n : new String[] {"0", "-3"}) assertOneLine(Cli.run("replay", f.toString(), "-np", n), "-np must be at least 1, got " + n);
    }

    @Test
    void replayAndCompareRefuseOptionsThatDoNotApply() throws Exception {
        Path f = TestTraces.write(dir.resolve("t.mpjt"), TestTraces.sample());
        Cli c = Cli.run("compare", f.toString(), f.toString(), "--dev", "niodev");
        assertEquals(2, c.code, c.toString());
        assertEquals("mpjtrace: --dev applies with --replay only", c.err.trim());
        c = Cli.run("compare", f.toString(), f.toString(), "--timing", "sample");
        assertEquals("mpjtrace: --timing applies with --replay only", c.err.trim());
        c = Cli.run("compare", f.toString(), f.toString(), "--rounds", "3");
        assertEquals(2, c.code, c.toString());
        assertEquals("mpjtrace: --rounds applies with --replay only", c.err.trim());
        c = Cli.run("compare", f.toString(), f.toString(), "--replay", "--rounds", "0");
        assertEquals(2, c.code, c.toString());
        assertEquals("mpjtrace: --rounds must be at least 1, not 0", c.err.trim());
        c = Cli.run("replay", f.toString(), "-o", "x.mpjt");
        assertEquals(2, c.code, c.toString());
        assertEquals("mpjtrace: -o applies with --mode only (the replay is not traced otherwise)", c.err.trim());
    }
}
