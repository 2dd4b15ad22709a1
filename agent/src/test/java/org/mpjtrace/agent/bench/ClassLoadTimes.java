package org.mpjtrace.agent.bench;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/**
 * Loads every class of a class folder, ROUNDS times, each round in a new class loader over the folder and
 * MPJ's jar, and prints each round's time: what the agent adds to a program's class loading (its
 * transformation runs as each class is defined). Run by bench/class-load.sh with no agent and with each
 * tracer jar, in one run of the script. Classes are loaded, not initialised: no program code runs.
 *
 * <p>Args: CLASS_FOLDER MPJ_JAR ROUNDS.
 */
public final class ClassLoadTimes {
    private ClassLoadTimes() {}

    public static void main(String[] args) throws Exception {
        Path folder = Path.of(args[0]);
        URL[] path = {folder.toUri().toURL(), Path.of(args[1]).toUri().toURL()};
        int rounds = Integer.parseInt(args[2]);
        List<String> names = classNames(folder);
        long[] millis = new long[rounds];
        for (int round = 0; round < rounds; round++) {
            long start = System.nanoTime();
            try (URLClassLoader loader = new URLClassLoader(path, ClassLoader.getSystemClassLoader())) {
                for (String name : names) Class.forName(name, false, loader);
            }
            millis[round] = (System.nanoTime() - start) / 1_000_000;
        }
        long[] later = Arrays.copyOfRange(millis, 1, rounds);
        Arrays.sort(later);
        System.out.println("classes=" + names.size() + " first_ms=" + millis[0] + " median_later_ms=" + (later.length == 0 ? -1 : later[later.length / 2]));
    }

    private static List<String> classNames(Path folder) throws IOException {
        List<String> names = new ArrayList<>();
        try (Stream<Path> files = Files.walk(folder)) {
            files.filter(f -> f.toString().endsWith(".class")).forEach(f -> {
                String relative = folder.relativize(f).toString();
                names.add(relative.substring(0, relative.length() - ".class".length()).replace(f.getFileSystem().getSeparator(), "."));
            });
        }
        names.sort(null);
        return names;
    }
}
