package org.mpjtrace.cli.format;

import java.io.PrintWriter;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;

/** A rank's heading and its events, one per line, as decode and demo print them. */
public final class EventListing {
    /** How often to look whether stdout went away (e.g. {@code | head}), so we stop instead of formatting on. */
    private static final int CHECK_EVERY = 4096;

    private EventListing() {}

    /**
     * Prints {@code rank R on HOST: N events} and the first {@code limit} events (all when limit < 0),
     * then how many were left out. Returns false when the output broke off.
     */
    public static boolean print(PrintWriter out, TraceFile trace, RankTrace rank, long limit) {
        TraceHeader.printRank(out, rank);
        EventFormatter f = new EventFormatter(trace, rank);
        int n = rank.eventCount();
        int shown = limit < 0 ? n : (int) Math.min(n, limit);
        for (int i = 0; i < shown; i++) {
            out.println(f.line(i));
            if (i % CHECK_EVERY == CHECK_EVERY - 1 && broken(out)) return false;
        }
        int left = n - shown;
        if (left > 0) out.println("  ... " + left + (left == 1 ? " more event" : " more events"));
        return !broken(out);
    }

    /**
     * Whether the output is gone. picocli's writer wraps System.out in an OutputStreamWriter, and
     * System.out swallows write errors, so the writer alone never reports a closed pipe: ask both.
     */
    private static boolean broken(PrintWriter out) {
        return out.checkError() || System.out.checkError();
    }
}
