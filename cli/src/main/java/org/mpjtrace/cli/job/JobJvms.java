package org.mpjtrace.cli.job;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The JVMs of a running MPJ job, found by its main class among this user's processes: the multicore
 * JVM that runs every rank, or each niodev rank's JVM. MPJ's starter ({@code java -jar starter.jar}) and
 * the mpjtrace command that started the job ({@code java -jar mpjtrace-cli.jar run}), which name the main
 * class too but run no rank, are left out.
 */
public final class JobJvms {
    private JobJvms() {}

    /** The process ids of the JVMs whose command line names {@code mainClass} as an argument of its own. */
    public static List<Long> withMainClass(String mainClass) {
        long self = ProcessHandle.current().pid();
        return ProcessHandle.allProcesses()
                .filter(p -> p.pid() != self && isJava(p))
                .filter(p -> {
                    List<String> args = arguments(p);
                    return args.contains(mainClass) && !isLauncher(args);
                })
                .map(ProcessHandle::pid)
                .sorted()
                .toList();
    }

    private static boolean isJava(ProcessHandle p) {
        Optional<String> command = p.info().command();
        return command.isPresent() && (command.get().endsWith("/java") || command.get().equals("java"));
    }

    private static List<String> arguments(ProcessHandle p) {
        return p.info().arguments().map(Arrays::asList).orElse(List.of());
    }

    private static boolean isLauncher(List<String> args) {
        int jar = args.indexOf("-jar");
        if (jar < 0 || jar + 1 >= args.size()) return false;
        String name = args.get(jar + 1);
        return name.endsWith("starter.jar") || name.endsWith("mpjtrace-cli.jar");
    }
}
