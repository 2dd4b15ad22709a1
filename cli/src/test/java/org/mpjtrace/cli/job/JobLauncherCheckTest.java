package org.mpjtrace.cli.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The launcher's checks, all before anything is started: none of these needs MPJ. */
class JobLauncherCheckTest {
    @TempDir
    Path dir;
    Path home;
    Path mpjHome;
    StringWriter messages;

    @BeforeEach
    void fakeInstall() throws Exception {
        home = Files.createDirectories(dir.resolve("repo"));
        Files.createDirectories(home.resolve("agent/target"));
        Files.writeString(home.resolve("agent/target/tracer.jar"), "not really");
        mpjHome = Files.createDirectories(dir.resolve("mpj/lib"));
        mpjHome = mpjHome.getParent();
        for (String jar : StarterCommand.MULTICORE_JARS) Files.writeString(mpjHome.resolve("lib").resolve(jar), "not really");
        messages = new StringWriter();
    }

    private JobResult run(Installation inst, JobRequest req) {
        return new JobLauncher(inst, new PrintWriter(messages, true)).workingDirectory(dir).run(req);
    }

    private void assertBad(Installation inst, JobRequest req, String mustContain) {
        JobResult r = run(inst, req);
        assertEquals(2, r.exitCode(), messages.toString());
        assertEquals(-1, r.starterExit());
        assertNull(r.trace());
        assertEquals(1, messages.toString().lines().count(), messages.toString());
        assertTrue(messages.toString().startsWith("mpjtrace: ") && messages.toString().contains(mustContain), messages.toString());
        messages.getBuffer().setLength(0);
    }

    private JobRequest ok() {
        return JobRequest.of("app.jar", "org.example.Main", List.of());
    }

    @Test
    void mpjHomeMustBeSetAndHoldTheStarter() {
        assertBad(new Installation(home, null), ok(), "MPJ_HOME is not set");
        assertBad(new Installation(home, dir.resolve("nowhere")), ok(), "starter.jar");
    }

    @Test
    void tracerJarMustExistWhenTracing() throws Exception {
        Files.delete(home.resolve("agent/target/tracer.jar"));
        assertBad(new Installation(home, mpjHome), ok(), "tracer jar not found");
        assertBad(new Installation(null, mpjHome), ok(), "mpjtrace home");
    }

    @Test
    void badRequests() {
        Installation inst = new Installation(home, mpjHome);
        assertBad(inst, ok().withRanks(0), "-np");
        assertBad(inst, ok().withDevice("hybdev"), "unknown device 'hybdev'");
        assertBad(inst, ok().withMachines(Path.of("m")), "--machines applies to --dev niodev only");
        assertBad(inst, ok().withDevice("niodev").withMachines(Path.of("m")), "m: no such machines file");
        assertBad(inst, ok().withMode("hybrid"), "unknown mode 'hybrid' (expected dump, full, chameleon, acurdion, reference)");
        assertBad(inst, ok().withClustering(new ClusteringOptions("barrier", null, null)), "--marker applies to --mode chameleon, acurdion or reference only");
        assertBad(inst, ok().withMode("chameleon").withClustering(new ClusteringOptions("site:.x", null, null)), "not a marker rule");
        assertBad(inst, ok().withMode("chameleon").withClustering(new ClusteringOptions(null, null, 4097)), "-k must be from 1 to 4096");
        assertBad(inst, ok().withMode("chameleon").withClustering(new ClusteringOptions(null, 2, null)).withAgentOptions("callFrequency=3"),
                "'callFrequency' is already set by --call-frequency");
        assertBad(inst, ok().withAgentOptions("ringSize"), "'ringSize' is not key=value");
        assertBad(inst, ok().withAgentOptions("ringSize=64,output=x"), "'output'");
        assertBad(inst, ok().withAgentOptions("mode=dump"), "'mode'");
        assertBad(inst, ok().withOutput(Path.of("a,b.mpjt")), "','");
        assertBad(inst, ok().withOutput(Path.of("no/such/dir/x.mpjt")), "no such directory");
        assertBad(inst, JobRequest.of("app.jar", "-Dx=y", List.of()), "not a class name");
    }

    @Test
    void chameleonSettingsFollowTheOtherAgentOptions() {
        JobRequest req = ok().withMode("chameleon").withAgentOptions("ringSize=64")
                .withClustering(new ClusteringOptions("site:Solver.step:50", 2, 4));
        assertEquals("ringSize=64,marker=site:Solver.step:50,callFrequency=2,k=4", JobLauncher.extraAgentOptions(req));
        assertEquals("k=4", JobLauncher.extraAgentOptions(ok().withMode("chameleon").withClustering(new ClusteringOptions(null, null, 4))));
        assertEquals("", JobLauncher.extraAgentOptions(ok()));
    }

    @Test
    void defaultOutputIsNamedAfterTheMainClass() {
        assertEquals(Path.of("Main.mpjt"), ok().outputOrDefault());
        assertEquals(Path.of("x/y.mpjt"), ok().withOutput(Path.of("x/y.mpjt")).outputOrDefault());
    }
}
