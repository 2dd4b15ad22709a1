package org.mpjtrace.cli.job;

import java.io.File;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether a job's program is there before MPJ is started: every entry of its class path exists, and one
 * of them holds the main class. Without this a mistyped jar or class name started the job anyway and
 * ended in MPJ's ClassNotFoundException and a NullPointerException from every rank. Entries may be
 * {@code dir/*} (every jar in dir), as {@code java -cp} takes them. Only the class file is looked for,
 * never loaded, so nothing of the program runs here.
 */
final class ProgramOnClassPath {
    private ProgramOnClassPath() {}

    /** What is missing, in one line, or null when the program is there. Relative entries count from {@code dir}. */
    static String problem(String classpath, String mainClass, Path dir) {
        List<URL> urls = new ArrayList<>();
        for (String entry : classpath.split(File.pathSeparator)) {
            if (entry.isEmpty()) continue;
            boolean wildcard = entry.equals("*") || entry.endsWith(File.separator + "*");
            Path p = dir.resolve(wildcard ? entry.substring(0, entry.length() - 1) : entry).normalize();
            if (!Files.exists(p)) return "class path entry " + entry + ": no such file or directory";
            try {
                if (wildcard) {
                    try (DirectoryStream<Path> jars = Files.newDirectoryStream(p, "*.{jar,JAR}")) {
                        for (Path jar : jars) urls.add(jar.toUri().toURL());
                    }
                } else {
                    urls.add(p.toUri().toURL());
                }
            } catch (MalformedURLException e) {
                return "class path entry " + entry + ": " + e.getMessage();
            } catch (IOException e) {
                return "class path entry " + entry + ": cannot read it (" + e.getMessage() + ")";
            }
        }
        String classFile = mainClass.replace('.', '/') + ".class";
        try (URLClassLoader loader = new URLClassLoader(urls.toArray(new URL[0]), null)) {
            if (loader.findResource(classFile) == null)
                return "main class " + mainClass + " is not in the class path " + classpath + " (no " + classFile + " there)";
        } catch (IOException e) {
            return "class path " + classpath + ": cannot read it (" + e.getMessage() + ")";
        }
        return null;
    }
}
