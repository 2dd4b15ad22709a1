package org.mpjtrace.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import org.mpjtrace.cli.export.output.AtomicOutput;
import org.mpjtrace.cli.export.ChromeTraceWriter;
import org.mpjtrace.cli.export.ParaverExport;
import org.mpjtrace.cli.export.otf2.Otf2Export;
import org.mpjtrace.cli.format.MarkerLogText;
import org.mpjtrace.cli.progress.QuietOption;
import org.mpjtrace.cli.progress.RankProgress;
import org.mpjtrace.trace.TraceFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code mpjtrace export}: a trace in a format other tools open; the writers are in {@code org.mpjtrace.cli.export}. */
@Command(name = "export",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = {"Writes a trace in a format other tools open.", "",
                "--format chrome: the Chrome trace-event format (JSON), which Perfetto UI (https://ui.perfetto.dev, "
                        + "Open trace file) and chrome://tracing (Load) open. A process per rank and a track per thread that "
                        + "called MPJ; a slice per MPJ call with its parameters as args (those of decode --format jsonl), the "
                        + "computation between calls showing as gaps; an arrow from each send (a persistent request's at each Start) to its matching "
                        + "receive (matched as MPI does: by communicator, source, tag and order) and between the root (or rank 0) of every "
                        + "collective and each other member. A dump keeps its measured times, from the first rank's MPI.Init; a "
                        + "trace of mode full or a clustering mode is expanded for every rank (a non-lead from its lead), each "
                        + "call starting its mean compute time after its thread's previous call and lasting its mean time inside.",
                "--format otf2: an OTF2 archive (the format of Score-P, Vampir and otf2-print) written by OTF2's own "
                        + "library (Debian libopen-trace-format2-10): OUT is a folder holding traces.otf2, the file to open. "
                        + "A location per rank and thread; ENTER/LEAVE per call with the call's region (its MPJ op); MPI send, "
                        + "receive, request and collective records; communicators matched across ranks by the call that made "
                        + "them. What is approximate: docs/otf2.md.",
                "--format paraver: the three files Paraver (wxparaver, BSC) opens: OUT.prv (the records, in time order), "
                        + "OUT.pcf (what the states and events mean) and OUT.row (the names of CPUs, nodes and threads); OUT may be "
                        + "given with or without .prv (-o run and -o run.prv both write run.prv, run.pcf and run.row). A task per "
                        + "rank, a thread per thread of it that called MPJ, a node per host. States: Running between a thread's "
                        + "calls, and inside a call MPJ point-to-point, collective, wait/test or other (Init, Finalize, "
                        + "communicators, Pack). Events at every call's enter, 0 at its exit: type 70000001 the op, 70000002 its "
                        + "call site (Class.method:line). A communication record per message matched as for chrome, from the "
                        + "send's enter to the receive's enter (logical) and its end (physical: the Wait or Waitall that "
                        + "completed an Irecv or a started Recv_init). Times in ns, as for chrome; the calls are sorted through a temporary file "
                        + "(24 bytes per call, in the system's temporary folder).",
                "OUT is written under a temporary name in its folder and renamed at the end: a failed export leaves nothing "
                        + "under OUT's name."})
final class ExportCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "trace file")
    Path file;

    @Option(names = "--format", paramLabel = "FORMAT", required = true, description = "chrome (Chrome trace-event JSON, for Perfetto UI and chrome://tracing), otf2 (an OTF2 archive, for Vampir and otf2-print) or paraver (OUT.prv, .pcf and .row, for wxparaver)")
    String format;

    @Option(names = "-o", paramLabel = "OUT", description = "the file (chrome), folder (otf2) or base name (paraver: OUT or OUT.prv gives OUT.prv, OUT.pcf, OUT.row) to write (required)")
    Path out;

    @Option(names = "--expand", description = "chrome and paraver, a compressed trace kept with keepDump=true: rebuild the calls from it, with its mean "
            + "times, rather than use the dump kept beside it")
    boolean expand;

    @Option(names = "--phases", description = "chrome: a track per rank with its execution phases, as mpjtrace phases finds them (a pass "
            + "over every rank's calls before the export); not with --expand")
    boolean phases;

    @Mixin
    QuietOption quiet;

    @Override
    public Integer call() throws Exception {
        return CommandBody.run(spec.commandLine().getErr(), () -> {
            if (!format.equals("chrome") && !format.equals("otf2") && !format.equals("paraver"))
                throw new BadInputException("unknown --format " + format + " (export writes chrome, otf2 or paraver)");
            if (out == null) throw new BadInputException("export needs -o OUT, the file to write");
            // The writers go through the ranks one at a time: opened so that only one rank is decoded at once.
            TraceFile trace = TraceFiles.open(file);
            String interim = trace.markers() == null ? null : MarkerLogText.interimNote(trace.markers());
            if (interim != null) throw new BadInputException(file + ": " + interim + "; export needs the trace of a whole job");
            if (format.equals("otf2") && expand) throw new BadInputException("--expand applies to --format chrome and paraver only");
            if (phases && !format.equals("chrome")) throw new BadInputException("--phases applies to --format chrome only");
            if (phases && expand) throw new BadInputException("--phases and --expand: give one (phases are found in the calls as the trace keeps them)");
            // Ranks read per rank of the job: chrome and paraver match messages first, then write.
            try (RankProgress progress = RankProgress.of("export " + format, trace, format.equals("otf2") ? 1 : 2, quiet.quiet())) {
                TraceFile read = progress.trace(trace);
                switch (format) {
                    case "otf2" -> Otf2Export.write(read, out);
                    case "paraver" -> paraver(read);
                    default -> chrome(read);
                }
            }
            PrintWriter err = spec.commandLine().getErr();
            switch (format) {
                case "otf2" -> err.println("mpjtrace: wrote " + out + " (OTF2 archive: open " + out.resolve("traces.otf2") + " in Vampir, or otf2-print it)");
                case "paraver" -> err.println("mpjtrace: wrote " + ParaverExport.file(ParaverExport.base(out), ".prv") + ", .pcf and .row (Paraver: wxparaver "
                        + ParaverExport.file(ParaverExport.base(out), ".prv") + ")");
                default -> err.println("mpjtrace: wrote " + out + " (chrome trace-event JSON: open it in https://ui.perfetto.dev or chrome://tracing)");
            }
            err.flush();
            return ExitCodes.OK;
        });
    }

    private void chrome(TraceFile trace) throws Exception {
        try (AtomicOutput o = AtomicOutput.create(out)) {
            try {
                new ChromeTraceWriter(trace, file.getFileName().toString(), expand, phases ? PhaseSpans.of(trace) : Map.of()).write(o.stream());
            } catch (IllegalStateException e) {
                throw new BadInputException(file + ": cannot rebuild the ranks' calls: " + e.getMessage());
            } catch (IOException e) {
                throw new BadInputException(out + ": cannot write: " + e.getMessage());
            }
            try {
                o.commit();
            } catch (IOException e) {
                throw new BadInputException(out + ": cannot write: " + e.getMessage());
            }
        }
    }

    private void paraver(TraceFile trace) throws Exception {
        Path base = ParaverExport.base(out);
        try {
            ParaverExport.write(trace, base, expand);
        } catch (IllegalStateException e) {
            throw new BadInputException(file + ": cannot rebuild the ranks' calls: " + e.getMessage());
        } catch (IOException e) {
            throw new BadInputException(ParaverExport.file(base, ".prv") + ": cannot write: " + e.getMessage());
        }
    }
}
