package org.mpjtrace.cli.phases;

import java.util.List;

/**
 * A rank's calls as a sequence of pattern occurrences ({@link PatternFinder}): every call belongs to
 * exactly one occurrence, and the occurrences follow one another in call order, so occurrence o spans the
 * calls from {@code firstCall[o]} up to {@code firstCall[o + 1]} (or the last call).
 *
 * @param symbols   the pattern of each occurrence: the symbol sequence the segmentation reads
 * @param firstCall the index of each occurrence's first call
 * @param bodies    each pattern's calls, as call ids, by pattern id ({@link PatternIds}: with ids shared by the
 *                  ranks, also the patterns of ranks read before, which may not occur here)
 * @param calls     the number of calls
 */
public record PatternSequence(int[] symbols, int[] firstCall, List<int[]> bodies, int calls) {

    public int occurrences() {
        return symbols.length;
    }

    /** The number of pattern ids: those of this rank and, with ids shared by ranks, of the ranks read before. */
    public int patterns() {
        return bodies.size();
    }

    /** The index of occurrence o's last call. */
    public int lastCall(int o) {
        return o + 1 < firstCall.length ? firstCall[o + 1] - 1 : calls - 1;
    }
}
