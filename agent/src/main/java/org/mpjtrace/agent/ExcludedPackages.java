package org.mpjtrace.agent;

/**
 * Classes the agent never rewrites nor scans: MPJ's own (MPJ calls its own public methods: Sendrecv
 * calls Isend, Finalize calls Barrier...), the JDK, and the tracer. In multicore mode they share the
 * application's class loader, so they are told apart by package.
 */
final class ExcludedPackages {
    private static final String[] PREFIXES = {
        "mpi/", "mpjdev/", "mpjbuf/", "xdev/", "runtime/", "smpdev/", "niodev/", "mxdev/", "hybdev/",
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
