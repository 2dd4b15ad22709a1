package org.mpjtrace.cli.format;

import org.mpjtrace.trace.DatatypeInfo;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.RedOpInfo;
import org.mpjtrace.trace.TraceFile;

/**
 * Names of the symbolic datatype and reduction-op ids a compressed trace's events hold, from the ranks'
 * tables ({@code DOUBLE}, {@code DOUBLEx3} for a derived type of three, {@code SUM}): ids are numbered
 * per rank, so an id is named only when every rank whose table has it agrees on what it is, else it
 * prints as {@code #id}.
 */
final class SymbolNames {
    private final TraceFile trace;

    SymbolNames(TraceFile trace) {
        this.trace = trace;
    }

    String datatype(long id) {
        String name = null;
        for (RankTrace r : trace.ranks()) {
            DatatypeInfo d = id < 0 || id > Integer.MAX_VALUE ? null : r.datatype((int) id);
            if (d == null) continue;
            String own = d.size() > 1 ? d.baseName() + "x" + d.size() : d.baseName();
            if (name != null && !name.equals(own)) return "#" + id;
            name = own;
        }
        return name != null ? name : "#" + id;
    }

    String redop(long id) {
        String name = null;
        for (RankTrace r : trace.ranks()) {
            RedOpInfo o = id < 0 || id > Integer.MAX_VALUE ? null : r.redop((int) id);
            if (o == null) continue;
            if (name != null && !name.equals(o.name())) return "#" + id;
            name = o.name();
        }
        return name != null ? name : "#" + id;
    }
}
