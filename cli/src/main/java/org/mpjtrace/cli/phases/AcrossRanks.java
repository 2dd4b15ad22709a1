package org.mpjtrace.cli.phases;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;

/**
 * Phase detection on every rank of a trace, summarised as rank classes ({@link RankClass}): what
 * {@code mpjtrace phases} prints without {@code --rank}. The ranks share their call ids ({@link CallIds})
 * and pattern ids ({@link PatternIds}), so two ranks whose phases hold the same patterns at the same call
 * indices fall into one class. A non-lead of a clustered trace takes its lead's calls, as one rank
 * alone does. Ranks are read one at a time and only each class's sums are kept, so memory is one rank's
 * calls, not the job's.
 *
 * @param classes      in order of their first rank
 * @param withoutCalls the ranks that made no MPJ calls (in no class)
 * @param bodies       every pattern, by its shared id, as call ids
 * @param names        what each call id stands for
 */
public record AcrossRanks(List<RankClass> classes, List<Integer> withoutCalls, List<int[]> bodies, RankCalls.CallIdNames names) {

    /** What makes two ranks one class. */
    private record Key(int threshold, List<List<Integer>> phases) {}

    /** A class as it grows: its ranks, its first rank's phases, and the sums of the phases' times. */
    private static final class Members {
        final List<Integer> ranks = new ArrayList<>();
        final List<Phase> phases;
        final long[] duration, compute;

        Members(List<Phase> phases) {
            this.phases = phases;
            duration = new long[phases.size()];
            compute = new long[phases.size()];
        }

        void add(int rank, List<Phase> theirs) {
            ranks.add(rank);
            for (int i = 0; i < theirs.size(); i++) {
                duration[i] += theirs.get(i).durationNs();
                compute[i] += theirs.get(i).computeNs();
            }
        }

        RankClass toClass(int threshold) {
            List<Phase> mean = new ArrayList<>();
            int n = ranks.size();
            for (int i = 0; i < phases.size(); i++) {
                Phase p = phases.get(i);
                mean.add(new Phase(p.index(), p.segment(), p.firstCall(), p.lastCall(), p.patterns(), p.functions(), duration[i] / n,
                        compute[i] / n));
            }
            return new RankClass(ranks, threshold, mean);
        }
    }

    /**
     * @param threshold t for every rank, or null to choose it on each rank from its tree
     * @throws IllegalArgumentException when no rank made calls, or t is above a rank's tree height (the message names the rank)
     * @throws IllegalStateException    when a rank's calls cannot be rebuilt (the message names the rank)
     */
    public static AcrossRanks of(TraceFile trace, Integer threshold, double minStrength) {
        return of(trace, threshold, minStrength, null);
    }

    /**
     * As {@link #of(TraceFile, Integer, double)}, reading at most {@code budget}'s calls one by one over all
     * ranks (an alike loop's iterations count once: {@link RankCalls}).
     *
     * @throws CallBudget.Spent past the budget
     */
    public static AcrossRanks of(TraceFile trace, Integer threshold, double minStrength, CallBudget budget) {
        CallIds callIds = new CallIds();
        PatternIds patternIds = new PatternIds();
        Map<Key, Members> classes = new LinkedHashMap<>();
        List<Integer> without = new ArrayList<>();
        RankCalls.CallIdNames names = callIds::name;
        for (RankTrace section : trace.ranks()) {
            RankCalls calls;
            try {
                calls = RankCalls.read(trace, section, callIds, true, budget);
            } catch (IllegalStateException e) {
                throw new IllegalStateException("cannot rebuild rank " + section.rank() + "'s calls: " + e.getMessage(), e);
            }
            if (calls.size() == 0) {
                without.add(section.rank());
                continue;
            }
            PhaseDetection d;
            try {
                d = PhaseDetection.of(calls, threshold, minStrength, patternIds);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("rank " + section.rank() + ": " + e.getMessage(), e);
            }
            List<List<Integer>> shape = new ArrayList<>();
            for (Phase p : d.phases()) {
                List<Integer> row = new ArrayList<>(List.of(p.firstCall(), p.lastCall()));
                row.addAll(p.patterns());
                shape.add(row);
            }
            classes.computeIfAbsent(new Key(d.threshold(), shape), k -> new Members(d.phases())).add(section.rank(), d.phases());
        }
        if (classes.isEmpty()) throw new IllegalArgumentException("no rank made MPJ calls: no phases to find");
        List<RankClass> out = new ArrayList<>();
        classes.forEach((k, m) -> out.add(m.toClass(k.threshold())));
        return new AcrossRanks(List.copyOf(out), List.copyOf(without), patternIds.bodies(), names);
    }
}
