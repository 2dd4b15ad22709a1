package org.mpjtrace.trace.cluster;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.mpjtrace.trace.ranks.RankSet;

/**
 * The binary form of {@link ClusterSets} in the byte messages of the clustering tree: the relative
 * list, then the absolute list, each as
 * <pre>
 *   exact     byte, 0 or 1
 *   count     int, at least 1
 *   per entry: callPath long, src double, dest double, lead int, members (RankSet's own form)
 * </pre>
 * The subtree's ranks are not sent; they are the members of either list. Decoding trusts nothing: a
 * count is checked against the bytes left before anything is allocated for it, and every invariant
 * merging relies on (leads ascending, signatures distinct, members disjoint, both lists over the same
 * ranks) is checked, so a damaged message fails at once with one line instead of corrupting the
 * clustering.
 */
final class ClusterSetsCodec {
    /** The fewest bytes an entry can take: three 8-byte numbers, a 4-byte lead, a one-byte empty rank set. */
    private static final int MIN_ENTRY_BYTES = 8 + 8 + 8 + 4 + 1;

    private ClusterSetsCodec() {}

    static byte[] encode(ClusterSets sets) {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            DataOutputStream out = new DataOutputStream(bytes);
            write(sets.relative(), out);
            write(sets.absolute(), out);
            out.flush();
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // in memory: cannot happen
        }
    }

    private static void write(CandidateList list, DataOutputStream out) throws IOException {
        out.writeByte(list.exact() ? 1 : 0);
        out.writeInt(list.size());
        for (Candidate c : list.entries()) {
            out.writeLong(c.signature().callPath());
            out.writeDouble(c.signature().src());
            out.writeDouble(c.signature().dest());
            out.writeInt(c.lead());
            c.members().writeAsBuilt(out);
        }
    }

    static ClusterSets decode(byte[] bytes, int worldSize) {
        if (worldSize < 1) throw new IllegalArgumentException("cluster sets: world size " + worldSize + " is below 1");
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes));
        try {
            CandidateList relative = read(in, worldSize, "relative");
            CandidateList absolute = read(in, worldSize, "absolute");
            if (in.available() > 0) {
                throw new IllegalArgumentException("cluster sets: " + in.available() + " bytes after the absolute list");
            }
            RankSet ranks = ranksOf(relative, "relative");
            if (!ranks.equals(ranksOf(absolute, "absolute"))) {
                throw new IllegalArgumentException("cluster sets: the relative and absolute lists cover different ranks");
            }
            return new ClusterSets(relative, absolute, ranks);
        } catch (IOException e) {
            // Reading a byte array fails only by running out of bytes (an EOFException).
            throw new IllegalArgumentException("cluster sets truncated: " + bytes.length + " bytes");
        }
    }

    private static CandidateList read(DataInputStream in, int worldSize, String name) throws IOException {
        int exact = in.readUnsignedByte();
        if (exact > 1) throw new IllegalArgumentException("cluster sets: " + name + " list has exact flag " + exact);
        int count = in.readInt();
        if (count < 1 || count > in.available() / MIN_ENTRY_BYTES) {
            throw new IllegalArgumentException("cluster sets: " + name + " list claims " + count
                    + " entries, " + in.available() + " bytes left");
        }
        List<Candidate> entries = new ArrayList<>(count);
        Set<ClusterSignature> signatures = new HashSet<>();
        for (int i = 1; i <= count; i++) {
            String where = name + " entry " + i + " of " + count;
            ClusterSignature signature = new ClusterSignature(in.readLong(), in.readDouble(), in.readDouble());
            if (!Double.isFinite(signature.src()) || !Double.isFinite(signature.dest())) {
                throw new IllegalArgumentException("cluster sets " + where + ": end-point is not a finite number");
            }
            if (!signatures.add(signature)) {
                throw new IllegalArgumentException("cluster sets " + where + ": signature repeats an earlier one");
            }
            int lead = in.readInt();
            RankSet members;
            try {
                members = RankSet.read(in, worldSize);
            } catch (IOException e) { // a RankSetFormatException, truncation included; its message is one line
                throw new IllegalArgumentException("cluster sets " + where + ": " + e.getMessage());
            }
            if (!members.contains(lead)) {
                throw new IllegalArgumentException("cluster sets " + where + ": lead " + lead + " is not a member of " + members);
            }
            if (!entries.isEmpty() && lead <= entries.get(entries.size() - 1).lead()) {
                throw new IllegalArgumentException("cluster sets " + where + ": lead " + lead + " is not above the previous lead");
            }
            entries.add(new Candidate(signature, lead, members));
        }
        return new CandidateList(entries, exact == 1);
    }

    /** The union of the list's members, which must be disjoint. */
    private static RankSet ranksOf(CandidateList list, String name) {
        RankSet all = RankSet.empty();
        long total = 0;
        for (Candidate c : list.entries()) {
            all = all.union(c.members());
            total += c.members().size();
        }
        if (all.size() != total) throw new IllegalArgumentException("cluster sets: " + name + " list has overlapping members");
        return all;
    }
}
