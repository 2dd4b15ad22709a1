package org.mpjtrace.cli.export.otf2;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.mpjtrace.cli.export.PausesOnAxis;
import org.mpjtrace.cli.format.RankArrays;
import org.mpjtrace.cli.format.TimedCalls;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.MpjtraceVersion;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;

/**
 * Writes a trace as an OTF2 archive (the format of Score-P, Vampir and otf2-print) through libotf2: OUT
 * holds {@code traces.otf2}, {@code traces.def} and {@code traces/} with one event file per location, a
 * location being one thread of one rank (location id: the thread in the high 32 bits, the rank in the
 * low). Each call is an ENTER and a LEAVE of its op's region with its MPI records between
 * ({@link CallMapper}); times are ns from each rank's MPI.Init at a resolution of 1e9. A compressed trace
 * is rebuilt call by call with synthetic times ({@link TimedCalls}, as every export does). Ranks are written one after another,
 * each rank's locations open together, so memory is one rank's writers and the communicator table.
 *
 * <p>Exact: calls, their order per thread, op, point-to-point peers, tags and communicators, roots, and
 * a dump's times. Approximate, because the trace does not record it:
 * <ul>
 *   <li>a Test or Testall is taken to have completed the requests it named, Waitany and Testany the first
 *       active one of their array, Waitsome and Testsome all of it;</li>
 *   <li>in a trace of format version 9 or older, which names an array call's requests only by a digest
 *       of their ids, the call completes the run of pending requests whose ids give that digest, else the
 *       oldest pending ones of the thread ({@link PendingRequests}); from version 10 on it names them;</li>
 *   <li>an Irecv from ANY_SOURCE has no known sender; message sizes are the buffers as passed;</li>
 *   <li>communicators other than COMM_WORLD are matched across ranks by the call that made them
 *       ({@link CommTable}); some (Sub of a grid) get the union of their ranks, named as approximate;</li>
 *   <li>a compressed trace's times are its histograms' means, not the calls' own.</li>
 * </ul>
 *
 * <p>Measured over two million calls on two shared, loaded cores (docs/benchmarks.md): 1.0-1.6 M calls/s
 * once the JIT has compiled it, 0.7-0.9 M for a one-off export in a fresh JVM; a compressed trace's two
 * million calls were written under a 64 MiB heap.
 */
public final class Otf2Export {

    private Otf2Export() {}

    /**
     * @throws org.mpjtrace.cli.BadInputException in one line when libotf2 is missing, OUT cannot be
     *         written, or libotf2 reports an error; then nothing is left under OUT's name
     */
    public static void write(TraceFile trace, Path out) {
        Otf2Loader.load();
        ArchiveDirectory dir = ArchiveDirectory.beside(out);
        try {
            try (Otf2Archive archive = new Otf2Archive(dir.temp(), "mpjtrace " + MpjtraceVersion.VERSION)) {
                writeArchive(archive, trace);
            }
            dir.commit();
        } catch (RuntimeException | Error e) {
            dir.discard();
            throw e;
        }
    }

    /** A span the rank paused tracing (org.mpjtrace.api.Tracing): OTF2's measurement off, then on again. */
    private static void paused(Location l, long from, long to) {
        l.measurement(from, false);
        l.measurement(to, true);
    }

    private static void writeArchive(Otf2Archive archive, TraceFile trace) {
        int worldSize = trace.meta().worldSize();
        CommTable comms = new CommTable(worldSize);
        RankArrays arrays = new RankArrays(trace);
        List<Location> all = new ArrayList<>();
        // Kept from this pass: a rank of a streamed trace is decoded each time it is asked for.
        String[] hosts = new String[worldSize];
        long end = 0;
        for (int rank = 0; rank < worldSize; rank++) {
            RankTrace section = trace.rank(rank);
            // Indexed by thread number; a rank's first thread always has a location, COMM_WORLD's group names it.
            List<Location> threads = new ArrayList<>();
            threads.add(new Location(archive, rank, 0));
            PausesOnAxis pauses = section == null ? null : PausesOnAxis.of(trace, section, false, TimedCalls.origin(trace, section, false));
            if (section != null) {
                hosts[rank] = section.host();
                CommTable.RankComms rankComms = comms.new RankComms(section);
                arrays.rank(section, !TimedCalls.rebuilt(trace, section, false));
                int r = rank;
                long origin = TimedCalls.origin(trace, section, false);
                TimedCalls.forEach(trace, section, false, (calls, base) -> {
                    long[] w = calls.words();
                    long enter = Event.enter(w, base) - origin, exit = Event.exit(w, base) - origin;
                    Op op = Op.ofCode(Event.opCode(w, base));
                    if (op == null) return;
                    int thread = Event.thread(w, base);
                    while (threads.size() <= thread) threads.add(null);
                    Location loc = threads.get(thread);
                    if (loc == null) threads.set(thread, loc = new Location(archive, r, thread));
                    Location at = loc;
                    pauses.before(thread, Math.max(0, enter), (from, to) -> paused(at, from, to));
                    CallMapper.write(loc, rankComms, section, arrays, op, w, base, Math.max(0, enter), Math.max(0, exit));
                });
            }
            for (Location l : threads) {
                if (l == null) continue;
                if (pauses != null) pauses.before(l.thread, Long.MAX_VALUE, (from, to) -> paused(l, from, to));
                l.close();
                end = Math.max(end, l.lastTime());
                all.add(l);
            }
        }
        archive.endEvents(all.stream().mapToLong(l -> l.id).toArray());
        GlobalDefinitions.write(archive, trace, hosts, all, comms, end + 1);
    }
}
