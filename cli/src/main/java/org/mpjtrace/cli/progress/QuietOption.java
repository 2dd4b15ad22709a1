package org.mpjtrace.cli.progress;

import picocli.CommandLine.Option;

/**
 * The {@code --quiet} option of the commands that read a whole trace (stats, export, heatmap, report, phases),
 * declared once as a picocli mixin: it turns off the {@link RankProgress} bar those commands show on a
 * terminal.
 */
public final class QuietOption {
    @Option(names = "--quiet", description = "no progress bar (one is shown on a terminal while the trace's ranks are read)")
    boolean quiet;

    public boolean quiet() {
        return quiet;
    }
}
