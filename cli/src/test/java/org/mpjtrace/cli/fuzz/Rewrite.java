package org.mpjtrace.cli.fuzz;

import java.io.IOException;
import java.nio.file.Path;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.io.TraceWriter;

/** Writes a trace that was read back out with the real writer, every section of it, as rank 0 would. */
final class Rewrite {
    private Rewrite() {}

    static void write(TraceFile trace, Path file) throws IOException {
        try (TraceWriter w = TraceWriter.create(file, trace.meta())) {
            for (RankTrace r : trace.ranks()) w.writeRank(r);
            w.writeSites(trace.sites());
            if (!trace.callPaths().isEmpty()) w.writeCallPaths(trace.callPaths());
            if (trace.global() != null) w.writeGlobal(trace.global());
            if (trace.markers() != null) w.writeMarkers(trace.markers());
            w.commit();
        }
    }
}
