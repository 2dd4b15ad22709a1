package org.mpjtrace.runtime.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpjtrace.trace.TracingMode;

class TracerConfigTest {

    @Test
    void defaults() {
        TracerConfig c = TracerConfig.parse(null);
        assertEquals(TracingMode.DUMP, c.mode);
        assertEquals(16384, c.ringSize);
        assertTrue(c.output.isAbsolute());
    }

    @Test
    void optionsAreParsed() {
        TracerConfig c = TracerConfig.parse("mode=dump,output=/tmp/x.mpjt,ringSize=1024");
        assertEquals(Path.of("/tmp/x.mpjt"), c.output);
        assertEquals(1024, c.ringSize);
    }

    @Test
    void unknownKeyIsNamedOnOneLine() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TracerConfig.parse("mode=dump,colour=red"));
        assertTrue(e.getMessage().contains("'colour'"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
    }

    @Test
    void anUnknownKeyThatIsAKnownOneWrittenOtherwiseGetsItSuggested() {
        assertTrue(error("stackdepth=2").startsWith("unknown agent key 'stackdepth' (did you mean 'stackDepth'? known: callFrequency, config, "),
                error("stackdepth=2"));
        assertTrue(error("call-frequency=10").contains("(did you mean 'callFrequency'? "), error("call-frequency=10"));
        assertTrue(error("ring_size=256").contains("(did you mean 'ringSize'? "), error("ring_size=256"));
        assertTrue(error("colour=red").startsWith("unknown agent key 'colour' (known: "), "no key is like it: " + error("colour=red"));
    }

    @Test
    void badValuesAreNamed() {
        assertTrue(error("mode=fast").contains("'mode'"));
        assertTrue(error("ringSize=1000").contains("'ringSize'"));
        assertTrue(error("ringSize=abc").contains("'ringSize'"));
        assertTrue(error("output=").contains("'output'"));
        assertTrue(error("justakey").contains("justakey"));
        assertTrue(error("config=/no/such/file").contains("'config'"));
    }

    @Test
    void timingIsHistogramByDefaultAndLosslessOnlyBesideModeFull() {
        assertEquals(org.mpjtrace.trace.TimingMode.HISTOGRAM, TracerConfig.parse("mode=full").timing);
        assertEquals(org.mpjtrace.trace.TimingMode.LOSSLESS, TracerConfig.parse("mode=full,timing=lossless").timing);
        assertTrue(error("mode=full,timing=fast").contains("'timing': 'fast' (expected: aggregate, histogram, lossy, lossless)"), error("mode=full,timing=fast"));
        // aggregate in every compressed mode, not in a dump.
        for (String mode : new String[] {"full", "chameleon", "acurdion", "reference"})
            assertEquals(org.mpjtrace.trace.TimingMode.AGGREGATE, TracerConfig.parse("mode=" + mode + ",timing=aggregate").timing, mode);
        assertTrue(error("mode=dump,timing=aggregate").contains("'timing': aggregate summarises the times of a compressed trace"),
                error("mode=dump,timing=aggregate"));
        assertTrue(error("mode=dump,timing=lossless").contains("a dump keeps them already"));
        // Every rank's own times beside a clustered trace's loops too.
        assertEquals(org.mpjtrace.trace.TimingMode.LOSSLESS, TracerConfig.parse("mode=chameleon,timing=lossless").timing);
    }

    @Test
    void keepDumpKeepsADumpBesideEveryCompressedModesTraceAndIsRefusedInModeDump() {
        for (String mode : new String[] {"full", "chameleon", "acurdion", "reference"})
            assertTrue(TracerConfig.parse("mode=" + mode + ",keepDump=true").keepDump, mode);
        assertEquals("bad value for agent key 'keepDump': mode dump is a dump already (modes full, chameleon, acurdion and reference keep one beside their trace)",
                assertThrows(IllegalArgumentException.class, () -> TracerConfig.parse("mode=dump,keepDump=true")).getMessage());
    }

    @Test
    void lossyTimingTakesAnEpsilonFromAThousandthToOneDefaultFivePercent() {
        assertEquals(org.mpjtrace.trace.TimingMode.LOSSY, TracerConfig.parse("mode=full,timing=lossy").timing);
        assertEquals(0.05, TracerConfig.parse("mode=full,timing=lossy").epsilon);
        assertEquals(0.2, TracerConfig.parse("mode=full,timing=lossy,epsilon=0.2").epsilon);
        for (String bad : new String[] {"0", "-0.1", "2", "abc", "NaN"})
            assertTrue(error("mode=full,timing=lossy,epsilon=" + bad).contains("'epsilon': '" + bad + "' (expected a number from 0.001 to 1"), bad);
        assertTrue(error("mode=full,epsilon=0.1").contains("'epsilon': it applies with timing=lossy only, not histogram"));
        assertEquals(0.2, TracerConfig.parse("mode=acurdion,timing=lossy,epsilon=0.2").epsilon);
        assertTrue(error("mode=dump,timing=lossy").contains("'timing': lossy keeps every call's times beside a compressed trace's loops (a dump keeps them already)"),
                error("mode=dump,timing=lossy"));
    }

    @Test
    void stackDepthIsZeroToSixteenDefaultThree() {
        assertEquals(3, TracerConfig.parse(null).stackDepth);
        assertEquals(0, TracerConfig.parse("stackDepth=0").stackDepth);
        assertEquals(16, TracerConfig.parse("stackDepth=16").stackDepth);
        assertTrue(error("stackDepth=17").contains("'stackDepth'"));
        assertTrue(error("stackDepth=-1").contains("'stackDepth'"));
        assertTrue(error("stackDepth=deep").contains("'stackDepth'"));
    }

    @Test
    void injectedFaultNamesARankAndARecord() {
        TracerConfig c = TracerConfig.parse("injectFault=2:50");
        assertEquals(2, c.faultRank);
        assertEquals(50, c.faultAfter);
        assertEquals(-1, TracerConfig.parse(null).faultRank);
        assertTrue(error("injectFault=2").contains("'injectFault'"));
        assertTrue(error("injectFault=x:1").contains("'injectFault'"));
        assertTrue(error("injectFault=1:0").contains("'injectFault'"));
    }

    @Test
    void configFileGivesKeysAndCommandLineWins(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("tracer.properties");
        Files.writeString(f, "# a comment\nringSize=256\noutput=/tmp/from-file.mpjt\n");
        TracerConfig c = TracerConfig.parse("config=" + f + ",output=/tmp/cli.mpjt");
        assertEquals(256, c.ringSize);
        assertEquals(Path.of("/tmp/cli.mpjt"), c.output);
    }

    @Test
    void theExampleConfigFileInDocsIsValid() {
        // Surefire runs in the module's directory; the README points users at this file.
        TracerConfig c = TracerConfig.parse("config=../docs/tracer.properties");
        assertEquals(TracingMode.DUMP, c.mode);
        assertEquals(16384, c.ringSize);
    }

    @Test
    void theChameleonExampleConfigFileInDocsIsValid() {
        TracerConfig c = TracerConfig.parse("config=../docs/chameleon.properties");
        assertEquals(TracingMode.CHAMELEON, c.mode);
        assertEquals(10, c.callFrequency);
        assertEquals(9, c.k);
        assertEquals("site:org.mpjtrace.examples.Stencil2D.main", c.marker.text);
    }

    @Test
    void theAcurdionExampleConfigFileInDocsIsValid() {
        TracerConfig c = TracerConfig.parse("config=../docs/acurdion.properties");
        assertEquals(TracingMode.ACURDION, c.mode);
        assertTrue(c.marker.isNone());
        assertEquals(9, c.k);
        assertEquals(org.mpjtrace.signatures.cluster.ClusterOptions.DEFAULT, c.acurdion);
    }

    @Test
    void chameleonKeysHaveDefaultsAndAreChecked() {
        TracerConfig c = TracerConfig.parse("mode=chameleon");
        assertEquals("auto", c.marker.text);
        assertTrue(c.marker.isAuto());
        assertTrue(TracerConfig.parse("mode=chameleon,marker=barrier").marker.isBarrier());
        assertEquals(1, c.callFrequency);
        assertEquals(org.mpjtrace.trace.cluster.ClusteringKeys.DEFAULT_K, c.k);
        assertTrue(TracerConfig.parse("mode=chameleon,marker=none").marker.isNone());
        assertEquals("bad value for agent key 'marker': 'site:main' (expected auto, site:CLASS.METHOD, site:CLASS.METHOD:LINE, barrier or none)",
                assertThrows(IllegalArgumentException.class, () -> TracerConfig.parse("mode=chameleon,marker=site:main")).getMessage());
        for (String bad : new String[] {"site:A.b:0", "site:A.b:x", "site:.b", "site:A.", "everything"})
            assertThrows(IllegalArgumentException.class, () -> TracerConfig.parse("mode=chameleon,marker=" + bad), bad);
        assertEquals("bad value for agent key 'k': '0' (expected 1 to 4096)",
                assertThrows(IllegalArgumentException.class, () -> TracerConfig.parse("mode=chameleon,k=0")).getMessage());
        assertEquals("bad value for agent key 'callFrequency': 'often' (expected a whole number from 1)",
                assertThrows(IllegalArgumentException.class, () -> TracerConfig.parse("mode=chameleon,callFrequency=often")).getMessage());
        assertEquals("bad value for agent key 'k': only modes chameleon and acurdion use it, not mode full",
                assertThrows(IllegalArgumentException.class, () -> TracerConfig.parse("mode=full,k=4")).getMessage());
        assertEquals("bad value for agent key 'k': only modes chameleon and acurdion use it, not mode reference",
                assertThrows(IllegalArgumentException.class, () -> TracerConfig.parse("mode=reference,k=4")).getMessage());
    }

    @Test
    void acurdionKeysHaveDefaultsAndAreChecked() {
        TracerConfig c = TracerConfig.parse("mode=acurdion");
        assertEquals(org.mpjtrace.signatures.cluster.ClusterOptions.DEFAULT, c.acurdion);
        assertTrue(c.marker.isAuto(), "markers as in mode chameleon");
        TracerConfig d = TracerConfig.parse("mode=acurdion,distance=euclidean,step=single,selector=medoids,marker=none,k=4");
        assertEquals(new org.mpjtrace.signatures.cluster.ClusterOptions(org.mpjtrace.signatures.cluster.Metric.EUCLIDEAN,
                org.mpjtrace.signatures.cluster.Step.SINGLE, org.mpjtrace.signatures.cluster.Selector.MEDOIDS), d.acurdion);
        assertTrue(d.marker.isNone());
        assertEquals(4, d.k);
        assertEquals("bad value for agent key 'step': 'triple' (expected single or double)", error("mode=acurdion,step=triple"));
        assertEquals("bad value for agent key 'distance': 'Manhattan' (expected manhattan or euclidean)", error("mode=acurdion,distance=Manhattan"));
        assertEquals("bad value for agent key 'selector': 'kmeans' (expected farthest or medoids)", error("mode=acurdion,selector=kmeans"));
        assertEquals("bad value for agent key 'step': only mode acurdion uses it, not mode chameleon", error("mode=chameleon,step=single"));
        assertTrue(TracerConfig.parse("mode=reference,marker=site:A.b,callFrequency=3").marker.matchesSite(
                new org.mpjtrace.trace.CallSite(0, "A", "b", 1, 0, "mpi.Intracomm.Barrier", 1)));
        assertEquals("bad value for agent key 'mode': 'acurdeon' (expected: dump, full, chameleon, acurdion, reference)", error("mode=acurdeon"));
    }

    @Test
    void markerSitesMatchByClassMethodAndLine() {
        org.mpjtrace.trace.CallSite site = new org.mpjtrace.trace.CallSite(0, "org.x.Solver", "step", 42, 0, "mpi.Intracomm.Allreduce", 1);
        assertTrue(MarkerRule.parse("site:Solver.step").matchesSite(site));
        assertTrue(MarkerRule.parse("site:org.x.Solver.step").matchesSite(site));
        assertTrue(MarkerRule.parse("site:Solver.step:42").matchesSite(site));
        assertFalse(MarkerRule.parse("site:Solver.step:43").matchesSite(site));
        assertFalse(MarkerRule.parse("site:Solver.main").matchesSite(site));
        assertFalse(MarkerRule.parse("site:OtherSolver.step").matchesSite(site));
        assertFalse(MarkerRule.parse("barrier").matchesSite(site));
        assertFalse(MarkerRule.parse("auto").matchesSite(site), "auto's markers are chosen by count, not by site");
        assertTrue(MarkerRule.markerOp(org.mpjtrace.trace.Op.ALLREDUCE.code));
        assertFalse(MarkerRule.markerOp(org.mpjtrace.trace.Op.SEND.code));
    }

    @Test
    void unknownKeyInConfigFileIsNamed(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("tracer.properties");
        Files.writeString(f, "ringsize=256\n");
        assertTrue(error("config=" + f).contains("'ringsize'"));
    }

    private static String error(String args) {
        return assertThrows(IllegalArgumentException.class, () -> TracerConfig.parse(args)).getMessage();
    }
}
