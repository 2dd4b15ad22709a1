package org.mpjtrace.agent;

import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * Class files whose rewriting cannot fit: a method of exactly 65,535 bytes of code (the JVM's limit) whose
 * first call the agent would rewrite or wrap, padded with NOPs.
 */
final class ClassesAtTheSizeLimit {
    private static final String BARRIER_CALLER = "(Lmpi/Intracomm;)V";

    private ClassesAtTheSizeLimit() {}

    /** {@code name.big(Intracomm)} calls Barrier and is at the limit: a bridge call does not fit. */
    static byte[] barrierAtTheLimit(String name) {
        ClassWriter cw = start(name);
        atTheLimit(cw, "big", Opcodes.INVOKEVIRTUAL, "mpi/Intracomm", "Barrier", "()V");
        return finish(cw);
    }

    /**
     * {@code name.big(Intracomm)} calls Barrier (small); {@code name.caller(Intracomm)} calls {@code big}, so
     * it can reach MPJ and its call gets calling context, and is at the limit: no wrapping fits.
     */
    static byte[] callerAtTheLimit(String name) {
        ClassWriter cw = start(name);
        MethodVisitor big = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "big", BARRIER_CALLER, null, null);
        big.visitCode();
        big.visitVarInsn(Opcodes.ALOAD, 0);
        big.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "mpi/Intracomm", "Barrier", "()V", false);
        big.visitInsn(Opcodes.RETURN);
        big.visitMaxs(0, 0);
        big.visitEnd();
        atTheLimit(cw, "caller", Opcodes.INVOKESTATIC, name, "big", BARRIER_CALLER);
        return finish(cw);
    }

    private static ClassWriter start(String name) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V11, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, name, null, "java/lang/Object", null);
        return cw;
    }

    /** A static method (Intracomm)V: aload_0, the call (3 bytes), NOPs, return: 65,535 bytes in all. */
    private static void atTheLimit(ClassWriter cw, String method, int opcode, String owner, String callee, String desc) {
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, method, BARRIER_CALLER, null, null);
        mv.visitCode();
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitMethodInsn(opcode, owner, callee, desc, false);
        for (int i = 0; i < 65_535 - 5; i++) mv.visitInsn(Opcodes.NOP);
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    private static byte[] finish(ClassWriter cw) {
        cw.visitEnd();
        return cw.toByteArray();
    }
}
