package org.mpjtrace.cli.export;

import java.nio.file.Path;
import org.mpjtrace.cli.export.output.AtomicOutput;
import org.mpjtrace.cli.BadInputException;
import org.mpjtrace.trace.TraceFile;

/**
 * {@code export --format paraver}: the three files Paraver (wxparaver) opens, BASE.prv (the records,
 * {@link PrvWriter}), BASE.pcf (what their numbers mean, {@link ParaverPcf}) and BASE.row (the names of
 * CPUs, nodes and threads, {@link ParaverObjects}). All calls are collected first ({@link ParaverTimeline}, on
 * disk) since the .prv must be in time order across ranks. The three are written under temporary names and
 * renamed together at the end: a failed export leaves none of them. 1.3 million calls per second
 * cold, 1.7-2.0 million warm, over a 2-million-call dump (docs/benchmarks.md).
 */
public final class ParaverExport {
    private ParaverExport() {}

    /** BASE from an OUT given with or without the .prv suffix. */
    public static Path base(Path out) {
        String name = out.getFileName() == null ? "" : out.getFileName().toString();
        return name.endsWith(".prv") && name.length() > 4 ? out.resolveSibling(name.substring(0, name.length() - 4)) : out;
    }

    public static Path file(Path base, String suffix) {
        return base.resolveSibling(base.getFileName() + suffix);
    }

    /**
     * @throws BadInputException in one line when an output's folder is missing or takes no new file
     * @throws IllegalStateException when the calls of a compressed trace cannot be rebuilt
     */
    public static void write(TraceFile trace, Path base, boolean expand) throws Exception {
        try (AtomicOutput prv = AtomicOutput.create(file(base, ".prv"));
             AtomicOutput pcf = AtomicOutput.create(file(base, ".pcf"));
             AtomicOutput row = AtomicOutput.create(file(base, ".row"));
             ParaverTimeline timeline = ParaverTimeline.of(trace, expand)) {
            ParaverObjects objects = new ParaverObjects(timeline);
            PrvWriter.write(trace, timeline, objects, prv.stream());
            ParaverPcf.write(trace, timeline.unknownOps, pcf.stream());
            objects.writeRow(row.stream());
            AtomicOutput.commitAll(prv, pcf, row);
        }
    }
}
