package org.mpjtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** run's chameleon options are refused in one line, exit 2, before any job starts (none of this needs MPJ). */
class RunClusteringOptionsTest {

    private static void assertRefused(String mustContain, String... options) {
        String[] args = new String[options.length + 4];
        args[0] = "run";
        System.arraycopy(options, 0, args, 1, options.length);
        args[options.length + 1] = "-cp";
        args[options.length + 2] = "app.jar";
        args[options.length + 3] = "Main";
        Cli c = Cli.run(args);
        assertEquals(2, c.code, c.toString());
        assertEquals(1, c.errLines(), c.toString());
        assertTrue(c.err.startsWith("mpjtrace: ") && c.err.contains(mustContain), c.err);
        assertEquals("", c.out);
    }

    @Test
    void onlyInTheModesThatUseThem() {
        assertRefused("--marker applies to --mode chameleon, acurdion or reference only", "--marker", "barrier");
        assertRefused("--call-frequency applies to --mode chameleon, acurdion or reference only", "--mode", "full", "--call-frequency", "2");
        assertRefused("-k applies to --mode chameleon or acurdion only", "--mode", "dump", "-k", "4");
        assertRefused("-k applies to --mode chameleon or acurdion only", "--mode", "reference", "-k", "4");
        assertRefused("--step applies to --mode acurdion only", "--mode", "chameleon", "--step", "single");
        assertRefused("--distance: 'cosine' (expected manhattan or euclidean)", "--mode", "acurdion", "--distance", "cosine");
        assertRefused("--agent-opts: 'k' applies to --mode chameleon or acurdion only", "--mode", "full", "--agent-opts", "k=4");
        assertRefused("--agent-opts: 'selector' applies to --mode acurdion only", "--mode", "reference", "--agent-opts", "selector=medoids");
    }

    @Test
    void badValues() {
        assertRefused("--marker: 'site:Main' is not a marker rule", "--mode", "chameleon", "--marker", "site:Main");
        assertRefused("--marker: 'site:Solver.step:0' is not a marker rule", "--mode", "chameleon", "--marker", "site:Solver.step:0");
        assertRefused("--marker: 'allreduce' is not a marker rule", "--mode", "chameleon", "--marker", "allreduce");
        assertRefused("--call-frequency must be at least 1, got 0", "--mode", "chameleon", "--call-frequency", "0");
        assertRefused("-k must be from 1 to 4096, got 0", "--mode", "chameleon", "-k", "0");
        assertRefused("--leads", "--mode", "chameleon", "--leads", "many");
    }

    @Test
    void aKeyGivenTwiceIsRefused() {
        assertRefused("--agent-opts: 'k' is already set by -k; give it once", "--mode", "chameleon", "-k", "4", "--agent-opts", "k=5");
        assertRefused("--agent-opts: 'marker' is already set by --marker", "--mode", "chameleon", "--marker", "barrier",
                "--agent-opts", "ringSize=64,marker=none");
    }
}
