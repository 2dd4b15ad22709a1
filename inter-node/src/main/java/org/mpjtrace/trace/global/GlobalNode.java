package org.mpjtrace.trace.global;

import org.mpjtrace.trace.ranks.RankSet;

/** A node of the merged (global) trace: an event or a loop, with the ranks that execute it. */
public sealed interface GlobalNode permits GlobalEvent, GlobalLoop {
    RankSet ranks();

    /** Nodes in this subtree, this one included. */
    int nodeCount();
}
