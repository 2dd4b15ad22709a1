package org.mpjtrace.cli.job;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class StarterCommandTest {

    private static final String MULTICORE_CP = "/mpj/lib/smpdev.jar:/mpj/lib/xdev.jar:/mpj/lib/mpjbuf.jar:/mpj/lib/loader2.jar:/mpj/lib/starter.jar:"
            + "/mpj/lib/mpiExp.jar";

    @Test
    void aTracedMulticoreJobRunsTheRanksJvmAsMpjsStarterWouldWithTheAgentAndTheProgramsArguments() {
        JobRequest req = JobRequest.of("app.jar", "org.Main", List.of("a", "-np", "3")).withRanks(8);
        String agent = StarterCommand.agentArg(Path.of("/r/agent/target/tracer.jar"), StarterCommand.agentOptions("dump", Path.of("/w/Main.mpjt"), "ringSize=64"));
        assertEquals("-javaagent:/r/agent/target/tracer.jar=mode=dump,output=/w/Main.mpjt,ringSize=64", agent);
        List<String> cmd = StarterCommand.build(Path.of("/mpj/lib/starter.jar"), Path.of("/w"), req, null, List.of(), agent);
        // "-np 3" after MAIN is the program's: no starter reads this command line.
        assertEquals(List.of(agent, "-cp", MULTICORE_CP, "runtime.starter.MulticoreStarter", "/w", "8", "smpdev", "useLocalLoader", "app.jar",
                "org.Main", "a", "-np", "3"), cmd.subList(1, cmd.size()));
        assertEquals(Path.of(System.getProperty("java.home"), "bin", "java").toString(), cmd.get(0));
    }

    @Test
    void untracedNiodevJobGoesThroughMpjsStarter() {
        JobRequest req = JobRequest.of("app.jar", "Main", List.of()).withDevice("niodev").withTrace(false);
        List<String> cmd = StarterCommand.build(Path.of("/s.jar"), Path.of("/w"), req, Path.of("/tmp/machines"), List.of(), null);
        assertEquals(List.of("-jar", "/s.jar", "-np", "4", "-dev", "niodev", "-machinesfile", "/tmp/machines", "-cp", "app.jar",
                "Main"), cmd.subList(1, cmd.size()));
    }

    @Test
    void theJobsJvmOptionsGoBeforeTheAgentOnEitherDevice() {
        List<String> options = StarterCommand.jobJavaOptions("  -Xmx2g   -XX:TieredStopAtLevel=1 ");
        assertEquals(List.of("-Xmx2g", "-XX:TieredStopAtLevel=1"), options);
        assertEquals(List.of(), StarterCommand.jobJavaOptions(null));
        List<String> cmd = StarterCommand.build(Path.of("/mpj/lib/starter.jar"), Path.of("/w"), JobRequest.of("app.jar", "Main", List.of()), null, options,
                "-javaagent:/t.jar");
        assertEquals(List.of("-Xmx2g", "-XX:TieredStopAtLevel=1", "-javaagent:/t.jar", "-cp", MULTICORE_CP), cmd.subList(1, 6));
        JobRequest nio = JobRequest.of("app.jar", "Main", List.of()).withDevice("niodev");
        cmd = StarterCommand.build(Path.of("/s.jar"), Path.of("/w"), nio, Path.of("/m"), options, "-javaagent:/t.jar");
        assertEquals(List.of("-jar", "/s.jar", "-np", "4", "-dev", "niodev", "-machinesfile", "/m", "-Xmx2g", "-XX:TieredStopAtLevel=1",
                "-javaagent:/t.jar", "-cp", "app.jar", "Main"), cmd.subList(1, cmd.size()));
    }

    @Test
    void agentArgWithoutExtraOptions() {
        assertEquals("-javaagent:/t.jar=mode=dump,output=/o.mpjt",
                StarterCommand.agentArg(Path.of("/t.jar"), StarterCommand.agentOptions("dump", Path.of("/o.mpjt"), "")));
    }
}
