package org.mpjtrace.cli.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * Jobs of the examples in mode full with the dump kept (keepDump), each (program, ranks, device,
 * arguments) run once in this JVM for every test class that checks it: one run's dump is the ground
 * truth's ({@link ExampleChecks}), its compressed trace expands to that dump ({@code FullModeIT}), it
 * replays ({@code ReplayIT}) and a clustered run loses none of its calls ({@code ChameleonModeIT}). Every
 * record goes to the dump store and the loop folder alike, so the dump is a dump-mode run's.
 */
final class FullRuns {
    private static final Map<String, MpjJobs.Run> RUNS = new ConcurrentHashMap<>();
    private static final AtomicInteger FILES = new AtomicInteger();
    /** The traces, kept while this JVM runs (a replay reads its file) and deleted when it ends. */
    private static final Path DIR = folder();

    private FullRuns() {}

    /** {@code ex} with its call list printed (--calls), as {@link ExampleChecks} compares it. */
    static MpjJobs.Run of(Examples ex, int ranks, String device, Path machines) {
        return of(ex.mainClass, ranks, device, machines, ex.argsWithCalls());
    }

    static MpjJobs.Run of(String example, int ranks, String device, Path machines, List<String> args) {
        return RUNS.computeIfAbsent(example + " " + ranks + " " + device + " " + args, k -> MpjJobs.run(example, ranks, device, machines,
                DIR.resolve(example + "-" + FILES.incrementAndGet() + ".mpjt"), "full", "keepDump=true", args));
    }

    private static Path folder() {
        try {
            Path d = Files.createTempDirectory("mpjtrace-full-runs");
            Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(d)));
            return d;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void delete(Path d) {
        try (Stream<Path> files = Files.walk(d)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // A temporary folder left behind.
        }
    }
}
