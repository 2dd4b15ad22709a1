package org.mpjtrace.cli;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mpjtrace.cli.export.PhaseSpan;
import org.mpjtrace.cli.phases.AcrossRanks;
import org.mpjtrace.cli.phases.Phase;
import org.mpjtrace.cli.phases.PhasesText;
import org.mpjtrace.cli.phases.RankClass;
import org.mpjtrace.trace.TraceFile;

/** Every rank's execution phases ({@code mpjtrace phases} without {@code --rank}) as the Chrome export draws them. */
final class PhaseSpans {
    private PhaseSpans() {}

    /** @throws BadInputException when no rank made calls or a rank's calls cannot be rebuilt */
    static Map<Integer, List<PhaseSpan>> of(TraceFile trace) {
        AcrossRanks a;
        try {
            a = AcrossRanks.of(trace, null, 0);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new BadInputException("--phases: " + e.getMessage());
        }
        Map<Integer, List<PhaseSpan>> byRank = new HashMap<>();
        for (RankClass c : a.classes()) {
            List<PhaseSpan> spans = new ArrayList<>();
            for (Phase p : c.phases())
                spans.add(new PhaseSpan(p.firstCall(), p.lastCall(), "phase " + p.index(), PhasesText.functions(p.functions()),
                        PhasesText.patterns(p.patterns())));
            for (int r : c.ranks()) byRank.put(r, spans);
        }
        return byRank;
    }
}
