package org.mpjtrace.agent;

import java.util.HashMap;
import java.util.Map;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * A first pass over a class about to be rewritten: which of its methods make calls to wrap, how many
 * local slots each uses, and whether it has exception handlers. The wrapper keeps the depth
 * Context.push returns in a local of its own; placed at the method's original max-locals it lies above
 * every existing local, so no existing instruction changes. Frames never mention that one (it is live
 * only between the push and the pop around one call, with no branch target in between). A method with
 * handlers also keeps its entry depth in the slot below, live everywhere, so every stack map frame
 * gains it ({@link ContextWrapper}). A one-pass rewrite would need these facts before the method's
 * code, hence this survey rather than remapping every local (ASM's LocalVariablesSorter).
 */
final class MethodSurvey {

    /**
     * Where a wrapping method keeps its context state.
     *
     * @param depthLocal the local for the depth around one wrapped call
     * @param entryLocal the local for the depth at the method's entry, or -1 when the method has no
     *                   exception handler to reset the stack in
     */
    record WrapLocals(int depthLocal, int entryLocal) {
        boolean resetsInHandlers() {
            return entryLocal >= 0;
        }
    }

    private MethodSurvey() {}

    /** For each method (name + desc) that makes at least one call to wrap: the locals its wrapping uses. */
    static Map<String, WrapLocals> freeLocals(byte[] classFile, Reach reach) {
        Map<String, WrapLocals> free = new HashMap<>();
        new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String desc, String signature, String[] exceptions) {
                return new MethodVisitor(Opcodes.ASM9) {
                    private boolean wraps;
                    private boolean handles;

                    @Override
                    public void visitTryCatchBlock(Label start, Label end, Label handler, String type) {
                        handles = true;
                    }

                    @Override
                    public void visitMethodInsn(int opcode, String owner, String callee, String calleeDesc, boolean itf) {
                        if (reach.wraps(opcode, owner, callee, calleeDesc, itf)) wraps = true;
                    }

                    @Override
                    public void visitMaxs(int maxStack, int maxLocals) {
                        if (!wraps) return;
                        free.put(name + desc, handles ? new WrapLocals(maxLocals + 1, maxLocals) : new WrapLocals(maxLocals, -1));
                    }
                };
            }
        }, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return free;
    }
}
