package org.mpjtrace.cli.compare;

import java.io.PrintWriter;
import org.mpjtrace.trace.TraceFile;

/**
 * Compares trace B with trace A of the same program (A the reference, typically full; B clustered):
 * the matching percentages of {@link Matching}, rank by rank over all ranks, one rank's calls in memory
 * at a time.
 */
public final class Comparison {
    private final Matching m;
    private final boolean loops;

    private Comparison(boolean loops, boolean proxy) {
        this.loops = loops;
        this.m = new Matching(proxy);
    }

    /** @throws IllegalArgumentException when the traces do not have the same number of ranks */
    public static Comparison of(TraceFile a, TraceFile b) {
        return of(a, b, false);
    }

    /**
     * @param proxy B traced a proxy of A's program (mpjtrace proxy): A's wildcard receives match B's
     *              receives from the rank A's call took its message from, which is what the proxy names
     */
    public static Comparison of(TraceFile a, TraceFile b, boolean proxy) {
        int ranks = a.meta().worldSize();
        if (b.meta().worldSize() != ranks)
            throw new IllegalArgumentException("the traces have " + ranks + " and " + b.meta().worldSize() + " ranks: not runs of the same job");
        Comparison c = new Comparison(a.global() != null && b.global() != null, proxy);
        for (int r = 0; r < ranks; r++) {
            c.m.addRank(r, RankCalls.of(a, r), RankCalls.of(b, r));
            if (c.loops) c.m.addLoops(RankLoops.of(a.global(), r), RankLoops.of(b.global(), r));
        }
        return c;
    }

    public double count() { return m.count.percent(); }
    public double loop() { return loops ? m.loop.percent() : Double.NaN; }
    public double events() { return m.eventsPercent(); }
    public double src() { return m.src.percent(); }
    public double dest() { return m.dest.percent(); }
    public double tag() { return m.tag.percent(); }
    public double comm() { return m.comm.percent(); }

    /**
     * ACC = 1 - |t - t'| / t, as a percentage; t the reference's time. 0 when B took more than twice A's
     * time: the formula goes negative there, which is no accuracy at all.
     */
    public static double accuracy(double t, double tPrime) {
        return Math.max(0, 100.0 * (1 - Math.abs(t - tPrime) / t));
    }

    /** The table: one line per parameter, with the tallies behind each percentage. */
    public void print(PrintWriter out) {
        out.println("  parameter  matching  (values of A that B has at the same call)");
        line(out, "COUNT", m.count);
        if (loops) line(out, "LOOP", m.loop);
        else out.println("  LOOP            n/a  (a dump has no loops)");
        out.printf("  %-9s %7s%%  (%d of %d calls: the smaller number of calls over the larger, summed over ranks)%n",
                "# EVENTS", fixed(events()), m.eventsSmaller, m.eventsLarger);
        line(out, "SRC", m.src);
        line(out, "DEST", m.dest);
        line(out, "TAG", m.tag);
        line(out, "COMM", m.comm);
    }

    private static void line(PrintWriter out, String name, Matching.Tally t) {
        if (t.total == 0) out.printf("  %-9s %8s  (A has no such values)%n", name, "n/a");
        else out.printf("  %-9s %7s%%  (%d of %d)%n", name, fixed(t.percent()), t.matched, t.total);
    }

    /** Two decimals, but never 100.00 for what is not all (nor 0.00 for what is not none). */
    static String fixed(double percent) {
        String s = String.format("%.2f", percent);
        if (s.equals("100.00") && percent < 100) return "99.99";
        if (s.equals("0.00") && percent > 0) return "0.01";
        return s;
    }
}
