package org.mpjtrace.cli.job;

import java.nio.file.Path;
import java.util.List;
import org.mpjtrace.trace.TracingMode;

/**
 * What to run: an MPJ program and how. Build one with {@link #of} and the {@code with...} methods;
 * {@link JobLauncher} checks it.
 *
 * @param ranks        number of ranks (starter's -np)
 * @param device       "multicore" or "niodev"
 * @param machines     machines file for niodev, or null to run on a daemon of our own on localhost
 * @param mode         tracing mode passed to the agent
 * @param output       trace file (relative paths are taken against the launcher's working directory),
 *                     or null for {@code <main class simple name>.mpjt}
 * @param agentOptions extra agent options, {@code k=v,k=v}, or "" for none
 * @param clustering   the clustering modes' settings (marker rule, call frequency, leads, ACURDION's choices), as far as given
 * @param trace        false to run the same job without the agent
 * @param classpath    the application's class path
 * @param mainClass    the application's main class
 * @param args         the application's arguments
 */
public record JobRequest(int ranks, String device, Path machines, String mode, Path output, String agentOptions,
                         ClusteringOptions clustering, boolean trace, String classpath, String mainClass, List<String> args) {

    public static final String MULTICORE = "multicore";
    public static final String NIODEV = "niodev";
    /** The default mode's key, a constant for picocli's annotations: dump. */
    public static final String DUMP = TracingMode.DEFAULT_KEY;

    public JobRequest {
        args = List.copyOf(args);
        agentOptions = agentOptions == null ? "" : agentOptions;
        clustering = clustering == null ? ClusteringOptions.NONE : clustering;
    }

    /** The defaults: 4 ranks, multicore, dump mode, traced, output named after the main class. */
    public static JobRequest of(String classpath, String mainClass, List<String> args) {
        return new JobRequest(4, MULTICORE, null, DUMP, null, "", ClusteringOptions.NONE, true, classpath, mainClass, args);
    }

    public JobRequest withRanks(int n) {
        return new JobRequest(n, device, machines, mode, output, agentOptions, clustering, trace, classpath, mainClass, args);
    }

    public JobRequest withDevice(String d) {
        return new JobRequest(ranks, d, machines, mode, output, agentOptions, clustering, trace, classpath, mainClass, args);
    }

    public JobRequest withMachines(Path m) {
        return new JobRequest(ranks, device, m, mode, output, agentOptions, clustering, trace, classpath, mainClass, args);
    }

    public JobRequest withMode(String m) {
        return new JobRequest(ranks, device, machines, m, output, agentOptions, clustering, trace, classpath, mainClass, args);
    }

    public JobRequest withOutput(Path o) {
        return new JobRequest(ranks, device, machines, mode, o, agentOptions, clustering, trace, classpath, mainClass, args);
    }

    public JobRequest withAgentOptions(String o) {
        return new JobRequest(ranks, device, machines, mode, output, o, clustering, trace, classpath, mainClass, args);
    }

    public JobRequest withClustering(ClusteringOptions c) {
        return new JobRequest(ranks, device, machines, mode, output, agentOptions, c, trace, classpath, mainClass, args);
    }

    public JobRequest withTrace(boolean t) {
        return new JobRequest(ranks, device, machines, mode, output, agentOptions, clustering, t, classpath, mainClass, args);
    }

    /** The trace file as the user named it: the given output, else {@code <simple name of MAIN>.mpjt}. */
    public Path outputOrDefault() {
        if (output != null) return output;
        String simple = mainClass.substring(mainClass.lastIndexOf('.') + 1);
        return Path.of(simple + ".mpjt");
    }
}
