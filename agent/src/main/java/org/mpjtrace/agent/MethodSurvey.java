package org.mpjtrace.agent;

import java.util.HashMap;
import java.util.Map;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * A first pass over a class about to be rewritten: which of its methods make calls to wrap, and how
 * many local slots each uses. The wrapper keeps the depth Context.push returns in a local of its own;
 * placed at the method's original max-locals it lies above every existing local, so no existing
 * instruction or stack map frame changes. Frames never mention it (it is live only between the push and
 * the pop around one call, with no branch target in between), and to the verifier a local a frame does
 * not list is simply unusable there. A one-pass rewrite would need to know that count before the
 * method's code, hence this survey rather than remapping every local (ASM's LocalVariablesSorter).
 */
final class MethodSurvey {

    private MethodSurvey() {}

    /** For each method (name + desc) that makes at least one call to wrap: its first free local slot. */
    static Map<String, Integer> freeLocals(byte[] classFile, Reach reach) {
        Map<String, Integer> free = new HashMap<>();
        new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String desc, String signature, String[] exceptions) {
                return new MethodVisitor(Opcodes.ASM9) {
                    private boolean wraps;

                    @Override
                    public void visitMethodInsn(int opcode, String owner, String callee, String calleeDesc, boolean itf) {
                        if (reach.wraps(opcode, owner, callee, calleeDesc, itf)) wraps = true;
                    }

                    @Override
                    public void visitMaxs(int maxStack, int maxLocals) {
                        if (wraps) free.put(name + desc, maxLocals);
                    }
                };
            }
        }, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return free;
    }
}
