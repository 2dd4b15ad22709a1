package org.mpjtrace.cli.it;

import java.util.List;

/** The example programs and the small arguments the integration tests run them with. */
enum Examples {
    RING("Ring", true, "steps=3"),
    STENCIL_2D("Stencil2D", true, "steps=20", "n=16"),
    STENCIL_3D("Stencil3D", true, "steps=5", "n=4"),
    // Which worker gets which task depends on timing: its call lists differ from run to run.
    MASTER_WORKER("MasterWorker", false, "tasks=24"),
    SWEEP("Sweep", true, "sweeps=2", "n=8"),
    PHASE_CHANGE("PhaseChange", true, "steps=20", "phase=5"),
    TWO_CALLERS("TwoCallers", true, "steps=3"),
    CG_TRANSPOSE("CGTranspose", true, "steps=20", "n=16"),
    // Not deterministic: its Test, Testany, Testsome and Testall loops poll as often as the timing needs
    // (2 Test calls with the agent and about 100 without were seen once on niodev).
    API_TOUR("ApiTour", false);

    final String mainClass;
    /** Whether the same arguments always make the same calls on every rank. */
    final boolean deterministic;
    final List<String> args;

    Examples(String mainClass, boolean deterministic, String... args) {
        this.mainClass = mainClass;
        this.deterministic = deterministic;
        this.args = List.of(args);
    }

    /** ApiTour is written for exactly 4 ranks; CGTranspose needs a square number of ranks. */
    boolean runsOn(int ranks) {
        if (this == CG_TRANSPOSE) {
            int s = (int) Math.round(Math.sqrt(ranks));
            return s * s == ranks;
        }
        return this != API_TOUR || ranks == 4;
    }

    List<String> argsWithCalls() {
        List<String> a = new java.util.ArrayList<>(args);
        a.add("--calls");
        return a;
    }
}
