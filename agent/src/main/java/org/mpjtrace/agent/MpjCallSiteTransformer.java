package org.mpjtrace.agent;

import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;
import org.mpjtrace.runtime.SiteRegistry;
import org.mpjtrace.runtime.TracerLog;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;

/**
 * Rewrites the MPJ call sites of application classes as they load. Never MPJ's own classes (MPJ calls
 * its own public methods: Sendrecv calls Isend, Finalize calls Barrier...), the JDK, or the tracer:
 * in multicore mode they share the application's class loader, so they are told apart by package.
 * A class that cannot be rewritten loads unchanged, with one line on stderr.
 */
final class MpjCallSiteTransformer implements ClassFileTransformer {
    private static final String[] EXCLUDED = {
        "mpi/", "mpjdev/", "mpjbuf/", "xdev/", "runtime/", "smpdev/", "niodev/", "mxdev/", "hybdev/",
        // The tracer's own packages (org.mpjtrace.examples are applications like any other).
        "org/mpjtrace/agent/", "org/mpjtrace/runtime/", "org/mpjtrace/trace/", "org/mpjtrace/signatures/",
        "org/mpjtrace/shaded/", "org/mpjtrace/cli/",
        "java/", "javax/", "jdk/", "sun/", "com/sun/", "org/apache/log4j/",
    };
    private static final byte[] MPI_PREFIX = {'m', 'p', 'i', '/'};

    private final SiteRegistry sites;

    MpjCallSiteTransformer(SiteRegistry sites) {
        this.sites = sites;
    }

    @Override
    public byte[] transform(ClassLoader loader, String className, Class<?> redefined, ProtectionDomain domain, byte[] bytes) {
        if (loader == null || className == null || redefined != null || excluded(className) || !mentionsMpi(bytes))
            return null;
        try {
            return rewrite(bytes);
        } catch (Throwable t) {
            TracerLog.line("could not instrument " + className.replace('/', '.') + " (" + TracerLog.describe(t) + "); its MPJ calls are not traced");
            return null;
        }
    }

    /** The rewritten class, or null when it calls nothing intercepted. */
    byte[] rewrite(byte[] bytes) {
        ClassReader reader = new ClassReader(bytes);
        boolean isInterface = (reader.getAccess() & Opcodes.ACC_INTERFACE) != 0;
        int version = readVersion(bytes);
        if (isInterface && version < Opcodes.V1_8) return null; // no static methods in such interfaces
        ClassWriter writer = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
        CallSiteRewriter rewriter = new CallSiteRewriter(writer, sites);
        reader.accept(rewriter, 0);
        return rewriter.changed() ? writer.toByteArray() : null;
    }

    private static int readVersion(byte[] b) {
        return ((b[6] & 0xFF) << 8) | (b[7] & 0xFF);
    }

    private static boolean excluded(String className) {
        for (String prefix : EXCLUDED) if (className.startsWith(prefix)) return true;
        return false;
    }

    /** A cheap pre-check: a class calling MPJ names some mpi/ class in its constant pool. */
    static boolean mentionsMpi(byte[] bytes) {
        outer:
        for (int i = 0; i + MPI_PREFIX.length <= bytes.length; i++) {
            for (int j = 0; j < MPI_PREFIX.length; j++) if (bytes[i + j] != MPI_PREFIX[j]) continue outer;
            return true;
        }
        return false;
    }
}
