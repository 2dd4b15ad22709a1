package org.mpjtrace.cli.job;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Stops a process together with everything it started. MPJ's starter and daemon each start further
 * JVMs (the multicore child, one JVM per niodev rank) that outlive their parent if it is simply killed.
 */
public final class ProcessTrees {

    private ProcessTrees() {}

    /**
     * Asks the process and all its descendants to terminate (SIGTERM), waits up to {@code graceMillis}
     * for them, then kills whatever is left. Descendants are listed before anything is signalled:
     * once a parent dies its children are re-parented and can no longer be found through it.
     */
    public static void destroy(ProcessHandle root, long graceMillis) {
        destroy(List.of(root), graceMillis);
    }

    /** {@link #destroy(ProcessHandle, long)} of several trees at once, within one grace. */
    public static void destroy(List<ProcessHandle> roots, long graceMillis) {
        List<ProcessHandle> all = new ArrayList<>();
        for (ProcessHandle root : roots) {
            root.descendants().forEach(all::add);
            all.add(root);
        }
        for (ProcessHandle p : all) p.destroy();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(graceMillis);
        boolean interrupted = false;
        for (ProcessHandle p : all) {
            long left = deadline - System.nanoTime();
            if (left > 0 && !interrupted) {
                try {
                    p.onExit().get(left, TimeUnit.NANOSECONDS);
                } catch (InterruptedException e) {
                    interrupted = true; // still kill everything, without waiting any more
                } catch (Exception e) {
                    // timed out: fall through to the forcible kill
                }
            }
            if (p.isAlive()) p.destroyForcibly();
        }
        if (interrupted) Thread.currentThread().interrupt();
    }
}
