package org.mpjtrace.cli.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A job's class path and main class are checked before MPJ starts: a mistake is one line, not MPJ's exceptions from every rank. */
class ProgramOnClassPathTest {
    @TempDir
    Path dir;

    private Path jarWith(String name, String entry) throws Exception {
        Path jar = dir.resolve(name);
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out)) {
            j.putNextEntry(new JarEntry(entry));
            j.write(new byte[] {(byte) 0xCA, (byte) 0xFE});
            j.closeEntry();
        }
        return jar;
    }

    @Test
    void aMissingEntryIsNamed() throws Exception {
        jarWith("app.jar", "org/example/Main.class");
        assertEquals("class path entry lib/missing.jar: no such file or directory",
                ProgramOnClassPath.problem("app.jar:lib/missing.jar", "org.example.Main", dir));
    }

    @Test
    void aMainClassInNoEntryIsNamed() throws Exception {
        jarWith("app.jar", "org/example/Main.class");
        assertEquals("main class org.example.Mian is not in the class path app.jar (no org/example/Mian.class there)",
                ProgramOnClassPath.problem("app.jar", "org.example.Mian", dir));
    }

    @Test
    void aMainClassInAJarADirectoryOrAWildcardIsFound() throws Exception {
        jarWith("app.jar", "org/example/Main.class");
        assertNull(ProgramOnClassPath.problem("app.jar", "org.example.Main", dir));
        Files.createDirectories(dir.resolve("classes/org/example"));
        Files.write(dir.resolve("classes/org/example/Other.class"), new byte[] {1});
        assertNull(ProgramOnClassPath.problem("classes", "org.example.Other", dir));
        Files.createDirectories(dir.resolve("lib"));
        Files.move(dir.resolve("app.jar"), dir.resolve("lib/app.jar"));
        assertNull(ProgramOnClassPath.problem("classes:lib/*", "org.example.Main", dir));
    }
}
