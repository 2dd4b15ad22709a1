package org.mpjtrace.cli.job;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line of MPJ's starter for a job:
 * {@code java -jar MPJ_HOME/lib/starter.jar -np N -dev DEV [-machinesfile F] [-javaagent:...] -cp CP MAIN ARGS}.
 * The starter forwards options that start with '-' and come before the class name to the JVMs that run
 * the ranks, which is how the agent gets there (the starter's own JVM never loads it).
 */
public final class StarterCommand {

    private StarterCommand() {}

    /**
     * @param agentArg the whole {@code -javaagent:...} option, or null to run without the agent
     * @param machines the machines file for niodev, or null
     */
    public static List<String> build(Path starterJar, JobRequest req, Path machines, String agentArg) {
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
