package org.mpjtrace.agent;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * The call graph of the application's classes, built from their bytecode before any of them runs, to
 * find the methods whose calls carry calling context: those that can reach an intercepted MPJ call.
 * Nodes are methods by name and descriptor, whatever their class (see {@link Reach}); an edge is a call
 * instruction. INVOKEDYNAMIC adds no edge: a lambda's body is a method like any other, but the call
 * into it goes through the JDK, so the context stops there.
 */
final class CallGraph {
    /** Callee (name + desc) to the methods (name + desc) calling it. */
    private final Map<String, Set<String>> callersOf = new HashMap<>();
    /** Methods calling MPJ themselves. */
    private final Set<String> callingMpj = new HashSet<>();
    /** Per class (internal name): the methods (name + desc) it calls, to know later whether it needs rewriting. */
    private final Map<String, Set<String>> calledByClass = new HashMap<>();
    private final Set<String> classesCallingMpj = new HashSet<>();

    /** A reader of the class file, or null when its header does not parse. */
    static ClassReader reader(byte[] classFile) {
        try {
            return new ClassReader(classFile);
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** Adds one class file; a class that does not parse is left out (its calls are not wrapped). */
    void add(byte[] classFile) {
        ClassReader reader = reader(classFile);
        if (reader != null) add(reader);
    }

    /** Adds the class {@code reader} reads (its header already parsed, so the caller could check its name). */
    void add(ClassReader reader) {
        String className = reader.getClassName();
        Set<String> called = new HashSet<>();
        try {
            reader.accept(new ClassVisitor(Opcodes.ASM9) {
                @Override
                public MethodVisitor visitMethod(int access, String name, String desc, String signature, String[] exceptions) {
                    String caller = name + desc;
                    return new MethodVisitor(Opcodes.ASM9) {
                        @Override
                        public void visitMethodInsn(int opcode, String owner, String callee, String calleeDesc, boolean itf) {
                            if (ApiTable.intercepted(opcode, owner, callee, calleeDesc, itf) != null) {
                                callingMpj.add(caller);
                                classesCallingMpj.add(className);
                                return;
                            }
                            String key = callee + calleeDesc;
                            called.add(key);
                            callersOf.computeIfAbsent(key, k -> new HashSet<>()).add(caller);
                        }
                    };
                }
            }, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        } catch (RuntimeException e) {
            return; // malformed code: what was added before the failure only makes the graph more conservative
        }
        calledByClass.merge(className, called, (a, b) -> {
            a.addAll(b);
            return a;
        });
    }

    /** Every method that calls MPJ or calls, transitively, a method that does. */
    Reach reach() {
        Set<String> reaching = new HashSet<>(callingMpj);
        Deque<String> work = new ArrayDeque<>(callingMpj);
        while (!work.isEmpty()) {
            Set<String> callers = callersOf.get(work.pop());
            if (callers == null) continue;
            for (String c : callers) if (reaching.add(c)) work.push(c);
        }
        Set<String> toRewrite = new HashSet<>(classesCallingMpj);
        calledByClass.forEach((cls, called) -> {
            for (String key : called) {
                if (reaching.contains(key)) {
                    toRewrite.add(cls);
                    break;
                }
            }
        });
        return new Reach(Set.copyOf(reaching), Set.copyOf(calledByClass.keySet()), Set.copyOf(toRewrite));
    }
}
