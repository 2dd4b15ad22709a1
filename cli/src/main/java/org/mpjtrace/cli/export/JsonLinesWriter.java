package org.mpjtrace.cli.export;

import java.io.OutputStream;
import java.util.Arrays;
import org.mpjtrace.cli.export.JsonBytes.Text;
import org.mpjtrace.cli.format.PersistentStarts;
import org.mpjtrace.cli.format.TimedCalls;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;

/**
 * {@code decode --format jsonl}: one JSON object per call, one per line, rank after rank, with no header,
 * for scripts ({@code jq}, pandas' {@code read_json(lines=True)}). Each object holds {@code rank},
 * {@code thread}, {@code seq} (the call's index in its rank and thread), the call's fields
 * ({@link CallFields}), then {@code start_ns} (from the rank's MPI.Init; for calls rebuilt from a
 * compressed trace, from 0 with the trace's mean times, see {@link TimedCalls}) and {@code dur_ns}.
 *
 * <p>Streams: a line is written as its call is read, nothing is kept per call. About 7.4 million calls
 * per second to a discarding stream, 2.2-2.9 million for the whole command on a 10-million-call file
 * (docs/benchmarks.md).
 */
public final class JsonLinesWriter {
    private static final Text RANK = Text.of("rank"), THREAD = Text.of("thread"), SEQ = Text.of("seq"),
            START_NS = Text.of("start_ns"), DUR_NS = Text.of("dur_ns");
    private final TraceFile trace;
    private final CallFields fields;
    private final JsonBytes g;

    /** @param out where the lines go (flushed after each rank, not closed); a {@link org.mpjtrace.cli.export.output.WriterStream} for a writer */
    public JsonLinesWriter(TraceFile trace, OutputStream out) {
        this.trace = trace;
        this.fields = new CallFields(trace);
        this.g = new JsonBytes(out);
    }

    /**
     * Writes up to {@code limit} calls of the rank (all when negative).
     *
     * @param expand rebuild the calls from the compressed trace even where the rank's section keeps a dump
     */
    public void write(RankTrace section, boolean expand, long limit) throws Exception {
        long origin = TimedCalls.origin(trace, section, expand);
        int rank = section.rank();
        long[] written = {0};
        int[][] seq = {new int[4]};
        PersistentStarts starts = new PersistentStarts(trace, section, expand);
        try {
            TimedCalls.forEach(trace, section, expand, (calls, base) -> {
                if (limit >= 0 && written[0] >= limit) throw new Enough();
                long[] w = calls.words();
                int thread = Event.thread(w, base);
                if (thread >= seq[0].length) seq[0] = Arrays.copyOf(seq[0], Math.max(thread + 1, 2 * seq[0].length));
                g.startObject();
                g.member(RANK, rank);
                g.member(THREAD, thread);
                g.member(SEQ, seq[0][thread]++);
                fields.write(g, calls, base, starts.bytes(calls, base));
                long enter = Event.enter(w, base);
                g.member(START_NS, enter - origin);
                g.member(DUR_NS, Event.exit(w, base) - enter);
                g.endObject();
                g.endRecord(true);
                written[0]++;
            });
        } catch (Enough e) {
            // --limit reached.
        }
        g.flush();
    }

    /** Stops a rank's calls at the limit. */
    private static final class Enough extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Enough() {
            super(null, null, false, false);
        }
    }
}
