package org.mpjtrace.agent;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

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

    private static void scanFolder(Path root, CallGraph graph) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                String name = root.relativize(f).toString().replace(f.getFileSystem().getSeparator(), "/");
                if (!wanted(name) || !Files.isRegularFile(f)) continue;
                try {
                    graph.add(Files.readAllBytes(f));
                } catch (IOException e) {
                    // An unreadable class is not scanned.
                }
            }
        }
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
