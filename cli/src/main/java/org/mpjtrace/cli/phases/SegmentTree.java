package org.mpjtrace.cli.phases;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/** The segmentation tree: its nodes in level order, the root first ({@link Segmenter}). */
public record SegmentTree(List<Segment> nodes) {

    public SegmentTree {
        nodes = List.copyOf(nodes);
    }

    public Segment root() {
        return nodes.get(0);
    }

    public Segment node(int id) {
        return nodes.get(id);
    }

    /** The depth of the deepest node: the largest threshold t (section 3.4), 0 for a tree of one node. */
    public int height() {
        int h = 0;
        for (Segment s : nodes) h = Math.max(h, s.depth());
        return h;
    }

    /**
     * The tree cut at threshold t (section 3.4): the nodes at depth t, and the leaves above it, in sequence
     * order. t = 0 gives the root alone; t = {@link #height} every leaf.
     */
    public List<Segment> cutAt(int t) {
        if (t < 0 || t > height()) throw new IllegalArgumentException("threshold " + t + " is outside 0.." + height());
        List<Segment> out = new ArrayList<>();
        // Depth first, left before right, on a stack of our own: a tree can be as deep as the sequence is long.
        ArrayDeque<Segment> todo = new ArrayDeque<>();
        todo.push(root());
        while (!todo.isEmpty()) {
            Segment s = todo.pop();
            if (s.depth() == t || !s.isCut()) {
                out.add(s);
                continue;
            }
            todo.push(node(s.right()));
            todo.push(node(s.left()));
        }
        return out;
    }
}
