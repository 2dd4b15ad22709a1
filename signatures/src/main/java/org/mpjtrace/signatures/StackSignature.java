package org.mpjtrace.signatures;

/**
 * The stack signature of an MPJ call site: a 64-bit hash that stands for "this call, reached this way".
 * Without calling context it identifies the call site alone, by the same key on every JVM, so that
 * ranks of a niodev job (which number sites independently) agree on it.
 */
public final class StackSignature {
    private StackSignature() {}

    /**
     * @param className calling class, dotted
     * @param method    calling method name
     * @param line      source line or -1
     * @param ordinal   position of the call among the MPJ calls of that method
     * @param api       MPJ method called, owner.name
     */
    public static long ofSite(String className, String method, int line, int ordinal, String api) {
        long h = Mix64.of(className);
        h = Mix64.combine(h, Mix64.of(method));
        h = Mix64.combine(h, line);
        h = Mix64.combine(h, ordinal);
        return Mix64.combine(h, Mix64.of(api));
    }
}
