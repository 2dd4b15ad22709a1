package org.mpjtrace.trace.fold;

/**
 * A node of a loop-compressed trace: an event (all occurrences of one call, with its parameters as
 * value sequences) or a loop of nodes (RSD; a loop containing loops is a PRSD).
 */
public sealed interface TraceNode permits EventNode, LoopNode {
    /** Hash of the node's shape: what must be equal for two nodes to fold into one. */
    long shapeHash();

    /** Whether {@code other} has this node's shape (then the hashes are equal too). */
    boolean sameShape(TraceNode other);

    /** Nodes in this subtree (this one included): the size of the compressed structure. */
    int nodeCount();
}
