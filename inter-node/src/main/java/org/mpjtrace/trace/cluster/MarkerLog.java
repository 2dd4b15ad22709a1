package org.mpjtrace.trace.cluster;

import java.util.List;

/**
 * The clustering history of a job traced in mode chameleon: one record per acted-on marker, and each
 * distinct clustering once (records in state L name the clustering made at the C before them).
 *
 * @param worldSize the job's number of ranks
 * @param finished false while the job runs: the file was written at a marker, and a job that never
 *                 reached MPI.Finalize leaves it so
 */
public record MarkerLog(int worldSize, List<Clustering> clusterings, List<MarkerRecord> records, boolean finished) {

    public MarkerLog {
        clusterings = List.copyOf(clusterings);
        records = List.copyOf(records);
    }

    /** The clustering in force after {@code record}, or null in state AT. */
    public Clustering clusteringOf(MarkerRecord record) {
        return record.clustering() < 0 ? null : clusterings.get(record.clustering());
    }

    /** How many records are in {@code state}. */
    public long count(MarkerState state) {
        return records.stream().filter(r -> r.state() == state).count();
    }
}
