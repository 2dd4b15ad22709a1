package org.mpjtrace.cli.job;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class StarterCommandTest {

    @Test
    void tracedMulticoreJob() {
        JobRequest req = JobRequest.of("app.jar", "org.Main", List.of("a", "-b")).withRanks(8);
        String agent = StarterCommand.agentArg(Path.of("/r/agent/target/tracer.jar"), StarterCommand.agentOptions("dump", Path.of("/w/Main.mpjt"), "ringSize=64"));
        assertEquals("-javaagent:/r/agent/target/tracer.jar=mode=dump,output=/w/Main.mpjt,ringSize=64", agent);
        List<String> cmd = StarterCommand.build(Path.of("/mpj/lib/starter.jar"), req, null, List.of(), agent);
        assertEquals(List.of("-jar", "/mpj/lib/starter.jar", "-np", "8", "-dev", "multicore", agent, "-cp", "app.jar",
                "org.Main", "a", "-b"), cmd.subList(1, cmd.size()));
        assertEquals(Path.of(System.getProperty("java.home"), "bin", "java").toString(), cmd.get(0));
    }

    @Test
    void untracedNiodevJob() {
        JobRequest req = JobRequest.of("app.jar", "Main", List.of()).withDevice("niodev").withTrace(false);
        List<String> cmd = StarterCommand.build(Path.of("/s.jar"), req, Path.of("/tmp/machines"), List.of(), null);
        assertEquals(List.of("-jar", "/s.jar", "-np", "4", "-dev", "niodev", "-machinesfile", "/tmp/machines", "-cp", "app.jar",
                "Main"), cmd.subList(1, cmd.size()));
    }

    @Test
    void theJobsJvmOptionsGoBeforeTheAgentForTheStarterToForward() {
        List<String> options = StarterCommand.jobJavaOptions("  -Xmx2g   -XX:TieredStopAtLevel=1 ");
        assertEquals(List.of("-Xmx2g", "-XX:TieredStopAtLevel=1"), options);
        assertEquals(List.of(), StarterCommand.jobJavaOptions(null));
        List<String> cmd = StarterCommand.build(Path.of("/s.jar"), JobRequest.of("app.jar", "Main", List.of()), null, options, "-javaagent:/t.jar");
        assertEquals(List.of("-jar", "/s.jar", "-np", "4", "-dev", "multicore", "-Xmx2g", "-XX:TieredStopAtLevel=1", "-javaagent:/t.jar",
                "-cp", "app.jar", "Main"), cmd.subList(1, cmd.size()));
    }

    @Test
    void agentArgWithoutExtraOptions() {
        assertEquals("-javaagent:/t.jar=mode=dump,output=/o.mpjt",
                StarterCommand.agentArg(Path.of("/t.jar"), StarterCommand.agentOptions("dump", Path.of("/o.mpjt"), "")));
    }
}
