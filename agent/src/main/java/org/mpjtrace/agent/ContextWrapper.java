package org.mpjtrace.agent;

import org.mpjtrace.runtime.rank.SiteRegistry;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * Wraps, in one method, every call to a method that can reach MPJ:
 * <pre>
 *   ... arguments on the stack ...
 *   ldc callerSite; invokestatic Context.push(I)I; istore depth
 *   invoke... target
 *   iload depth; invokestatic Context.pop(I)V
 * </pre>
 * Straight-line code right around the call instruction, after its arguments are evaluated: no branch
 * target falls in between, so the method's stack map frames stay valid (see {@link MethodSurvey} for
 * the local). Calls are never nested in bytecode (arguments are evaluated before the call), so one
 * local serves every wrapped call of the method. Each wrapped call is a call site interned in the
 * {@link SiteRegistry} like an MPJ one, its api the method called, so the trace can name the frame.
 */
final class ContextWrapper extends MethodVisitor {
    static final String CONTEXT = "org/mpjtrace/runtime/Context";

    private final SiteRegistry sites;
    private final Reach reach;
    private final String className;
    private final String methodName;
    private final int depthLocal;
    private int line = -1;
    private int ordinal;

    /**
     * @param className  the class being rewritten, dotted
     * @param depthLocal a local slot no code of the method uses
     */
    ContextWrapper(MethodVisitor next, SiteRegistry sites, Reach reach, String className, String methodName, int depthLocal) {
        super(Opcodes.ASM9, next);
        this.sites = sites;
        this.reach = reach;
        this.className = className;
        this.methodName = methodName;
        this.depthLocal = depthLocal;
    }

    @Override
    public void visitLineNumber(int line, Label start) {
        this.line = line;
        super.visitLineNumber(line, start);
    }

    @Override
    public void visitMethodInsn(int opcode, String owner, String name, String desc, boolean isInterface) {
        if (!reach.wraps(opcode, owner, name, desc, isInterface)) {
            super.visitMethodInsn(opcode, owner, name, desc, isInterface);
            return;
        }
        int site = sites.intern(className, methodName, line, ordinal++, owner.replace('/', '.') + '.' + name);
        super.visitLdcInsn(site);
        super.visitMethodInsn(Opcodes.INVOKESTATIC, CONTEXT, "push", "(I)I", false);
        super.visitVarInsn(Opcodes.ISTORE, depthLocal);
        super.visitMethodInsn(opcode, owner, name, desc, isInterface);
        super.visitVarInsn(Opcodes.ILOAD, depthLocal);
        super.visitMethodInsn(Opcodes.INVOKESTATIC, CONTEXT, "pop", "(I)V", false);
    }
}
