package org.mpjtrace.agent;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the agent rewrote in this JVM, to explain a JVM that ran MPJ Express and recorded nothing: the
 * classes rewritten, those that could not be, and whether MPJ's {@code mpi.MPI} was loaded at all.
 * Off the hot path: touched once per class load.
 */
final class RewriteLog {
    private final Set<String> rewritten = ConcurrentHashMap.newKeySet();
    private final Set<String> failed = ConcurrentHashMap.newKeySet();
    private volatile boolean mpjLoaded;

    void rewrote(String className) {
        rewritten.add(className.replace('/', '.'));
    }

    void failed(String className) {
        failed.add(className.replace('/', '.'));
    }

    int rewrittenCount() {
        return rewritten.size();
    }

    void mpjLoaded() {
        mpjLoaded = true;
    }

    /**
     * Why no MPI.Init was recorded in a JVM that loaded MPJ Express, in one line; null when MPJ was not
     * loaded (the JVM ran no MPJ program: nothing to explain).
     */
    String whyNothingRecorded() {
        if (!mpjLoaded) return null;
        String why = rewritten.isEmpty()
                ? "no class calling MPJ was rewritten (classes calling MPJ only through reflection are not)"
                : rewritten.size() + " classes calling MPJ were rewritten, and no MPI.Init through them was recorded (one made through"
                        + " reflection, or by a method already running when the agent started, is not; an internal error at MPI.Init says so above)";
        return "MPJ Express ran in this JVM but no MPI.Init was recorded, so no trace is written: " + why
                + (failed.isEmpty() ? "" : "; could not rewrite " + String.join(", ", failed));
    }
}
