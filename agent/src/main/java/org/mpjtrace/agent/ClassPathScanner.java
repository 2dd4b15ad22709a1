package org.mpjtrace.agent;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import net.bytebuddy.jar.asm.ClassReader;

/**
 * Reads every class of a class path (folders and jars) into a {@link CallGraph}, skipping MPJ Express's
 * jars ({@link MpjOrigin}) and the packages the agent never rewrites, so MPJ's jars on a rank's class
 * path cost nothing. What cannot be read (a missing entry, a damaged jar or class) is skipped: its classes are then
 * not "scanned", and calls inside them carry no calling context. Class-Path attributes of jar manifests
 * and multi-release versions are not followed.
 */
final class ClassPathScanner {
    private static final String CLASS = ".class";

    private ClassPathScanner() {}

    static Reach scan(List<Path> entries, MpjOrigin origin) {
        CallGraph graph = new CallGraph();
        for (Path entry : entries) {
            if (origin.isMpjJar(entry)) continue;
            try {
                if (Files.isDirectory(entry)) scanFolder(entry, graph);
                else if (Files.isRegularFile(entry)) scanJar(entry, graph);
            } catch (IOException | UncheckedIOException | SecurityException e) {
                // Classes read before the failure stay in the graph; the rest are simply not scanned.
            }
        }
        return graph.reach();
    }

    /**
     * A folder is walked, but only where a class could load from it: a subfolder whose name is no Java
     * identifier (.git, test-classes, surefire-reports) holds no package, and a class file whose path is
     * not its class's name (a module's target/classes/org/... seen from the project's root) cannot load
     * from this root; both are skipped before any parsing. MPJ's multicore starter puts the working
     * directory on every rank's class path: run from a project's root, the scan used to parse every class
     * of the project's build folders (918 classes, 264 ms of each traced job's start in this repository).
     */
    private static void scanFolder(Path root, CallGraph graph) throws IOException {
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                return dir.equals(root) || isIdentifier(dir.getFileName().toString()) ? FileVisitResult.CONTINUE : FileVisitResult.SKIP_SUBTREE;
            }

            @Override
            public FileVisitResult visitFile(Path f, BasicFileAttributes attrs) {
                String name = root.relativize(f).toString().replace(f.getFileSystem().getSeparator(), "/");
                if (!attrs.isRegularFile() || !wanted(name)) return FileVisitResult.CONTINUE;
                try {
                    ClassReader reader = CallGraph.reader(Files.readAllBytes(f));
                    if (reader != null && name.equals(reader.getClassName() + CLASS)) graph.add(reader);
                } catch (IOException e) {
                    // An unreadable class is not scanned.
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path f, IOException e) {
                return FileVisitResult.CONTINUE; // an unreadable folder or file is not scanned
            }
        });
    }

    /** Whether a folder name can be a package name's part. */
    private static boolean isIdentifier(String name) {
        if (name.isEmpty() || !Character.isJavaIdentifierStart(name.charAt(0))) return false;
        for (int i = 1; i < name.length(); i++) if (!Character.isJavaIdentifierPart(name.charAt(i))) return false;
        return true;
    }

    private static void scanJar(Path jar, CallGraph graph) throws IOException {
        try (JarFile file = new JarFile(jar.toFile(), false)) {
            for (Enumeration<JarEntry> e = file.entries(); e.hasMoreElements(); ) {
                JarEntry entry = e.nextElement();
                if (entry.isDirectory() || !wanted(entry.getName())) continue;
                try (InputStream in = file.getInputStream(entry)) {
                    graph.add(in.readAllBytes());
                }
            }
        }
    }

    /** Application class files: not the JDK's or ours, not module or jar metadata. */
    private static boolean wanted(String path) {
        if (!path.endsWith(CLASS) || path.startsWith("META-INF/") || path.endsWith("module-info.class")) return false;
        return !ExcludedPackages.excluded(path.substring(0, path.length() - CLASS.length()));
    }
}
