package org.mpjtrace.cli.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.mpjtrace.cli.Main;
import org.mpjtrace.cli.job.Installation;
import picocli.CommandLine;

/**
 * The build writes a man page per command (picocli-codegen, then Asciidoctor's manpage backend) into
 * cli/target/man/man1: one for mpjtrace and one for each of its subcommands, each a troff page that
 * names its command and gives its options as the command's own help does.
 */
class ManPageIT {

    @Test
    void everyCommandHasATroffManPageWithItsOwnOptions() throws IOException {
        Path man1 = Installation.fromEnvironment().cliJar().getParent().resolve("man/man1");
        CommandLine root = Main.newCommandLine();
        TreeSet<String> expected = new TreeSet<>();
        expected.add("mpjtrace.1");
        for (String name : root.getSubcommands().keySet()) expected.add("mpjtrace-" + name + ".1");
        TreeSet<String> written = new TreeSet<>();
        try (Stream<Path> files = Files.list(man1)) {
            files.forEach(f -> written.add(f.getFileName().toString()));
        }
        assertEquals(expected, written);

        String export = Files.readString(man1.resolve("mpjtrace-export.1"), StandardCharsets.UTF_8);
        assertTrue(export.contains(".TH \"MPJTRACE\\-EXPORT\" \"1\""), "a troff page: " + export.lines().limit(12).toList());
        for (CommandLine.Model.OptionSpec o : root.getSubcommands().get("export").getCommandSpec().options())
            assertTrue(export.contains(o.longestName().replace("-", "\\-")), "export's page gives " + o.longestName());
        String main = Files.readString(man1.resolve("mpjtrace.1"), StandardCharsets.UTF_8);
        for (String name : root.getSubcommands().keySet())
            assertTrue(main.contains(name.replace("-", "\\-")), "mpjtrace's page names " + name);
    }
}
