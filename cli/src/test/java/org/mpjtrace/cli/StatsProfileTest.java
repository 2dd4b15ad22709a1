package org.mpjtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpjtrace.cli.profile.Profile;
import org.mpjtrace.cli.profile.ProfileEntry;
import org.mpjtrace.cli.profile.RankTimes;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.io.TraceReader;

/** {@code stats}: the profile (per rank, per call site, per op) over real traces of every mode and a hand-made one. */
class StatsProfileTest {
    @TempDir
    Path dir;


    @ParameterizedTest
    @ValueSource(strings = {"ring-dump", "threads-full-keepdump", "stencil2d-full-ctx", "phasechange-chameleon", "masterworker-reference"})
    void theCallSitesCallsWithInitAndFinalizeAddUpToEveryCallOfTheTrace(String name) throws Exception {
        TraceFile trace = TraceReader.read(CorpusFiles.path(name));
        Profile p = Profile.of(trace);
        long expected = 0;
        for (RankTrace r : trace.ranks()) expected += r.eventCount();
        if (trace.global() != null && trace.ranks().stream().allMatch(r -> r.eventCount() == 0)) expected = trace.global().calls();
        long sites = p.sites().stream().mapToLong(ProfileEntry::calls).sum();
        long ops = p.ops().stream().mapToLong(ProfileEntry::calls).sum();
        long initAndFinalize = 2L * trace.ranks().size(); // every corpus trace's ranks reached MPI.Finalize
        assertEquals(expected, sites + initAndFinalize, "call sites, Init and Finalize: every call once");
        assertEquals(sites, ops, "the ops' calls are the sites'");
        assertTrue(p.sites().stream().noneMatch(e -> e.op() == Op.INIT || e.op() == Op.FINALIZE), "Init and Finalize kept apart");
        assertEquals(trace.ranks().size(), p.ranks().size());
        assertEquals(trace.markers() != null, p.fromLeads());
    }

    @Test
    void eachRanksAppTimeRunsFromInitsEndToFinalizesStartAndItsMpjTimeLeavesBothOut() throws Exception {
        Profile p = Profile.of(TestTraces.sample());
        RankTimes r0 = p.ranks().get(0);
        // Rank 0: Init -5,000..-1,000 ns, Finalize from 70,000,000 ns (0.5 ms long), eleven calls between.
        assertEquals(70_001_000, r0.appNanos());
        assertEquals(4_000, r0.initNanos());
        assertEquals(500_000, r0.finalizeNanos());
        long between = 1_500 + 250 + 1_000 + 2_000 + 20_000 + 1_000 + (52_345_678 - 40_000) + 1_000 + 100 + 1 + 10;
        assertEquals(between, r0.mpjNanos());
        // Rank 1 has no Finalize: from its first call's start to its last call's end.
        assertEquals(33_000 - -4_000, p.ranks().get(1).appNanos());
        ProfileEntry bcast = p.ops().stream().filter(e -> e.op() == Op.BCAST).findFirst().orElseThrow();
        // 1 us on rank 0, 2 us on rank 1: mean 1.5 us, imbalance 2 / 1.5.
        assertEquals(List.of(2L, 1_000L, 2_000L), List.of(bcast.perRank().ranks(), bcast.perRank().min(), bcast.perRank().max()));
        assertEquals(2_000 / 1_500.0, bcast.perRank().imbalance(), 1e-9);
        assertEquals("Allreduce", p.sites().get(0).op().mpjName, "most time first");
    }

    @Test
    void theJsonAndCsvHoldTheSameCallSitesAsTheText() throws Exception {
        Path file = TestTraces.write(dir.resolve("s.mpjt"), TestTraces.sample());
        JsonNode j = new ObjectMapper().readTree(Cli.output("stats", file.toString(), "--format", "json"));
        List<String> csv = Cli.output("stats", file.toString(), "--format", "csv").lines().toList();
        assertEquals("site,op,calls,time_ns,bytes,ranks,rank_min_ns,rank_mean_ns,rank_max_ns", csv.get(0));
        assertEquals(j.get("callsites").size(), csv.size() - 1);
        for (int i = 0; i < j.get("callsites").size(); i++) {
            JsonNode site = j.get("callsites").get(i);
            String[] row = csv.get(i + 1).split(",");
            assertEquals(List.of(site.get("site").asText(), site.get("op").asText(), site.get("calls").asText()), List.of(row[0], row[1], row[2]));
        }
        assertEquals(2, j.get("ranks").size());
        String text = Cli.output("stats", file.toString(), "--top", "3");
        assertTrue(text.contains("Top 3 of " + j.get("callsites").size() + " call sites"), text);
    }
}
