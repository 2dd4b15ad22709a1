package org.mpjtrace.cli.export;

import java.io.IOException;
import java.io.Writer;
import org.mpjtrace.cli.profile.Profile;
import org.mpjtrace.cli.profile.ProfileEntry;

/**
 * {@code stats --format csv}: the profile's call sites, one row each, most time first
 * ({@code site,op,calls,time_ns,bytes,ranks,rank_min_ns,rank_mean_ns,rank_max_ns}); {@code --per-rank}
 * gives {@link StatsCsv}'s rows instead. Sites are {@code Class.method:line}, which holds no comma.
 */
public final class ProfileCsv {
    private ProfileCsv() {}

    public static void write(Profile p, Writer out) throws IOException {
        out.write("site,op,calls,time_ns,bytes,ranks,rank_min_ns,rank_mean_ns,rank_max_ns\n");
        for (ProfileEntry e : p.sites())
            out.write(p.where(e.site()) + "," + e.op().mpjName + "," + e.calls() + "," + e.nanos() + "," + e.bytes() + ","
                    + e.perRank().ranks() + "," + e.perRank().min() + "," + Math.round(e.perRank().mean()) + "," + e.perRank().max() + "\n");
    }
}
