package org.mpjtrace.cli;

import org.junit.jupiter.api.Test;

/** run's chameleon options are refused in one line, exit 2, before any job starts (none of this needs MPJ). */
class RunClusteringOptionsTest {

    @Test
    void onlyInTheModesThatUseThem() {
        Cli.assertRunRefused("--marker applies to --mode chameleon, acurdion or reference only", "--marker", "barrier");
        Cli.assertRunRefused("--call-frequency applies to --mode chameleon, acurdion or reference only", "--mode", "full", "--call-frequency", "2");
        Cli.assertRunRefused("-k applies to --mode chameleon or acurdion only", "--mode", "dump", "-k", "4");
        Cli.assertRunRefused("-k applies to --mode chameleon or acurdion only", "--mode", "reference", "-k", "4");
        Cli.assertRunRefused("--step applies to --mode acurdion only", "--mode", "chameleon", "--step", "single");
        Cli.assertRunRefused("--distance: 'cosine' (expected manhattan or euclidean)", "--mode", "acurdion", "--distance", "cosine");
        Cli.assertRunRefused("--agent-opts: 'k' applies to --mode chameleon or acurdion only", "--mode", "full", "--agent-opts", "k=4");
        Cli.assertRunRefused("--agent-opts: 'selector' applies to --mode acurdion only", "--mode", "reference", "--agent-opts", "selector=medoids");
    }

    @Test
    void badValues() {
        Cli.assertRunRefused("--marker: 'site:Main' is not a marker rule", "--mode", "chameleon", "--marker", "site:Main");
        Cli.assertRunRefused("--marker: 'site:Solver.step:0' is not a marker rule", "--mode", "chameleon", "--marker", "site:Solver.step:0");
        Cli.assertRunRefused("--marker: 'allreduce' is not a marker rule", "--mode", "chameleon", "--marker", "allreduce");
        Cli.assertRunRefused("--call-frequency must be at least 1, got 0", "--mode", "chameleon", "--call-frequency", "0");
        Cli.assertRunRefused("-k must be from 1 to 4096, got 0", "--mode", "chameleon", "-k", "0");
        Cli.assertRunRefused("--leads", "--mode", "chameleon", "--leads", "many");
    }

    @Test
    void aKeyGivenTwiceIsRefused() {
        Cli.assertRunRefused("--agent-opts: 'k' is already set by -k; give it once", "--mode", "chameleon", "-k", "4", "--agent-opts", "k=5");
        Cli.assertRunRefused("--agent-opts: 'marker' is already set by --marker", "--mode", "chameleon", "--marker", "barrier",
                "--agent-opts", "ringSize=64,marker=none");
    }
}
