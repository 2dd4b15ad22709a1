package org.mpjtrace.agent;

/**
 * Classes the agent never rewrites nor scans by their package: the JDK, the tracer and log4j (which MPJ
 * brings). MPJ Express's own classes (MPJ calls its own public methods: Sendrecv calls Isend, Finalize
 * calls Barrier...) are told apart by where they come from ({@link MpjOrigin}), so that an application
 * package named {@code mpi.something} is traced.
 */
final class ExcludedPackages {
    private static final String[] PREFIXES = {
        // The tracer's own packages (org.mpjtrace.examples are applications like any other).
        "org/mpjtrace/agent/", "org/mpjtrace/runtime/", "org/mpjtrace/trace/", "org/mpjtrace/signatures/",
        "org/mpjtrace/shaded/", "org/mpjtrace/cli/",
        "java/", "javax/", "jdk/", "sun/", "com/sun/", "org/apache/log4j/",
    };

    private ExcludedPackages() {}

    /** @param className internal name, e.g. {@code mpi/Comm} */
    static boolean excluded(String className) {
        for (String prefix : PREFIXES) if (className.startsWith(prefix)) return true;
        return false;
    }
}
