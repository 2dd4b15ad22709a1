package org.mpjtrace.trace.io;

import org.mpjtrace.trace.cluster.MarkerLog;
import org.mpjtrace.trace.global.GlobalTrace;
import org.mpjtrace.trace.JobMeta;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.io.serial.RankTable;

/**
 * What a section holds. The code is part of the format: never reuse or renumber one. A version-1
 * reader meeting a code not listed here reports the file as corrupt.
 */
enum SectionKind {
    META(1, JobMeta.class),
    RANK(2, RankTrace.class),
    SITES(3, SiteTable.class),
    END(4, EndMark.class),
    /** Only in payloads, never in trace files. */
    PAYLOAD(5, RankPayload.class),
    /** The call-path table; only in traces made with calling context. */
    CALL_PATHS(6, CallPathTable.class),
    /** The loop-compressed trace of all ranks; in mode full (and in the messages of its tree merge). */
    GLOBAL(7, GlobalTrace.class),
    /** Mode chameleon: the states, clusterings and merges at the acted-on markers. */
    MARKERS(8, MarkerLog.class),
    /** Since version 14: every rank that keeps no calls of its own (the compressed modes), in one section. */
    RANK_TABLE(9, RankTable.class);

    final int code;
    /** The class of the one object the section's data holds. */
    final Class<?> type;

    SectionKind(int code, Class<?> type) {
        this.code = code;
        this.type = type;
    }

    /** The kind with this code, or null when version 1 knows no such kind. */
    static SectionKind ofCode(int code) {
        for (SectionKind k : values()) if (k.code == code) return k;
        return null;
    }
}
