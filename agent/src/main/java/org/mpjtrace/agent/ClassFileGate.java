package org.mpjtrace.agent;

import java.lang.instrument.IllegalClassFormatException;
import java.security.ProtectionDomain;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.agent.builder.ResettableClassFileTransformer;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.Opcodes;
import org.mpjtrace.runtime.config.TracerLog;

/**
 * What Byte Buddy's builder gets to see: only a class file that may call MPJ. Byte Buddy matches types by
 * their description, which does not hold their code; whether a class calls MPJ is in its constant pool,
 * which this gate reads before Byte Buddy parses anything (a class that names no {@code mpi/} class costs
 * one scan of its bytes). MPJ Express's own classes, which all name {@code mpi/}, are turned away here by
 * their origin too, as the builder's ignore rule would, so that Byte Buddy does not describe each of
 * them only to ignore it (a traced replay of Stencil2D on 4 ranks in multicore mode loads 447 classes
 * that name {@code mpi/}, all but a dozen MPJ's own, one copy per rank). The class file let through is kept for the rewriting on this thread
 * ({@link #current()}): the rewriting surveys it before it rewrites it ({@link MethodSurvey}), and needs to
 * know whether the class is loading or being retransformed.
 *
 * <p>The gate also gives the outcome: a class whose rewriting with calling context failed (a method grown
 * past 64 KiB, say) is rewritten again without it, since its MPJ calls are still worth tracing; what could
 * not be done at all goes to the tracer's log file, once per class.
 */
final class ClassFileGate implements AgentBuilder.TransformerDecorator {
    private static final ThreadLocal<ClassFile> CURRENT = new ThreadLocal<>();

    private final boolean context;
    private final MpjOrigin origin;
    private final ReachCache reaches;
    private final RewriteLog log;
    private final AgentLogFile logFile;

    ClassFileGate(boolean context, MpjOrigin origin, RewriteLog log, AgentLogFile logFile) {
        this.context = context;
        this.origin = origin;
        this.reaches = new ReachCache(origin);
        this.log = log;
        this.logFile = logFile;
        // Loaded now, before the gate is installed: a class first loaded inside the gate would come through
        // the gate itself while it loads (the JVM then refuses its second definition). The gate's other
        // classes are the agent's, which the gate turns away by this class before using them.
        ExcludedPackages.excluded("");
    }

    /** The class file being transformed on this thread, or null. */
    static ClassFile current() {
        return CURRENT.get();
    }

    /** One class file let through, and what its transformation found. */
    final class ClassFile {
        final String name;
        final byte[] bytes;
        /** The loaded class being retransformed, or null when the class is loading. */
        final Class<?> retransformed;
        private final ClassLoader loader;
        private boolean withContext = context;
        private Throwable failure;

        private ClassFile(String name, byte[] bytes, Class<?> retransformed, ClassLoader loader) {
            this.name = name;
            this.bytes = bytes;
            this.retransformed = retransformed;
            this.loader = loader;
        }

        /** What the scan of the class's class path found, when its calls get calling context. */
        Reach reach() {
            if (!withContext) return Reach.NONE;
            Reach reach = reaches.forLoader(loader);
            return reach.scanned(name) ? reach : Reach.NONE;
        }

        /** Byte Buddy's listener: the transformation failed, the class stays as it was. */
        void failed(Throwable t) {
            failure = t;
        }
    }

    @Override
    public ResettableClassFileTransformer decorate(ResettableClassFileTransformer builder) {
        return new ResettableClassFileTransformer.WithDelegation(builder) {
            @Override
            public byte[] transform(Module module, ClassLoader loader, String name, Class<?> redefined, ProtectionDomain domain,
                                    byte[] bytes) {
                if (!mayCallMpj(loader, name, domain, bytes)) return null;
                return outcome(new ClassFile(name, bytes, redefined, loader),
                        () -> classFileTransformer.transform(module, loader, name, redefined, domain, bytes));
            }

            @Override
            public byte[] transform(ClassLoader loader, String name, Class<?> redefined, ProtectionDomain domain, byte[] bytes) {
                if (!mayCallMpj(loader, name, domain, bytes)) return null;
                return outcome(new ClassFile(name, bytes, redefined, loader),
                        () -> classFileTransformer.transform(loader, name, redefined, domain, bytes));
            }
        };
    }

    /**
     * Whether Byte Buddy should see the class: not the JDK's, ours, a companion or MPJ's, and naming some MPJ
     * class (or, with calling context, making calls the class-path scan says to wrap).
     */
    private boolean mayCallMpj(ClassLoader loader, String name, ProtectionDomain domain, byte[] bytes) {
        if (loader == null || name == null || ExcludedPackages.excluded(name) || CompanionClass.isCompanion(name)) return false;
        boolean mentions = mentionsMpi(bytes);
        if (mentions && origin.isMpj(name, domain)) {
            if (name.equals("mpi/MPI")) log.mpjLoaded();
            return false;
        }
        if (!mentions && !(context && reaches.forLoader(loader).needsRewrite(name))) return false;
        return !(readVersion(bytes) < Opcodes.V1_8 && isInterface(bytes)); // no static methods in such interfaces
    }

    /** One transformation by Byte Buddy's builder. */
    private interface Run {
        byte[] transform() throws IllegalClassFormatException;
    }

    private byte[] outcome(ClassFile file, Run run) {
        ClassFile outer = CURRENT.get();
        CURRENT.set(file);
        try {
            byte[] out = attempt(file, run);
            String shown = file.name.replace('/', '.');
            if (file.failure != null && file.withContext) {
                Throwable why = file.failure;
                file.withContext = false;
                file.failure = null;
                out = attempt(file, run);
                if (file.failure == null) logFile.once(shown, "could not add calling context to " + shown + " ("
                        + TracerLog.describe(why) + "); its MPJ calls are traced without it");
            }
            if (file.failure != null) {
                log.failed(file.name);
                logFile.once(shown, "could not instrument " + shown + " (" + TracerLog.describe(file.failure) + "); its MPJ calls are not traced");
            } else if (out != null) {
                log.rewrote(file.name);
            }
            return out;
        } finally {
            if (outer == null) CURRENT.remove();
            else CURRENT.set(outer);
        }
    }

    /**
     * The builder's answer: the rewritten class, or null for the class as it was. The builder hands its
     * errors to the listener, which keeps them on {@code file}, and then also throws them on (the JVM would
     * ignore them): the class loads as it was either way.
     */
    private static byte[] attempt(ClassFile file, Run run) {
        try {
            return run.transform();
        } catch (Throwable t) {
            if (file.failure == null) file.failure = t;
            return null;
        }
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

    private static int readVersion(byte[] b) {
        return b.length < 8 ? 0 : ((b[6] & 0xFF) << 8) | (b[7] & 0xFF);
    }

    private static boolean isInterface(byte[] bytes) {
        try {
            return (new ClassReader(bytes).getAccess() & Opcodes.ACC_INTERFACE) != 0;
        } catch (RuntimeException e) {
            return true; // a header that does not parse: leave the class alone
        }
    }
}
