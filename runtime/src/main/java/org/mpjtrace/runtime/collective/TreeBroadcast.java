package org.mpjtrace.runtime.collective;

import org.mpjtrace.runtime.rank.RankContext;

/** The downward half of a sweep over the binomial tree: a node passes the root's message on to its children. */
final class TreeBroadcast {

    private TreeBroadcast() {}

    /**
     * Sends message to every child on the private communicator, the largest subtree first (it has the most
     * rounds ahead of it).
     *
     * @param children the node's children, nearest first, as {@code BinomialTree.children} gives them
     */
    static void toChildren(RankContext ctx, int[] children, byte[] message, int tag) throws ReflectiveOperationException {
        for (int i = children.length - 1; i >= 0; i--) ctx.mpj.sendBytes(ctx.privateComm(), message, children[i], tag);
    }
}
