package org.mpjtrace.trace.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class ClusteringKeysTest {

    @Test
    void siteRulesNameClassMethodAndOptionalLine() {
        assertEquals(new ClusteringKeys.SiteRule("Stencil2D", "main", -1), ClusteringKeys.parseSite("site:Stencil2D.main"));
        assertEquals(new ClusteringKeys.SiteRule("org.x.Solver", "step", 42), ClusteringKeys.parseSite("site:org.x.Solver.step:42"));
    }

    @Test
    void anythingElseIsNoSiteRule() {
        for (String bad : new String[] {"barrier", "site:main", "site:.b", "site:A.", "site:A.b:0", "site:A.b:05", "site:A.b:+5",
                "site:A.b:x", "site:A.b:1234567890", "site:A. b", "site:A.b,c"}) {
            assertNull(ClusteringKeys.parseSite(bad), bad);
        }
    }
}
