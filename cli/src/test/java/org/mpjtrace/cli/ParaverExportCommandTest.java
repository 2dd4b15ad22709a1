package org.mpjtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code export --format paraver} through the command: OUT with or without .prv, and the three files written together or not at all. */
class ParaverExportCommandTest {
    @TempDir
    Path dir;
    Path file;

    @BeforeEach
    void writeSample() throws Exception {
        file = TestTraces.write(dir.resolve("run.mpjt"), TestTraces.sample());
    }

    @Test
    void outGivenWithOrWithoutPrvWritesBasePrvPcfAndRow() throws Exception {
        for (String out : List.of("a", "b.prv")) {
            Cli c = Cli.run("export", file.toString(), "--format", "paraver", "-o", dir.resolve(out).toString());
            assertEquals(0, c.code, c.toString());
            assertTrue(c.err.contains("wxparaver"), c.err);
        }
        assertEquals(List.of("a.pcf", "a.prv", "a.row", "b.pcf", "b.prv", "b.row", "run.mpjt"), listing());
        assertTrue(Files.readString(dir.resolve("b.prv")).startsWith("#Paraver ("));
    }

    @Test
    void anOutputThatCannotBeWrittenIsOneLineAndLeavesNoneOfTheThreeFiles() throws Exception {
        Path notAFolder = Files.writeString(dir.resolve("plain"), "x");
        assertRefused("no such folder", "-o", notAFolder.resolve("x").toString());
        // BASE.prv could be written, BASE.pcf cannot: neither is left, nor any temporary file.
        Files.createDirectory(dir.resolve("x.pcf"));
        assertRefused("x.pcf: is a directory", "-o", dir.resolve("x.prv").toString());
        assertEquals(List.of("plain", "run.mpjt", "x.pcf"), listing());
        assertRefused("applies to --format chrome and paraver", "--format", "otf2", "--expand", "-o", dir.resolve("y").toString());
    }

    @Test
    void existingFilesAreReplacedWholeAndNoTemporaryFileStays() throws Exception {
        for (String suffix : List.of(".prv", ".pcf", ".row")) Files.writeString(dir.resolve("out" + suffix), "old");
        Cli c = Cli.run("export", file.toString(), "--format", "paraver", "-o", dir.resolve("out").toString());
        assertEquals(0, c.code, c.toString());
        assertTrue(Files.readString(dir.resolve("out.pcf")).contains("STATES"));
        assertTrue(Files.readString(dir.resolve("out.row")).startsWith("LEVEL CPU SIZE 2"));
        assertEquals(List.of("out.pcf", "out.prv", "out.row", "run.mpjt"), listing());
    }

    private void assertRefused(String mustContain, String... more) {
        List<String> args = new java.util.ArrayList<>(List.of("export", file.toString()));
        if (!List.of(more).contains("--format")) args.addAll(List.of("--format", "paraver"));
        args.addAll(List.of(more));
        Cli c = Cli.run(args.toArray(new String[0]));
        assertEquals(2, c.code, c.toString());
        assertEquals(1, c.errLines(), c.toString());
        assertTrue(c.err.startsWith("mpjtrace: ") && c.err.contains(mustContain), c.err);
    }

    private List<String> listing() throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
