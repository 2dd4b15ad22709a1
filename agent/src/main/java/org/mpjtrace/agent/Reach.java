package org.mpjtrace.agent;

import java.util.Set;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * What the scan of one class path found: the methods that can reach an intercepted MPJ call, by name
 * and descriptor whatever their class (a call through an interface or a superclass may land in any
 * class with that method, so owners are ignored: conservative for virtual dispatch), the classes that
 * were scanned, and which of those have anything to rewrite.
 */
final class Reach {
    /** A class loader whose class path cannot be scanned: calling context is recorded for nothing. */
    static final Reach NONE = new Reach(Set.of(), Set.of(), Set.of());

    /** name + descriptor of each method that can reach MPJ, e.g. {@code exchange([DI)V}. */
    private final Set<String> reaching;
    private final Set<String> scanned;
    private final Set<String> toRewrite;

    Reach(Set<String> reaching, Set<String> scanned, Set<String> toRewrite) {
        this.reaching = reaching;
        this.scanned = scanned;
        this.toRewrite = toRewrite;
    }

    /** Whether the class (internal name) was found on the scanned class path. */
    boolean scanned(String className) {
        return scanned.contains(className);
    }

    /** Whether a scanned class calls MPJ or makes calls to wrap. */
    boolean needsRewrite(String className) {
        return toRewrite.contains(className);
    }

    boolean reaches(String name, String desc) {
        return reaching.contains(name + desc);
    }

    /**
     * Whether the agent wraps this call instruction with Context.push/pop: a method call (not an
     * INVOKEDYNAMIC: lambdas and method references are not followed) to a method that can reach MPJ,
     * other than an intercepted MPJ call itself (that one becomes a bridge call, and its site is the
     * signature's own).
     */
    boolean wraps(int opcode, String owner, String name, String desc, boolean isInterface) {
        return opcode != Opcodes.INVOKEDYNAMIC && reaches(name, desc)
                && ApiTable.intercepted(opcode, owner, name, desc, isInterface) == null;
    }

    int reachingMethods() {
        return reaching.size();
    }

    int scannedClasses() {
        return scanned.size();
    }
}
