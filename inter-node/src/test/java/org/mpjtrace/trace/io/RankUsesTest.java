package org.mpjtrace.trace.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.mpjtrace.trace.CallPath;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankStats;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.io.rules.TraceRules;

class RankUsesTest {
    /** A rank of {@code n} events over sites 0..sites-1, each site with signature site * 10 and, now and then, another. */
    private static RankTrace rank(Random random, int n, int sites) {
        long[] w = new long[n * Event.WORDS];
        for (int i = 0; i < n; i++) {
            int site = random.nextInt(sites);
            w[RankTrace.base(i) + Event.W_OP_SITE] = Event.pack(Op.SEND.code, site);
            w[RankTrace.base(i) + Event.W_STACK] = random.nextInt(50) == 0 ? site * 10L + 1 : site * 10L;
        }
        return new RankTrace(3, "h", 0, n, w, List.of(), List.of(), List.of(), RankStats.EMPTY);
    }

    @Test
    void theSummaryFindsTheSameFirstSiteProblemAsTheWholeSectionForEveryTableSize() {
        Random random = new Random(5);
        for (int round = 0; round < 50; round++) {
            RankTrace t = rank(random, 1 + random.nextInt(3000), 1 + random.nextInt(40));
            RankUses uses = RankUses.of(t);
            for (int siteCount = 0; siteCount <= 41; siteCount++)
                assertEquals(TraceRules.siteProblem(t, siteCount), uses.siteProblem(siteCount), "table of " + siteCount);
        }
    }

    @Test
    void theSummaryFindsTheSameFirstStackProblemAsTheWholeSection() {
        Random random = new Random(9);
        int problems = 0;
        for (int round = 0; round < 50; round++) {
            int sites = 1 + random.nextInt(40);
            RankTrace t = rank(random, 1 + random.nextInt(3000), sites);
            // A table that explains each site's usual signature, but for one site now and then, and no other.
            Map<Long, CallPath> paths = new HashMap<>();
            for (int s = 0; s < sites; s++) if (random.nextInt(10) != 0) paths.put(s * 10L, new CallPath(s * 10L, s, new int[0]));
            if (random.nextBoolean()) paths.put(11L, new CallPath(11L, 2, new int[0])); // stands for another site than site 1
            String expected = TraceRules.stackProblem(t, paths);
            assertEquals(expected, RankUses.of(t).stackProblem(paths));
            if (expected != null) problems++;
        }
        assertTrue(problems > 0, "some rounds have a problem to find");
    }
}
