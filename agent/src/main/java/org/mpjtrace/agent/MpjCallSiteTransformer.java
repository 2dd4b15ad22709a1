package org.mpjtrace.agent;

import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;
import java.util.Map;
import org.mpjtrace.runtime.config.TracerLog;
import org.mpjtrace.runtime.rank.SiteRegistry;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;

/**
 * Rewrites the MPJ call sites of application classes as they load and, with calling context (agent key
 * stackDepth above 0), wraps their calls to methods that can reach MPJ. Never MPJ's own classes (told by
 * their jar, {@link MpjOrigin}), the JDK, or the tracer ({@link ExcludedPackages}). Which methods can reach MPJ comes from a scan of the
 * class's loader's class path ({@link ReachCache}); a class that scan did not see gets its MPJ calls
 * rewritten but none of its calls wrapped. A class that cannot be rewritten loads unchanged, with one
 * line on stderr.
 */
final class MpjCallSiteTransformer implements ClassFileTransformer {
    private final SiteRegistry sites;
    private final boolean context;
    private final MpjOrigin origin;
    private final ReachCache reaches;
    private final RewriteLog log = new RewriteLog();

    /** Without calling context. */
    MpjCallSiteTransformer(SiteRegistry sites) {
        this(sites, 0);
    }

    MpjCallSiteTransformer(SiteRegistry sites, int stackDepth) {
        this(sites, stackDepth, MpjOrigin.ofEnvironment());
    }

    MpjCallSiteTransformer(SiteRegistry sites, int stackDepth, MpjOrigin origin) {
        this.sites = sites;
        this.context = stackDepth > 0;
        this.origin = origin;
        this.reaches = new ReachCache(origin);
    }

    /** What this transformer did, for the report of a JVM that used MPJ and recorded nothing. */
    RewriteLog log() {
        return log;
    }

    @Override
    public byte[] transform(ClassLoader loader, String className, Class<?> redefined, ProtectionDomain domain, byte[] bytes) {
        if (loader == null || className == null || redefined != null || ExcludedPackages.excluded(className)) return null;
        Reach reach = Reach.NONE;
        try {
            if (origin.isMpj(className, domain)) {
                if (className.equals("mpi/MPI")) log.mpjLoaded();
                return null;
            }
            if (context) reach = reaches.forLoader(loader);
            if (!reach.scanned(className)) reach = Reach.NONE;
            if (!reach.needsRewrite(className) && !mentionsMpi(bytes)) return null;
            byte[] rewritten = rewrite(bytes, reach);
            if (rewritten != null) log.rewrote(className);
            return rewritten;
        } catch (Throwable t) {
            if (reach != Reach.NONE) return withoutContext(className, bytes, t);
            TracerLog.line("could not instrument " + className.replace('/', '.') + " (" + TracerLog.describe(t) + "); its MPJ calls are not traced");
            log.failed(className);
            return null;
        }
    }

    /** Wrapping failed (say, a method grew past 64 KiB): the MPJ calls are still worth tracing. */
    private byte[] withoutContext(String className, byte[] bytes, Throwable why) {
        String name = className.replace('/', '.');
        try {
            byte[] rewritten = rewrite(bytes, Reach.NONE);
            TracerLog.line("could not add calling context to " + name + " (" + TracerLog.describe(why) + "); its MPJ calls are traced without it");
            if (rewritten != null) log.rewrote(className);
            return rewritten;
        } catch (Throwable t) {
            TracerLog.line("could not instrument " + name + " (" + TracerLog.describe(t) + "); its MPJ calls are not traced");
            log.failed(className);
            return null;
        }
    }

    /** The rewritten class (MPJ calls only), or null when it calls nothing intercepted. */
    byte[] rewrite(byte[] bytes) {
        return rewrite(bytes, Reach.NONE);
    }

    /** The rewritten class, MPJ calls and the calls {@code reach} says to wrap, or null when nothing changes. */
    byte[] rewrite(byte[] bytes, Reach reach) {
        ClassReader reader = new ClassReader(bytes);
        boolean isInterface = (reader.getAccess() & Opcodes.ACC_INTERFACE) != 0;
        int version = readVersion(bytes);
        if (isInterface && version < Opcodes.V1_8) return null; // no static methods in such interfaces
        Map<String, MethodSurvey.WrapLocals> wrapLocals = reach == Reach.NONE ? Map.of() : MethodSurvey.freeLocals(bytes, reach);
        ClassWriter writer = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
        CallSiteRewriter rewriter = new CallSiteRewriter(writer, sites, reach, wrapLocals);
        // Expanded frames let HandlerUnwinder add its local to each; the writer compresses them again.
        reader.accept(rewriter, wrapLocals.isEmpty() ? 0 : ClassReader.EXPAND_FRAMES);
        return rewriter.changed() ? writer.toByteArray() : null;
    }

    private static int readVersion(byte[] b) {
        return ((b[6] & 0xFF) << 8) | (b[7] & 0xFF);
    }

    /**
     * A cheap pre-check: a class calling MPJ names some mpi/ class in its constant pool, or, to reach
     * it through reflection, an mpi. class name.
     */
    static boolean mentionsMpi(byte[] bytes) {
        for (int i = 0; i + 4 <= bytes.length; i++)
            if (bytes[i] == 'm' && bytes[i + 1] == 'p' && bytes[i + 2] == 'i' && (bytes[i + 3] == '/' || bytes[i + 3] == '.')) return true;
        return false;
    }
}
