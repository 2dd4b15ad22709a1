package org.mpjtrace.agent;

import java.io.File;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.FileSystemNotFoundException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * The {@link Reach} of each class loader, computed once per class path: the first class a loader
 * brings to the agent makes it scan that loader's whole class path. In multicore mode every rank has
 * its own URLClassLoader over the same path: they share one scan. With niodev (and plain java) the
 * application comes from the system class loader, whose path is java.class.path. Any other loader's
 * classes get no calling context ({@link Reach#NONE}).
 */
final class ReachCache {
    private final Map<ClassLoader, Reach> byLoader = new WeakHashMap<>();
    private final Map<List<Path>, Reach> byClassPath = new HashMap<>();
    private final MpjOrigin origin;

    ReachCache(MpjOrigin origin) {
        this.origin = origin;
    }

    /** Blocks while the first caller scans: other ranks' loaders wait for the same result rather than scan too. */
    synchronized Reach forLoader(ClassLoader loader) {
        Reach reach = byLoader.get(loader);
        if (reach == null) {
            List<Path> path = classPath(loader);
            reach = path == null ? Reach.NONE : byClassPath.computeIfAbsent(path, p -> ClassPathScanner.scan(p, origin));
            byLoader.put(loader, reach);
        }
        return reach;
    }

    /** The loader's class path as absolute paths, or null when it cannot be known. */
    static List<Path> classPath(ClassLoader loader) {
        List<Path> entries = new ArrayList<>();
        if (loader instanceof URLClassLoader urls) {
            for (URL url : urls.getURLs()) {
                if (!"file".equals(url.getProtocol())) continue;
                try {
                    entries.add(Path.of(url.toURI()).toAbsolutePath().normalize());
                } catch (URISyntaxException | IllegalArgumentException | FileSystemNotFoundException e) {
                    // Not a local file: not scanned.
                }
            }
            return entries;
        }
        if (loader == ClassLoader.getSystemClassLoader()) {
            for (String entry : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
                if (entry.isEmpty()) continue;
                try {
                    entries.add(Path.of(entry).toAbsolutePath().normalize());
                } catch (InvalidPathException e) {
                    // Not scanned.
                }
            }
            return entries;
        }
        return null;
    }
}
