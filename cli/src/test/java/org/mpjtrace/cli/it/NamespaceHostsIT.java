package org.mpjtrace.cli.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpjtrace.cli.Cli;
import org.mpjtrace.cli.export.TimedCalls;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;

/**
 * niodev across four hosts (issue 30 item 5): four network namespaces of this machine, each with its own
 * address, host name and MPJ daemon ({@link NamespaceHosts}), one rank on each. The ranks' sections
 * travel to rank 0 and their loops merge over the network between them, as on a cluster. Skipped, with
 * the reason, where the machine does not let the test make namespaces (not root, no iproute2, a
 * container that forbids them).
 */
class NamespaceHostsIT {
    @TempDir
    static Path dir;
    private static NamespaceHosts hosts;

    @BeforeAll
    static void startFourHosts() throws Exception {
        String why = NamespaceHosts.unavailable();
        Assumptions.assumeTrue(why == null, () -> "niodev across namespaces skipped: " + why);
        hosts = NamespaceHosts.start(dir);
    }

    @AfterAll
    static void stopThem() {
        if (hosts != null) hosts.close();
    }

    /** Per thread, each call as "op enter exit". */
    private static List<String> calls(TraceFile trace, RankTrace section, boolean rebuilt) {
        List<String> all = new ArrayList<>();
        TimedCalls.forEach(trace, section, rebuilt, (calls, base) -> {
            long[] w = calls.words();
            all.add(Event.thread(w, base) + " " + Event.opCode(w, base) + " " + Event.peer(w, base) + " " + Event.count(w, base));
        });
        return all;
    }

    @Test
    void aFullTraceOfFourHostsNamesEachRanksHostAndLosesNoCall() {
        Path file = dir.resolve("stencil.mpjt");
        MpjJobs.Run run = MpjJobs.run("Stencil2D", NamespaceHosts.HOSTS, "niodev", hosts.machinesFile(), file, "full", "keepDump=true",
                List.of("steps=30", "n=8"));
        MpjJobs.assertSucceeded(run);
        TraceFile trace = run.result().trace();
        assertEquals(NamespaceHosts.HOSTS, trace.ranks().size());
        for (RankTrace section : trace.ranks()) {
            assertEquals(NamespaceHosts.host(section.rank()), section.host(), "rank " + section.rank() + " ran on its own host");
            List<String> dump = calls(trace, section, false);
            assertTrue(dump.size() > 30, "rank " + section.rank() + ": " + dump.size() + " calls");
            assertEquals(dump, calls(trace, section, true), "rank " + section.rank() + ": the merged loops rebuild its calls");
        }
        String header = Cli.output("decode", file.toString(), "--limit", "0");
        assertTrue(header.contains("device:         niodev"), header);
    }
}
