package org.mpjtrace.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpjtrace.samples.ContextSample;

/** Scanning class paths (folders and jars) and sharing the result between loaders of one path. */
class ClassPathScanTest {
    private static final MpjOrigin NO_MPJ_HOME = new MpjOrigin(null);

    private static final String SAMPLE = "org/mpjtrace/samples/ContextSample";

    @TempDir
    Path dir;

    private Path folderWithSample() throws Exception {
        Path folder = dir.resolve("classes");
        Path file = folder.resolve(SAMPLE + ".class");
        Files.createDirectories(file.getParent());
        Files.write(file, CallingContextRewriteTest.bytesOf(ContextSample.class));
        return folder;
    }

    private Path jar(String name, String entry) throws Exception {
        Path jar = dir.resolve(name);
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out)) {
            j.putNextEntry(new JarEntry(entry));
            j.write(CallingContextRewriteTest.bytesOf(ContextSample.class));
            j.closeEntry();
        }
        return jar;
    }

    @Test
    void foldersAndJarsAreScanned() throws Exception {
        for (Path entry : List.of(folderWithSample(), jar("app.jar", SAMPLE + ".class"))) {
            Reach reach = ClassPathScanner.scan(List.of(entry), NO_MPJ_HOME);
            assertTrue(reach.scanned(SAMPLE), entry.toString());
            assertTrue(reach.reaches("viaB", "()I"), entry.toString());
        }
    }

    @Test
    void aProjectRootOnTheClassPathScansOnlyTheClassesThatCanLoadFromIt() throws Exception {
        // MPJ's multicore starter puts the working directory on the class path: run from a project's root, its build
        // folders hold class files a loader never finds there. A path that is not the class's name, or runs through a
        // folder no package can be named (.git, test-classes), is not parsed.
        Path root = dir.resolve("project");
        byte[] sample = CallingContextRewriteTest.bytesOf(ContextSample.class);
        for (String misplaced : List.of("module/target/classes/" + SAMPLE, ".git/" + SAMPLE, "target/test-classes/" + SAMPLE)) {
            Path f = root.resolve(misplaced + ".class");
            Files.createDirectories(f.getParent());
            Files.write(f, sample);
        }
        assertEquals(0, ClassPathScanner.scan(List.of(root), NO_MPJ_HOME).scannedClasses());
        Path placed = root.resolve(SAMPLE + ".class");
        Files.createDirectories(placed.getParent());
        Files.write(placed, sample);
        Reach reach = ClassPathScanner.scan(List.of(root), NO_MPJ_HOME);
        assertEquals(1, reach.scannedClasses());
        assertTrue(reach.reaches("viaB", "()I"));
    }

    @Test
    void excludedPackagesMissingEntriesAndDamagedJarsAreSkipped() throws Exception {
        Path damaged = dir.resolve("damaged.jar");
        Files.write(damaged, new byte[] {'P', 'K', 3, 4, 1, 2, 3});
        Path junk = dir.resolve("junk").resolve("org/x/Junk.class");
        Files.createDirectories(junk.getParent());
        Files.write(junk, new byte[] {1, 2, 3});
        Reach reach = ClassPathScanner.scan(List.of(jar("mpj.jar", "mpi/Sample.class"), jar("mpjdev-0.44.jar", "mpjdev/Sample.class"),
                dir.resolve("nothing-here"), damaged, dir.resolve("junk")), NO_MPJ_HOME);
        assertEquals(0, reach.scannedClasses(), "MPJ's jars are skipped by name, whatever the classes inside");
        assertEquals(0, reach.reachingMethods());
    }

    @Test
    void anApplicationPackageNamedMpiIsScannedAndMpjHomesJarsAreNot() throws Exception {
        Path app = jar("app.jar", "mpi/apps/Sample.class");
        assertEquals(1, ClassPathScanner.scan(List.of(app), NO_MPJ_HOME).scannedClasses(), "an application jar, whatever its packages");
        Path lib = Files.createDirectories(dir.resolve("mpj").resolve("lib"));
        Path renamed = Files.move(jar("site-build.jar", "mpi/Sample.class"), lib.resolve("site-build.jar"));
        assertEquals(0, ClassPathScanner.scan(List.of(renamed), new MpjOrigin(dir.resolve("mpj").toString())).scannedClasses(),
                "any jar in MPJ_HOME/lib is MPJ's");
        assertEquals(1, ClassPathScanner.scan(List.of(renamed), NO_MPJ_HOME).scannedClasses());
    }

    @Test
    void loadersOverTheSameClassPathShareOneScan() throws Exception {
        URL[] urls = {folderWithSample().toUri().toURL(), dir.resolve("absent.jar").toUri().toURL()};
        ReachCache cache = new ReachCache(NO_MPJ_HOME);
        try (URLClassLoader rank0 = new URLClassLoader(urls, null); URLClassLoader rank1 = new URLClassLoader(urls, null);
             URLClassLoader other = new URLClassLoader(new URL[] {jar("other.jar", SAMPLE + ".class").toUri().toURL()}, null)) {
            Reach r0 = cache.forLoader(rank0);
            assertTrue(r0.scanned(SAMPLE));
            assertSame(r0, cache.forLoader(rank1));
            assertNotSame(r0, cache.forLoader(other));
        }
        assertSame(Reach.NONE, cache.forLoader(new ClassLoader(null) {}), "a loader of unknown kind is not scanned");
    }

    @Test
    void theSystemLoadersPathIsTheJavaClassPath() {
        List<Path> expected = new ArrayList<>();
        for (String e : System.getProperty("java.class.path").split(File.pathSeparator))
            if (!e.isEmpty()) expected.add(Path.of(e).toAbsolutePath().normalize());
        assertEquals(expected, ReachCache.classPath(ClassLoader.getSystemClassLoader()));
        assertFalse(expected.isEmpty());
    }
}
