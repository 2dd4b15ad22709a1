package org.mpjtrace.signatures;

/**
 * The stack signature of an MPJ call site: a 64-bit hash that stands for "this call, reached this way".
 * Without calling context it identifies the call site alone, by the same key on every JVM, so that
 * ranks of a niodev job (which number sites independently) agree on it. With calling context the
 * site's signature is extended by the signatures of its callers' call sites, nearest first; those too
 * come from site keys, never from JVM-local ids, so every JVM computes the same value for the same
 * context.
 */
public final class StackSignature {
    /**
     * Stands in for a caller that was not recorded (the tracer's shadow stack has a fixed capacity;
     * deeper calls only count depth), so such a context still differs from a shallower one.
     */
    public static final long UNRECORDED_CALLER = Mix64.of("mpjtrace: unrecorded caller");

    private StackSignature() {}

    /**
     * @param className calling class, dotted
     * @param method    calling method name
     * @param line      source line or -1
     * @param ordinal   position of the call among the MPJ calls of that method (for a caller's call
     *                  site: among the calls the agent wrapped in that method)
     * @param api       method called, owner.name: the MPJ method, or for a caller's call site the
     *                  application method through which an MPJ call is reached
     */
    public static long ofSite(String className, String method, int line, int ordinal, String api) {
        long h = Mix64.of(className);
        h = Mix64.combine(h, Mix64.of(method));
        h = Mix64.combine(h, line);
        h = Mix64.combine(h, ordinal);
        return Mix64.combine(h, Mix64.of(api));
    }

    /**
     * The signature of a context one caller longer: {@code signature} extended by the signature of the
     * call site through which it was reached. Applied nearest caller first, so the order of callers
     * counts (a to b to MPJ differs from b to a to MPJ), and a context with no callers keeps the
     * site's own signature. Wrapping arithmetic, no allocation: the probe calls it on every MPJ call.
     */
    public static long withCaller(long signature, long callerSiteSignature) {
        return Mix64.combine(signature, callerSiteSignature);
    }
}
