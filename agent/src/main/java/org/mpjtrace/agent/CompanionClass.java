package org.mpjtrace.agent;

import java.lang.invoke.MethodHandles;
import java.util.concurrent.atomic.AtomicLong;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * The class that holds the bridges of a class retransformed after it loaded (the JVM lets a
 * retransformation change method bodies only, not add methods). It is defined in the host's own package
 * and class loader, through a private lookup of the host, so its bridges resolve MPJ's types as the host
 * does (in multicore mode, each rank's loader) and the host calls them package-private. Each
 * retransformation gets a companion of its own name: a host retransformed again may call other bridges.
 */
final class CompanionClass {
    /** What every companion's name holds, so the agent never rewrites one. */
    static final String MARK = "$mpjtrace$";
    private static final AtomicLong SERIAL = new AtomicLong();

    private final Class<?> host;
    private final String internalName;
    private final ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_MAXS);

    CompanionClass(Class<?> host) {
        this.host = host;
        this.internalName = host.getName().replace('.', '/') + MARK + SERIAL.incrementAndGet();
        // Java 8's class version: bridges are straight-line code and need no stack map frames.
        writer.visit(Opcodes.V1_8, Opcodes.ACC_FINAL | Opcodes.ACC_SUPER | Opcodes.ACC_SYNTHETIC, internalName, null,
                "java/lang/Object", null);
    }

    /** Whether a class (internal name) is a companion. */
    static boolean isCompanion(String className) {
        return className.contains(MARK);
    }

    String internalName() {
        return internalName;
    }

    /** Where the bridges are written. */
    ClassWriter writer() {
        return writer;
    }

    /** Defines the companion beside its host; the host's rewritten code calls it from then on. */
    void define() {
        writer.visitEnd();
        try {
            MethodHandles.privateLookupIn(host, MethodHandles.lookup()).defineClass(writer.toByteArray());
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("cannot define the bridges' class beside " + host.getName() + ": " + e.getMessage(), e);
        }
    }
}
