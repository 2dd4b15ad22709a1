package org.mpjtrace.cli.job;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line that starts a job.
 * <ul>
 *   <li>multicore: the JVM that runs every rank, as MPJ's starter would start it,
 *       {@code java [JVM options] [-javaagent:...] -cp MPJ_HOME/lib/{smpdev,xdev,mpjbuf,loader2,starter,mpiExp}.jar
 *       runtime.starter.MulticoreStarter DIR N smpdev useLocalLoader CP MAIN ARGS}. MPJ's starter
 *       ({@code starter.jar}) only builds this command, runs it and ends with 0 whatever it ended with:
 *       started directly, the job's exit code is the program's ({@code System.exit(3)} gives 3), one JVM
 *       start is saved, and a program argument such as {@code -np 3} is the program's, not the starter's;</li>
 *   <li>niodev: MPJ's starter,
 *       {@code java -jar MPJ_HOME/lib/starter.jar -np N -dev niodev -machinesfile F [JVM options] [-javaagent:...] -cp CP MAIN ARGS},
 *       which asks the hosts' daemons to start a JVM per rank; it forwards options that start with '-' and
 *       come before the class name to those JVMs, which is how the agent gets there.</li>
 * </ul>
 * The JVM options come from the environment variable {@link #JOB_JAVA_OPTS} (e.g. {@code -Xmx4g}).
 */
public final class StarterCommand {

    /** The environment variable whose options (split at spaces) every JVM that runs ranks gets. */
    public static final String JOB_JAVA_OPTS = "MPJTRACE_JOB_JAVA_OPTS";

    private StarterCommand() {}

    /** The options {@link #JOB_JAVA_OPTS} gives, split at spaces; none when it is not set. */
    public static List<String> jobJavaOptions(String value) {
        List<String> options = new ArrayList<>();
        if (value != null) for (String o : value.trim().split("\\s+")) if (!o.isEmpty()) options.add(o);
        return options;
    }

    /** MPJ Express's jars that the multicore JVM runs on, in the order MPJ's starter puts them on its class path. */
    public static final List<String> MULTICORE_JARS = List.of("smpdev.jar", "xdev.jar", "mpjbuf.jar", "loader2.jar", "starter.jar", "mpiExp.jar");

    /** The class MPJ's starter runs in the multicore JVM: it loads the program once per rank and runs each rank on a thread. */
    static final String MULTICORE_MAIN = "runtime.starter.MulticoreStarter";

    /**
     * @param starterJar MPJ_HOME/lib/starter.jar (its folder holds the multicore jars)
     * @param dir        the job's working directory (absolute)
     * @param jvmOptions options for the JVMs that run the ranks ({@link #jobJavaOptions})
     * @param agentArg   the whole {@code -javaagent:...} option, or null to run without the agent
     * @param machines   the machines file for niodev, or null
     */
    public static List<String> build(Path starterJar, Path dir, JobRequest req, Path machines, List<String> jvmOptions, String agentArg) {
        if (req.device().equals(JobRequest.MULTICORE)) return multicore(starterJar.getParent(), dir, req, jvmOptions, agentArg);
        List<String> cmd = new ArrayList<>();
        cmd.add(LocalDaemon.javaBinary());
        cmd.add("-jar");
        cmd.add(starterJar.toString());
        cmd.add("-np");
        cmd.add(Integer.toString(req.ranks()));
        cmd.add("-dev");
        cmd.add(req.device());
        if (machines != null) {
            cmd.add("-machinesfile");
            cmd.add(machines.toString());
        }
        cmd.addAll(jvmOptions);
        if (agentArg != null) cmd.add(agentArg);
        cmd.add("-cp");
        cmd.add(req.classpath());
        cmd.add(req.mainClass());
        cmd.addAll(req.args());
        return cmd;
    }

    private static List<String> multicore(Path lib, Path dir, JobRequest req, List<String> jvmOptions, String agentArg) {
        List<String> cmd = new ArrayList<>();
        cmd.add(LocalDaemon.javaBinary());
        cmd.addAll(jvmOptions);
        if (agentArg != null) cmd.add(agentArg);
        cmd.add("-cp");
        cmd.add(String.join(File.pathSeparator, MULTICORE_JARS.stream().map(j -> lib.resolve(j).toString()).toList()));
        cmd.add(MULTICORE_MAIN);
        cmd.add(dir.toString());
        cmd.add(Integer.toString(req.ranks()));
        cmd.add("smpdev");
        cmd.add("useLocalLoader");
        cmd.add(req.classpath());
        cmd.add(req.mainClass());
        cmd.addAll(req.args());
        return cmd;
    }

    /** The agent's options: {@code mode=M,output=ABSOLUTE_PATH[,extra]}; later keys win in the agent's parser. */
    public static String agentOptions(String mode, Path absoluteOutput, String extraOptions) {
        return "mode=" + mode + ",output=" + absoluteOutput + (extraOptions.isEmpty() ? "" : "," + extraOptions);
    }

    /** {@code -javaagent:JAR=OPTIONS}. */
    public static String agentArg(Path tracerJar, String agentOptions) {
        return "-javaagent:" + tracerJar + '=' + agentOptions;
    }
}
