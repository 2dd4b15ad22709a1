package org.mpjtrace.trace.io;

import com.esotericsoftware.kryo.Kryo;
import java.io.UncheckedIOException;
import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;
import java.util.RandomAccess;
import org.mpjtrace.trace.RankList;
import org.mpjtrace.trace.RankTrace;

/**
 * A trace's rank sections kept as the file holds them (checked, LZ4-compressed) and decoded each time a
 * rank is asked for ({@link TraceReader#open}): a command that goes through the ranks one at a time
 * holds one rank's records at once, not the job's. A dump of 10 million calls is about 960 MB of
 * records decoded and a fraction of that compressed. Every section was decoded and checked when the
 * file was opened, so decoding it again cannot fail but for a file changed meanwhile, which is read
 * from memory here and so cannot be.
 */
final class RankSections extends AbstractList<RankTrace> implements RandomAccess, RankList {
    /** Per rank its section, or the rank itself when it came decoded from the RANK_TABLE. */
    private final List<Object> sections;
    private final int[] ranks;
    private final int version;
    private final String label;

    /**
     * @param sections the ranks' sections (or the ranks, read from the RANK_TABLE) in rank order; {@code ranks}
     *                 their rank numbers, ascending
     */
    RankSections(List<Object> sections, int[] ranks, int version, String label) {
        this.sections = List.copyOf(sections);
        this.ranks = ranks.clone();
        this.version = version;
        this.label = label;
    }

    @Override
    public RankTrace get(int index) {
        if (sections.get(index) instanceof RankTrace decoded) return decoded;
        try {
            // A Kryo instance per decode: the list may be read from several threads, and Kryo is not thread-safe.
            Kryo kryo = TraceKryo.create(version);
            return (RankTrace) SectionDecoder.decode(kryo, label, (SectionScanner.Section) sections.get(index));
        } catch (TraceFormatException e) {
            throw new UncheckedIOException(new java.io.IOException(e.getMessage(), e));
        }
    }

    @Override
    public int size() {
        return sections.size();
    }

    @Override
    public int indexOfRank(int rank) {
        int i = Arrays.binarySearch(ranks, rank);
        return i < 0 ? -1 : i;
    }
}
