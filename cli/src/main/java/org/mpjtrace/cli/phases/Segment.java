package org.mpjtrace.cli.phases;

/**
 * One node of the segmentation tree (the rows of the paper's Figs. 10 and 13): a stretch of the symbol
 * sequence, with the best cut found in it whether or not it was taken. Positions are indices into the
 * symbol sequence, 0-based and inclusive at both ends (the paper's P_s and P_e).
 *
 * @param id       the node's number, in level order: 0 is the root (S_0), then its children, and so on
 * @param parent   the parent's id, -1 for the root
 * @param depth    0 for the root
 * @param start    P_s, the first symbol
 * @param end      P_e, the last symbol
 * @param djs      the greatest D_JS over the cut positions (eq. 4); 0 for a single symbol
 * @param cut      p_c, the last symbol of the left part at that greatest D_JS (the paper's position i is
 *                 in S_l); -1 for a single symbol
 * @param strength s at that cut (eq. 11); NaN for a single symbol
 * @param left     the left child's id when the segment was cut, else -1
 * @param right    the right child's id when the segment was cut, else -1
 */
public record Segment(int id, int parent, int depth, int start, int end, double djs, int cut, double strength,
                      int left, int right) {

    /** l, the number of symbols. */
    public int length() {
        return end - start + 1;
    }

    /** Whether the segment was cut in two. */
    public boolean isCut() {
        return left >= 0;
    }

    Segment withChildren(int leftId, int rightId) {
        return new Segment(id, parent, depth, start, end, djs, cut, strength, leftId, rightId);
    }
}
