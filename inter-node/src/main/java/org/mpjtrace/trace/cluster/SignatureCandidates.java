package org.mpjtrace.trace.cluster;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.mpjtrace.signatures.cluster.AcurdionLeads;
import org.mpjtrace.signatures.cluster.ClusterOptions;
import org.mpjtrace.signatures.cluster.Signature;
import org.mpjtrace.signatures.cluster.SignatureVector;
import org.mpjtrace.trace.ranks.RankSet;

/**
 * What a node of mode acurdion's clustering tree holds and sends to its parent: the candidate clusters
 * of its subtree, ordered by lead, each with its lead's eleven signatures. Merging a child's list joins
 * candidates that agree on every signature the format selects, and cuts the list back to K (more when
 * double-step meets more Call-Paths) with {@link AcurdionLeads}, so a node holds at most 2K + 1
 * candidates. The order by lead makes the choice independent of the shape of the tree.
 *
 * <p>Immutable: {@link #merge} returns a new list.
 */
public final class SignatureCandidates {
    /** The fewest bytes an entry can take: a 4-byte lead, a one-byte empty rank set, eleven words. */
    private static final int MIN_ENTRY_BYTES = 4 + 1 + 8 * Signature.values().length;

    /** One candidate cluster: the signature it was formed on (its lead's), its lead and its members. */
    record Entry(SignatureVector signature, int lead, RankSet members) {
        Entry {
            if (!members.contains(lead)) throw new IllegalArgumentException("lead " + lead + " is not a member of " + members);
        }
    }

    private final List<Entry> entries;

    private SignatureCandidates(List<Entry> entries) {
        this.entries = List.copyOf(entries);
    }

    /** A leaf: one rank leading itself. */
    public static SignatureCandidates of(int rank, SignatureVector signature) {
        return new SignatureCandidates(List.of(new Entry(signature, rank, RankSet.single(rank))));
    }

    /**
     * This subtree's candidates and a child's together: equal signatures (on the format) joined under the
     * smaller lead, then reduced to the leads of {@link AcurdionLeads} when more than k remain.
     *
     * @throws IllegalArgumentException when the two share a rank (a subtree merged twice)
     */
    public SignatureCandidates merge(SignatureCandidates child, int format, ClusterOptions options, int k) {
        if (!disjoint(child)) throw new IllegalArgumentException("ranks " + ranks() + " and " + child.ranks() + " overlap");
        Map<SignatureVector, Entry> byProjection = new LinkedHashMap<>();
        for (List<Entry> list : List.of(entries, child.entries)) {
            for (Entry e : list) {
                byProjection.merge(e.signature().project(format), e, (a, b) -> {
                    Entry first = a.lead() < b.lead() ? a : b;
                    return new Entry(first.signature(), first.lead(), a.members().union(b.members()));
                });
            }
        }
        List<Entry> joined = new ArrayList<>(byProjection.values());
        joined.sort(Comparator.comparingInt(Entry::lead));
        if (joined.size() <= k) return new SignatureCandidates(joined);
        SignatureVector[] signatures = joined.stream().map(Entry::signature).toArray(SignatureVector[]::new);
        int[] leads = AcurdionLeads.select(signatures, format, options, k);
        RankSet[] groups = new RankSet[joined.size()];
        for (int i = 0; i < leads.length; i++) {
            RankSet members = joined.get(i).members();
            groups[leads[i]] = groups[leads[i]] == null ? members : groups[leads[i]].union(members);
        }
        List<Entry> reduced = new ArrayList<>();
        for (int i = 0; i < leads.length; i++) {
            if (leads[i] == i) reduced.add(new Entry(joined.get(i).signature(), joined.get(i).lead(), groups[i]));
        }
        return new SignatureCandidates(reduced);
    }

    /** The clustering these candidates make at the root. */
    public Clustering result(int format, long nanos) {
        List<Cluster> clusters = new ArrayList<>(entries.size());
        for (Entry e : entries) {
            SignatureVector s = e.signature();
            clusters.add(new Cluster(e.lead(), e.members(), s.word(Signature.CALL_PATH), s.value(Signature.SRC), s.value(Signature.DEST), s));
        }
        return new Clustering(clusters, false, nanos, format);
    }

    public int size() {
        return entries.size();
    }

    /**
     * Whether no rank is in both lists: at once when one list's ranks all lie below the other's (a binomial
     * child's subtree lies above what its parent holds when it arrives), else by marking every rank.
     */
    private boolean disjoint(SignatureCandidates other) {
        if (max() < other.min() || other.max() < min()) return true;
        BitSet marks = new BitSet();
        for (List<Entry> list : List.of(entries, other.entries)) {
            for (Entry e : list) if (!e.members().markInto(marks)) return false;
        }
        return true;
    }

    private int min() {
        return entries.stream().mapToInt(e -> e.members().min()).min().getAsInt();
    }

    private int max() {
        return entries.stream().mapToInt(e -> e.members().max()).max().getAsInt();
    }

    /** Every rank of this subtree. */
    public RankSet ranks() {
        RankSet all = RankSet.empty();
        for (Entry e : entries) all = all.union(e.members());
        return all;
    }

    List<Entry> entries() {
        return entries;
    }

    /** count int, then per entry: lead int, members (RankSet's form), the eleven signature words. */
    public byte[] encode() {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            DataOutputStream out = new DataOutputStream(bytes);
            out.writeInt(entries.size());
            for (Entry e : entries) {
                out.writeInt(e.lead());
                e.members().writeAsBuilt(out);
                for (long w : e.signature().words()) out.writeLong(w);
            }
            out.flush();
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // in memory: cannot happen
        }
    }

    /**
     * Reads {@link #encode}'s bytes, checking them against a world of worldSize ranks: counts against
     * the bytes left, leads ascending, members disjoint.
     *
     * @throws IllegalArgumentException with a one-line message when the bytes are not such a form
     */
    public static SignatureCandidates decode(byte[] bytes, int worldSize) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
            int n = in.readInt();
            if (n < 1 || n > in.available() / MIN_ENTRY_BYTES)
                throw new IllegalArgumentException("candidate list of " + n + " entries in " + bytes.length + " bytes");
            List<Entry> entries = new ArrayList<>(n);
            BitSet covered = new BitSet();
            for (int i = 0; i < n; i++) {
                int lead = in.readInt();
                RankSet members = RankSet.read(in, worldSize);
                if (!entries.isEmpty() && lead <= entries.get(entries.size() - 1).lead())
                    throw new IllegalArgumentException("candidate leads not ascending at entry " + i);
                if (!members.markInto(covered))
                    throw new IllegalArgumentException("candidate " + i + " shares ranks with an earlier one");
                entries.add(new Entry(ClusteringCodec.readSignature(in), lead, members));
            }
            if (in.available() > 0) throw new IllegalArgumentException("candidate list has " + in.available() + " bytes too many");
            return new SignatureCandidates(entries);
        } catch (IOException e) {
            throw new IllegalArgumentException("candidate list cut short or malformed: " + e.getMessage());
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SignatureCandidates other && entries.equals(other.entries);
    }

    @Override
    public int hashCode() {
        return entries.hashCode();
    }

    @Override
    public String toString() {
        return "SignatureCandidates" + entries;
    }
}
