package org.mpjtrace.trace;

/**
 * One rewritten call site of the application: an MPJ call, or, with calling context, a call through
 * which MPJ calls are reached (a caller's frame in a {@link CallPath}).
 *
 * @param id             the id events carry in their site field (dense, per trace)
 * @param className      the calling class, dotted
 * @param methodName     the calling method
 * @param line           source line, or -1 when the class has no line table
 * @param ordinal        the call's position among the MPJ calls of that method (0-based), so two calls on
 *                       one line stay apart
 * @param api            the method called, as owner.name: the MPJ method (e.g. {@code mpi.Intracomm.Allreduce}),
 *                       or for a caller's call site the application method called
 * @param stackSignature 64-bit signature of the call site alone, computed from its key; events reached
 *                       through callers carry it extended by theirs (see {@link CallPath})
 */
public record CallSite(int id, String className, String methodName, int line, int ordinal, String api,
                       long stackSignature) {

    /** Class.method:line as users read it, with the simple class name. */
    public String where() {
        String simple = className.substring(className.lastIndexOf('.') + 1);
        return simple + "." + methodName + ":" + (line < 0 ? "?" : Integer.toString(line));
    }

    /** What identifies the site across JVMs, whatever id each JVM gave it. */
    public String key() {
        return className + "#" + methodName + "#" + line + "#" + ordinal + "#" + api;
    }
}
