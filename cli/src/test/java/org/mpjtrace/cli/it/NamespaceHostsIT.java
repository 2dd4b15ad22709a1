package org.mpjtrace.cli.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpjtrace.cli.Cli;
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

    /** A call's op and the peer and count it names: what the merged loops must give back of each rank's dump. */
    private static final CallLists.CallFormat CALL = (rank, w, b) -> Event.opCode(w, b) + " " + Event.peer(w, b) + " " + Event.count(w, b);

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
            Map<Integer, List<String>> dump = CallLists.byThread(trace, section, false, CALL);
            assertTrue(dump.get(0).size() > 30, "rank " + section.rank() + ": " + dump.get(0).size() + " calls");
            assertEquals(dump, CallLists.byThread(trace, section, true, CALL), "rank " + section.rank() + ": the merged loops rebuild its calls");
        }
        String header = Cli.output("decode", file.toString(), "--limit", "0");
        assertTrue(header.contains("device:         niodev"), header);
    }
}
