package org.mpjtrace.cli.export;

import java.nio.file.Path;
import org.mpjtrace.trace.io.TraceWriter;

/**
 * Writes {@link ExportThroughput}'s synthetic dump to a trace file, one rank at a time (so a dump larger
 * than the heap is written in a heap of one rank's records), for bench/export-file.sh to export with
 * the real command. Not a test. Arguments: FILE and CALLS (default 10000000).
 */
public final class SyntheticDumpFile {
    private SyntheticDumpFile() {}

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        long calls = args.length > 1 ? Long.parseLong(args[1]) : 10_000_000;
        int perRank = (int) (calls / ExportThroughput.RANKS);
        long written = 0;
        try (TraceWriter w = TraceWriter.create(file, ExportThroughput.meta())) {
            for (int r = 0; r < ExportThroughput.RANKS; r++) {
                var rank = ExportThroughput.rank(r, perRank);
                written += rank.eventCount();
                w.writeRank(rank);
            }
            w.writeSites(ExportThroughput.SITES);
            w.commit();
        }
        System.out.printf("%s: %,d calls over %d ranks%n", file, written, ExportThroughput.RANKS);
    }
}
