package org.mpjtrace.signatures.cluster;

import java.util.ArrayList;
import java.util.List;

/**
 * Adaptive Signature Building (ACURDION's Algorithm 1), one node's step: the format word has bit j set
 * where signature j differs somewhere in the subtree. A node compares its own vector with each child's
 * and ORs in the child's format; since any two ranks that differ in j are joined by a path of tree edges
 * and equality is transitive, some edge on that path differs in j, so the root's format is exactly the
 * set of signatures that differ between any two ranks. Only those enter the distances.
 */
public final class SignatureFormat {

    private SignatureFormat() {}

    /** The format after taking in one child: the child's format, plus where its vector and this node's differ. */
    public static int withChild(int format, SignatureVector mine, SignatureVector child, int childFormat) {
        return format | childFormat | mine.differences(child);
    }

    /** The labels of the signatures a format selects, in {@link Signature} order. */
    public static List<String> labels(int format) {
        List<String> labels = new ArrayList<>();
        for (Signature s : Signature.values()) if (s.in(format)) labels.add(s.label);
        return labels;
    }

    /** Whether {@code format} is a format word: no bits beyond the eleven signatures. */
    public static boolean valid(int format) {
        return (format & ~Signature.ALL) == 0;
    }
}
