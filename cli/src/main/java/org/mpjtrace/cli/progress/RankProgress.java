package org.mpjtrace.cli.progress;

import java.io.PrintStream;
import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.mpjtrace.trace.RankList;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;

/**
 * Progress of a command going through a trace's ranks (export, report, stats, heatmap, phases, decode
 * as JSON Lines), shown as a bar on the terminal (me.tongfei's progressbar) and counted in ranks read: each
 * pass of the command over the ranks reads each rank once, and a file opened for streaming decodes the
 * rank then, which with the writing is where the time goes. Nothing is shown when the output is not a
 * terminal (a script, a pipe, CI) or with {@code --quiet}.
 */
public final class RankProgress implements AutoCloseable {
    private final ProgressBar bar;
    private final int ranks;
    private long max;
    private long read;

    private RankProgress(ProgressBar bar, int ranks, long max) {
        this.bar = bar;
        this.ranks = ranks;
        this.max = max;
    }

    /**
     * The trace read through a bar named {@code task}, expecting {@code passes} passes over its ranks
     * (more extend the bar); the trace itself, and a progress that shows nothing, when quiet or when
     * there is no terminal.
     */
    public static RankProgress of(String task, TraceFile trace, int passes, boolean quiet) {
        return of(task, trace, passes, quiet || System.console() == null ? null : System.err);
    }

    /** As {@link #of(String, TraceFile, int, boolean)}, the bar drawn on {@code terminal}, or none when it is null. */
    static RankProgress of(String task, TraceFile trace, int passes, PrintStream terminal) {
        int ranks = trace.ranks().size();
        if (terminal == null || ranks == 0) return new RankProgress(null, ranks, 0);
        long max = (long) ranks * passes;
        ProgressBar bar = new ProgressBarBuilder().setTaskName(task).setInitialMax(max).setStyle(ProgressBarStyle.ASCII)
                .setConsumer(new ConsoleProgressBarConsumer(terminal)).setUnit(" ranks read", 1).setUpdateIntervalMillis(250)
                .continuousUpdate().build();
        return new RankProgress(bar, ranks, max);
    }

    /** The trace whose ranks, as they are read, move the bar. */
    public TraceFile trace(TraceFile trace) {
        if (bar == null) return trace;
        List<RankTrace> ranks = trace.ranks();
        return trace.withRanks(new Counted(ranks));
    }

    private synchronized void step() {
        read++;
        if (read > max) {
            max += ranks;
            bar.maxHint(max);
        }
        bar.step();
    }

    @Override
    public void close() {
        if (bar == null) return;
        bar.maxHint(read); // the passes the command made: a full bar
        bar.close();
    }

    /** The ranks, each read moving the bar. */
    private final class Counted extends AbstractList<RankTrace> implements RandomAccess, RankList {
        private final List<RankTrace> ranks;

        Counted(List<RankTrace> ranks) {
            this.ranks = ranks;
        }

        @Override
        public RankTrace get(int index) {
            RankTrace r = ranks.get(index);
            step();
            return r;
        }

        @Override
        public int size() {
            return ranks.size();
        }

        @Override
        public int indexOfRank(int rank) {
            if (ranks instanceof RankList lazy) return lazy.indexOfRank(rank);
            for (int i = 0; i < ranks.size(); i++) if (ranks.get(i).rank() == rank) return i;
            return -1;
        }
    }
}
