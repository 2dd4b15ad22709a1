package org.mpjtrace.trace.cluster;

import java.util.List;

/**
 * The clustering history of a job traced in a clustering mode: one record per acted-on marker, and each
 * distinct clustering once (records in state L name the clustering made at the C before them). With
 * marker {@code auto}, also what it chose and when.
 *
 * @param worldSize   the job's number of ranks
 * @param finished    false while the job runs: the file was written at a marker, and a job that never
 *                    reached MPI.Finalize leaves it so
 * @param choices     marker auto: its choices in order (a later one when the loop changed); empty otherwise
 *                    and when auto found no loop
 * @param candidates  marker auto: how many collectives on communicators of all ranks rank 0's first thread
 *                    made, the calls auto chooses among; -1 for the other rules
 */
public record MarkerLog(int worldSize, List<Clustering> clusterings, List<MarkerRecord> records, boolean finished,
                        List<MarkerChoice> choices, long candidates) {

    public MarkerLog {
        clusterings = List.copyOf(clusterings);
        records = List.copyOf(records);
        choices = List.copyOf(choices);
    }

    /** A log of an explicit marker rule (or none): no auto choices. */
    public MarkerLog(int worldSize, List<Clustering> clusterings, List<MarkerRecord> records, boolean finished) {
        this(worldSize, clusterings, records, finished, List.of(), -1);
    }

    /** The clustering in force after {@code record}, or null in state AT. */
    public Clustering clusteringOf(MarkerRecord record) {
        return record.clustering() < 0 ? null : clusterings.get(record.clustering());
    }

    /** How many records are in {@code state}. */
    public long count(MarkerState state) {
        return records.stream().filter(r -> r.state() == state).count();
    }

    /** Whether marker auto made this log. */
    public boolean auto() {
        return candidates >= 0;
    }
}
