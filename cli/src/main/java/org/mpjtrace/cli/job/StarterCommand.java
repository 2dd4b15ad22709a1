package org.mpjtrace.cli.job;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line of MPJ's starter for a job:
 * {@code java -jar MPJ_HOME/lib/starter.jar -np N -dev DEV [-machinesfile F] [-javaagent:...] -cp CP MAIN ARGS}.
 * The starter forwards options that start with '-' and come before the class name to the JVMs that run
 * the ranks, which is how the agent gets there (the starter's own JVM never loads it), and so are the JVM
 * options in the environment variable {@link #JOB_JAVA_OPTS} (e.g. {@code -Xmx4g}).
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

    /**
     * @param jvmOptions options for the JVMs that run the ranks ({@link #jobJavaOptions})
     * @param agentArg   the whole {@code -javaagent:...} option, or null to run without the agent
     * @param machines   the machines file for niodev, or null
     */
    public static List<String> build(Path starterJar, JobRequest req, Path machines, List<String> jvmOptions, String agentArg) {
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

    /** The agent's options: {@code mode=M,output=ABSOLUTE_PATH[,extra]}; later keys win in the agent's parser. */
    public static String agentOptions(String mode, Path absoluteOutput, String extraOptions) {
        return "mode=" + mode + ",output=" + absoluteOutput + (extraOptions.isEmpty() ? "" : "," + extraOptions);
    }

    /** {@code -javaagent:JAR=OPTIONS}. */
    public static String agentArg(Path tracerJar, String agentOptions) {
        return "-javaagent:" + tracerJar + '=' + agentOptions;
    }
}
