package org.mpjtrace.signatures.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

// In runtime, not signatures: these tests use src-test-fixtures, which depends on signatures (a cycle there).
/** Brute-force answers and checks shared by the ACURDION tests. */
public final class AcurdionChecks {

    /** Every combination of metric, step and selector. */
    public static final List<ClusterOptions> ALL_OPTIONS = allOptions();

    private AcurdionChecks() {}

    private static List<ClusterOptions> allOptions() {
        List<ClusterOptions> all = new ArrayList<>();
        for (Metric m : Metric.values()) for (Step s : Step.values()) for (Selector sel : Selector.values()) all.add(new ClusterOptions(m, s, sel));
        return List.copyOf(all);
    }

    /** The signatures that differ between some two ranks, by comparing every pair. */
    public static int differingSignatures(SignatureVector[] ranks) {
        int format = 0;
        for (int a = 0; a < ranks.length; a++) for (int b = a + 1; b < ranks.length; b++) format |= ranks[a].differences(ranks[b]);
        return format;
    }

    /**
     * Adaptive Signature Building over the binomial tree as the ranks run it: each rank takes in its
     * children (nearest first) with {@link SignatureFormat#withChild}. Returns every rank's format after
     * its children, i.e. the format of its subtree; the root's is the one broadcast.
     */
    public static int[] buildFormats(SignatureVector[] ranks) {
        int p = ranks.length;
        int[] format = new int[p];
        // A child's rank is above its parent's, so going down from p - 1 finishes children first.
        for (int r = p - 1; r >= 0; r--) {
            for (int child : BinomialTree.children(r, p)) format[r] = SignatureFormat.withChild(format[r], ranks[r], ranks[child], format[child]);
        }
        return format;
    }

    public static int leadCount(int[] leads) {
        int count = 0;
        for (int i = 0; i < leads.length; i++) if (leads[i] == i) count++;
        return count;
    }

    public static long callPath(SignatureVector v) {
        return v.word(Signature.CALL_PATH);
    }

    /**
     * Every candidate's lead leads itself, and every other candidate's lead is the nearest lead it may
     * join (under double-step: of its own Call-Path), ties to the lowest index.
     */
    public static void assertJoinsNearestLead(SignatureVector[] set, int format, ClusterOptions options, int[] leads, String what) {
        GroupedDistance d = new GroupedDistance(set, format, options.metric());
        for (int i = 0; i < set.length; i++) {
            assertEquals(leads[i], leads[leads[i]], what + ": the lead of " + i + " leads itself");
            if (leads[i] == i) continue;
            int nearest = -1;
            for (int l = 0; l < set.length; l++) {
                if (leads[l] != l) continue;
                if (options.step() == Step.DOUBLE && callPath(set[l]) != callPath(set[i])) continue;
                if (nearest < 0 || d.between(i, l) < d.between(i, nearest)) nearest = l;
            }
            assertEquals(nearest, leads[i], what + ": candidate " + i + " joins its nearest lead");
        }
    }

    /** Leads by rank as a readable string, for messages. */
    public static String show(int[] leads) {
        return java.util.Arrays.toString(leads);
    }
}
