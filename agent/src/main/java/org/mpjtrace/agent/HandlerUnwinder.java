package org.mpjtrace.agent;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import net.bytebuddy.jar.asm.Handle;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * Keeps the shadow stack true in the catch and finally blocks of a method whose calls are wrapped
 * ({@link ContextWrapper}). A wrapped call that throws skips its pop, so without this a handler in the
 * same method would run, and a loop around a failing call would push, one frame more each time:
 * {@code Exc.main:15 <- Exc.main:15 <- ...}. Here the method stores the stack's depth at its entry in
 * a local and every exception handler starts by setting the stack back to it:
 * <pre>
 *   invokestatic Context.mark()I; istore entry          // at the method's start
 *   handler: [frame] iload entry; invokestatic Context.pop(I)V; ... the handler's own code
 * </pre>
 * That is exact: a handler runs in this method's frame with none of its wrapped calls in progress
 * (calls are never nested in bytecode), so the depth it should see is the entry depth. The local is
 * live everywhere, so every stack map frame gains it as an int at its slot (the reader expands frames
 * for this; the writer compresses them again). The cost is one ThreadLocal lookup per entry of a method
 * that both wraps calls and has a handler.
 */
final class HandlerUnwinder extends MethodVisitor {
    private final int entryLocal;
    private final Set<Label> handlers = new HashSet<>();
    private boolean atHandler;

    /** @param entryLocal a local slot at or above the method's original max-locals */
    HandlerUnwinder(MethodVisitor next, int entryLocal) {
        super(Opcodes.ASM9, next);
        this.entryLocal = entryLocal;
    }

    @Override
    public void visitCode() {
        super.visitCode();
        super.visitMethodInsn(Opcodes.INVOKESTATIC, ContextWrapper.CONTEXT, "mark", "()I", false);
        super.visitVarInsn(Opcodes.ISTORE, entryLocal);
    }

    @Override
    public void visitTryCatchBlock(Label start, Label end, Label handler, String type) {
        handlers.add(handler);
        super.visitTryCatchBlock(start, end, handler, type);
    }

    @Override
    public void visitLabel(Label label) {
        super.visitLabel(label);
        if (handlers.contains(label)) atHandler = true;
    }

    @Override
    public void visitFrame(int type, int numLocal, Object[] local, int numStack, Object[] stack) {
        if (type != Opcodes.F_NEW) throw new IllegalStateException("frames must be expanded (ClassReader.EXPAND_FRAMES)");
        List<Object> locals = new ArrayList<>(numLocal + 2);
        int slots = 0;
        for (int i = 0; i < numLocal; i++) {
            locals.add(local[i]);
            slots += local[i] == Opcodes.LONG || local[i] == Opcodes.DOUBLE ? 2 : 1;
        }
        for (; slots < entryLocal; slots++) locals.add(Opcodes.TOP);
        locals.add(Opcodes.INTEGER);
        super.visitFrame(type, locals.size(), locals.toArray(), numStack, stack);
    }

    /** The handler's first instruction is about to be written: unwind before it. */
    private void beforeInstruction() {
        if (!atHandler) return;
        atHandler = false;
        super.visitVarInsn(Opcodes.ILOAD, entryLocal);
        super.visitMethodInsn(Opcodes.INVOKESTATIC, ContextWrapper.CONTEXT, "pop", "(I)V", false);
    }

    @Override
    public void visitInsn(int opcode) {
        beforeInstruction();
        super.visitInsn(opcode);
    }

    @Override
    public void visitIntInsn(int opcode, int operand) {
        beforeInstruction();
        super.visitIntInsn(opcode, operand);
    }

    @Override
    public void visitVarInsn(int opcode, int varIndex) {
        beforeInstruction();
        super.visitVarInsn(opcode, varIndex);
    }

    @Override
    public void visitTypeInsn(int opcode, String type) {
        beforeInstruction();
        super.visitTypeInsn(opcode, type);
    }

    @Override
    public void visitFieldInsn(int opcode, String owner, String name, String descriptor) {
        beforeInstruction();
        super.visitFieldInsn(opcode, owner, name, descriptor);
    }

    @Override
    public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
        beforeInstruction();
        super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
    }

    @Override
    public void visitInvokeDynamicInsn(String name, String descriptor, Handle bootstrap, Object... bootstrapArguments) {
        beforeInstruction();
        super.visitInvokeDynamicInsn(name, descriptor, bootstrap, bootstrapArguments);
    }

    @Override
    public void visitJumpInsn(int opcode, Label label) {
        beforeInstruction();
        super.visitJumpInsn(opcode, label);
    }

    @Override
    public void visitLdcInsn(Object value) {
        beforeInstruction();
        super.visitLdcInsn(value);
    }

    @Override
    public void visitIincInsn(int varIndex, int increment) {
        beforeInstruction();
        super.visitIincInsn(varIndex, increment);
    }

    @Override
    public void visitTableSwitchInsn(int min, int max, Label dflt, Label... labels) {
        beforeInstruction();
        super.visitTableSwitchInsn(min, max, dflt, labels);
    }

    @Override
    public void visitLookupSwitchInsn(Label dflt, int[] keys, Label[] labels) {
        beforeInstruction();
        super.visitLookupSwitchInsn(dflt, keys, labels);
    }

    @Override
    public void visitMultiANewArrayInsn(String descriptor, int numDimensions) {
        beforeInstruction();
        super.visitMultiANewArrayInsn(descriptor, numDimensions);
    }
}
