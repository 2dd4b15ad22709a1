package org.mpjtrace.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.mpjtrace.cli.export.ClustersJson;
import org.mpjtrace.cli.format.ClusterHistory;
import org.mpjtrace.trace.TraceFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code mpjtrace clusters}: how the ranks of a job traced in a clustering mode clustered at its markers. */
@Command(name = "clusters",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = {"Prints the clustering history of a trace of mode chameleon, acurdion or reference.", "",
                "At every acted-on marker all ranks agree on a state:",
                "  AT  all tracing: every rank records its calls (the first marker, and after any rank's behaviour changed);",
                "  C   clustering: no rank's Call-Path changed since the last marker, so the ranks cluster by behaviour "
                        + "and choose one lead per cluster; what was traced is merged;",
                "  L   leads only: still unchanged, so only the leads record, each for its whole cluster; their traces "
                        + "are merged at every marker;",
                "  F   finalize: MPI.Finalize; the ranks cluster again if they were all tracing, and the rest is merged.",
                "",
                "One row per marker: its number (acted-on markers counted from 1, F last), the marker calls made by then, "
                        + "in traces of format 18 on the index of rank 0's call at which it acted (as decode --expand --rank 0 "
                        + "numbers them), the state, how many ranks' Call-Path changed since the previous marker, the calls merged into "
                        + "the trace there and how long its clustering and merge took at rank 0. Under a marker that clustered: a line 'N clusters' "
                        + "saying what they were formed on and how long clustering took, then per cluster its lead, size, "
                        + "signature and member ranks as a ranklist. Mode chameleon: Call-Path and mean source and destination "
                        + "end-points, relative to each rank or as absolute ranks. Mode acurdion: first the signature format "
                        + "(ACURDION's Table I: X under each of the eleven signatures that Adaptive Signature Building "
                        + "selected, because some ranks differ in it), then the lead's value of each selected signature. Mode "
                        + "reference: the hash of the whole event sequence. A marker that keeps an earlier clustering names its "
                        + "marker. Last, how many markers were in each state, and with marker auto what it chose "
                        + "(a collective on all ranks, or each rank's own loop when the loop has none: then the ranks "
                        + "clustered by messages to rank 0, C once, and L for each look every rank found unchanged) and why.",
                "A trace written while the job ran (it died before MPI.Finalize) says so on its first line."})
final class ClustersCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "trace file of mode chameleon, acurdion or reference")
    Path file;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "text (default) or json (one object: markers, clusterings with each cluster's lead and members, "
                    + "markers per state, marker auto's choices)")
    String format;

    @Override
    public Integer call() throws Exception {
        return CommandBody.run(spec.commandLine().getErr(), () -> {
            if (!format.equals("text") && !format.equals("json"))
                throw new BadInputException("unknown --format " + format + " (clusters writes text or json)");
            TraceFile trace = TraceFiles.load(file);
            if (trace.markers() == null)
                throw new BadInputException(file + ": a " + trace.meta().mode() + "-mode trace has no clustering history "
                        + "(only modes chameleon, acurdion and reference cluster)");
            PrintWriter out = spec.commandLine().getOut();
            if (format.equals("json")) ClustersJson.write(trace, out);
            else ClusterHistory.print(out, file.toString(), trace);
            out.flush();
            return ExitCodes.OK;
        });
    }
}
