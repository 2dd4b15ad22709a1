package org.mpjtrace.runtime.rank;

import java.lang.invoke.MethodType;

/**
 * The job's main class, read once per rank at MPI.Init from the calling thread's stack: the class of the
 * innermost {@code static void main(String[])} frame. In multicore mode MPJ's runtime calls the program's
 * main from each rank's thread, with niodev from MPJ's own main (the outer one), so the innermost is the
 * program's, whichever helper of it then called MPI.Init (which the trace names apart: JobMeta.initClass).
 */
final class MainClass {
    private static final MethodType MAIN = MethodType.methodType(void.class, String[].class);

    private MainClass() {}

    /** The class name, or "" when no main(String[]) is on the stack (MPI.Init called from another thread). */
    static String ofCallingThread() {
        try {
            return StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE).walk(frames -> frames
                    .filter(f -> f.getMethodName().equals("main") && f.getMethodType().equals(MAIN))
                    .map(f -> f.getDeclaringClass().getName())
                    .findFirst().orElse(""));
        } catch (RuntimeException e) {
            return ""; // a name for the trace's header is not worth failing a rank's set-up for
        }
    }
}
