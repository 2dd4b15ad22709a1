package org.mpjtrace.runtime;

import org.mpjtrace.runtime.recording.ShadowStack;

/**
 * What rewritten application code calls around each call that can reach MPJ (the agent finds those
 * calls by scanning the application's class path):
 * <pre>
 *   int d = Context.push(callerSite);   // callerSite: the id of this call site in the site table
 *   target(...);
 *   Context.pop(d);
 * </pre>
 * The probe then reads the thread's {@link ShadowStack} to give each MPJ call a stack signature of its
 * calling context. One ThreadLocal lookup per push or pop, no allocation after a thread's first push,
 * no lock.
 *
 * <p>When the target throws, its pop is skipped. A method that wraps calls and has exception handlers
 * therefore {@link #mark}s the depth at its entry and each handler {@link #pop}s back to it, so a catch
 * block, or a loop around a call that fails, sees the context it is really in. Exceptions that leave
 * the method are settled the same way by the caller's handler or the enclosing wrapped call's pop.
 */
public final class Context {

    private Context() {}

    public static int push(int callerSite) {
        try {
            return ShadowStack.ofCurrentThread().push(callerSite);
        } catch (Throwable t) {
            return 0; // the tracer never breaks the program; the worst case is a lost context
        }
    }

    public static void pop(int depthBefore) {
        try {
            ShadowStack.ofCurrentThread().pop(depthBefore);
        } catch (Throwable t) {
            // As in push: nothing of ours may escape into the application.
        }
    }

    /** The depth at the entry of a method with handlers, for their {@link #pop}. */
    public static int mark() {
        try {
            return ShadowStack.ofCurrentThread().depth();
        } catch (Throwable t) {
            return 0; // as in push
        }
    }

    /** The calling thread's number of wrapped calls in progress (for tests and diagnostics). */
    public static int depth() {
        return ShadowStack.ofCurrentThread().depth();
    }
}
