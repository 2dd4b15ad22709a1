package org.mpjtrace.samples;

import mpi.Comm;
import org.mpjtrace.runtime.Context;

/**
 * Input for the agent's calling-context tests: one MPJ call site ({@link #helper}'s Send) reached from
 * two callers, directly and through {@link #middle}. With no communicator the MPJ call is skipped and
 * the methods report how many wrapped calls they are inside, so the rewritten class can run without MPJ.
 */
public final class ContextSample implements Runnable {

    static int helper(Comm comm) {
        if (comm != null) comm.Send(new int[1], 0, 1, null, 0, 0);
        return Context.depth();
    }

    public static int viaA() {
        return helper(null);
    }

    public static int viaB() {
        return middle();
    }

    static int middle() {
        return helper(null);
    }

    /** Reaches nothing: its calls stay as they are. */
    public static int pure(int x) {
        return Math.abs(x) * 2;
    }

    static int fails(Comm comm) {
        if (comm != null) comm.Send(new int[1], 0, 1, null, 0, 0);
        throw new IllegalStateException("fails on purpose");
    }

    static int deeper() {
        return fails(null);
    }

    static int catches() {
        try {
            return deeper();
        } catch (IllegalStateException e) {
            return Context.depth();
        }
    }

    /** The depth seen in a catch block after two wrapped calls threw past their pops, then once back out. */
    public static int[] afterCatch() {
        int inCatch = catches();
        return new int[] {inCatch, Context.depth()};
    }

    /**
     * Calls a failing method five times, catching each failure; the long and double locals live across
     * the loop put wide values in the method's stack map frames. Returns the depth each catch block saw,
     * then the depth after the loop.
     */
    public static int[] loopsOverFailures() {
        int[] seen = new int[6];
        long calls = 0;
        double share = 0.5;
        for (int i = 0; i < 5; i++) {
            try {
                calls += deeper();
            } catch (IllegalStateException e) {
                seen[i] = Context.depth();
                share *= 2;
            } finally {
                calls++;
            }
        }
        seen[5] = Context.depth() + (calls == 5 && share == 16 ? 0 : 1000);
        return seen;
    }

    /** Makes run()V a method that reaches MPJ, so calls to any run()V are wrapped, whatever their owner. */
    @Override
    public void run() {
        helper(null);
    }

    public static void viaInterface(Runnable r) {
        r.run();
    }

    /** Only creates a lambda: INVOKEDYNAMIC is not followed, so this method does not reach MPJ. */
    public static Runnable makesLambda() {
        return () -> helper(null);
    }
}
