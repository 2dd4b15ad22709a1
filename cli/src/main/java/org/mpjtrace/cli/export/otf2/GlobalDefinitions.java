package org.mpjtrace.cli.export.otf2;

import com.sun.jna.Pointer;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.TraceFile;

/**
 * The archive's global definitions, written once every location's events are: the clock (ns since each
 * rank's MPI.Init, stamped with the job's start), the system tree (the job, a node per host, a process
 * per rank, a thread location per thread that called MPJ, with its event count), a region per MPJ op,
 * and the MPI communicators: group 0 lists each rank's first location (OTF2's COMM_LOCATIONS, so that
 * communicator members are ranks of COMM_WORLD), then a group and a communicator per entry of the
 * {@link CommTable}.
 */
final class GlobalDefinitions {
    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    private static final int ROOT_NODE = 0;
    private static final int COMM_LOCATIONS_GROUP = 0;

    private final Otf2Archive archive;
    private final Pointer writer;
    private final Map<String, Integer> strings = new HashMap<>();

    private GlobalDefinitions(Otf2Archive archive) {
        this.archive = archive;
        this.writer = archive.globalDefWriter();
    }

    /** @param hosts each rank's host, by rank; null for a rank the trace has no section of */
    static void write(Otf2Archive archive, TraceFile trace, String[] hosts, List<Location> locations, CommTable comms, long traceLength) {
        new GlobalDefinitions(archive).all(trace, hosts, locations, comms, traceLength);
    }

    private void all(TraceFile trace, String[] hosts, List<Location> locations, CommTable comms, long traceLength) {
        check(Otf2Library.OTF2_GlobalDefWriter_WriteClockProperties(writer, NANOS_PER_SECOND, 0, traceLength,
                trace.meta().startMillis() * 1_000_000L), "WriteClockProperties");
        systemTree(trace, hosts, locations);
        for (Op op : Op.values()) {
            int name = string(MpiRegions.name(op));
            check(Otf2Library.OTF2_GlobalDefWriter_WriteRegion(writer, MpiRegions.region(op), name, name, string("MPJ Express " + op.mpjName),
                    MpiRegions.role(op), Otf2Library.PARADIGM_MPI, Otf2Library.REGION_FLAG_NONE, Otf2Library.UNDEFINED_UINT32, 0, 0),
                    "WriteRegion");
        }
        int worldSize = trace.meta().worldSize();
        long[] firstLocations = new long[worldSize];
        for (int r = 0; r < worldSize; r++) firstLocations[r] = Location.id(r, 0);
        check(Otf2Library.OTF2_GlobalDefWriter_WriteGroup(writer, COMM_LOCATIONS_GROUP, string("MPI ranks"), Otf2Library.GROUP_TYPE_COMM_LOCATIONS,
                Otf2Library.PARADIGM_MPI, Otf2Library.GROUP_FLAG_NONE, worldSize, firstLocations), "WriteGroup");
        for (CommTable.Comm c : comms.all()) {
            long[] members = c.worldRanks();
            int group = c.id + 1;
            int name = string(c.name());
            check(Otf2Library.OTF2_GlobalDefWriter_WriteGroup(writer, group, name, Otf2Library.GROUP_TYPE_COMM_GROUP, Otf2Library.PARADIGM_MPI,
                    Otf2Library.GROUP_FLAG_NONE, members.length, members), "WriteGroup");
            check(Otf2Library.OTF2_GlobalDefWriter_WriteComm(writer, c.id, name, group, c.parent, Otf2Library.COMM_FLAG_NONE), "WriteComm");
        }
    }

    private void systemTree(TraceFile trace, String[] hosts, List<Location> locations) {
        check(Otf2Library.OTF2_GlobalDefWriter_WriteSystemTreeNode(writer, ROOT_NODE, string(trace.meta().mainClass().isEmpty() ? "job"
                : trace.meta().mainClass()), string("job"), Otf2Library.UNDEFINED_UINT32), "WriteSystemTreeNode");
        Map<String, Integer> hostNodes = new LinkedHashMap<>();
        int worldSize = trace.meta().worldSize();
        for (int r = 0; r < worldSize; r++) {
            String host = hosts[r] == null ? "unknown host" : hosts[r];
            Integer node = hostNodes.get(host);
            if (node == null) {
                node = hostNodes.size() + 1;
                hostNodes.put(host, node);
                check(Otf2Library.OTF2_GlobalDefWriter_WriteSystemTreeNode(writer, node, string(host), string("node"), ROOT_NODE),
                        "WriteSystemTreeNode");
            }
            check(Otf2Library.OTF2_GlobalDefWriter_WriteLocationGroup(writer, r, string("rank " + r), Otf2Library.LOCATION_GROUP_TYPE_PROCESS,
                    node, Otf2Library.UNDEFINED_UINT32), "WriteLocationGroup");
        }
        for (Location l : locations)
            check(Otf2Library.OTF2_GlobalDefWriter_WriteLocation(writer, l.id, string("rank " + l.rank + " thread " + l.thread),
                    Otf2Library.LOCATION_TYPE_CPU_THREAD, l.events(), l.rank), "WriteLocation");
    }

    /** The string's id, writing its definition the first time. */
    private int string(String s) {
        Integer id = strings.get(s);
        if (id != null) return id;
        int fresh = strings.size();
        check(Otf2Library.OTF2_GlobalDefWriter_WriteString(writer, fresh, s), "WriteString");
        strings.put(s, fresh);
        return fresh;
    }

    private void check(int code, String what) {
        archive.check(code, "OTF2_GlobalDefWriter_" + what);
    }
}
