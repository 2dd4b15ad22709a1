package org.mpjtrace.cli.phases;

/**
 * How many calls phase detection may read one by one before it gives up: the HTML report's bound, so a
 * page of a 10-million-call dump is written in seconds while a compressed trace, whose alike loops are
 * read one iteration each ({@link RankCalls}), gets its phases whatever calls it stands for.
 */
public final class CallBudget {
    /** Thrown when the budget is spent; the reader stops where it is. */
    public static final class Spent extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Spent(long calls) {
            super("more than " + calls + " calls to read one by one", null, false, false);
        }
    }

    private final long calls;
    private long left;

    public CallBudget(long calls) {
        this.calls = calls;
        this.left = calls;
    }

    /** One call read; throws {@link Spent} past the budget. */
    void spend() {
        if (--left < 0) throw new Spent(calls);
    }
}
