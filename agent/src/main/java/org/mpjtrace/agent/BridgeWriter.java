package org.mpjtrace.agent;

import org.mpjtrace.agent.ApiMethod.Kind;
import org.mpjtrace.agent.ApiMethod.Slot;
import org.mpjtrace.agent.ApiMethod.Source;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;

/**
 * Writes the bridge methods the agent adds to an application class: one per (owner, MPJ method) the
 * class calls. A bridge takes the call's receiver and arguments plus the call-site id, makes the
 * original call and reports it to org.mpjtrace.runtime.Probe.
 *
 * <p>Bridges live in the application class, so MPJ types in their code resolve in the application's
 * own class loader: in multicore mode each rank's loader, which the tracer's system-loader classes
 * cannot see. Their code is straight-line (no branches), so they need no stack map frames and the
 * class's existing frames stay valid; ClassWriter.COMPUTE_MAXS sizes the stacks.
 */
final class BridgeWriter {
    static final String PROBE = "org/mpjtrace/runtime/Probe";
    static final String METHOD = "java/lang/reflect/Method";
    static final String INVOKE_DESC = "(Ljava/lang/Object;[Ljava/lang/Object;)Ljava/lang/Object;";
    static final String REFLECTIVE = "mpjtrace$reflective";
    static final String REFLECTIVE_DESC = "(Ljava/lang/reflect/Method;Ljava/lang/Object;[Ljava/lang/Object;Ljava/lang/String;)Ljava/lang/Object;";
    private static final String RECORD_DESC = recordDescriptor();

    private BridgeWriter() {}

    /** The bridge's descriptor: receiver (when instance), the original parameters, then the site id. */
    static String bridgeDescriptor(String owner, ApiMethod api) {
        Type original = Type.getMethodType(api.desc());
        StringBuilder d = new StringBuilder("(");
        if (!api.isStatic()) d.append('L').append(owner).append(';');
        for (Type t : original.getArgumentTypes()) d.append(t.getDescriptor());
        return d.append("I)").append(original.getReturnType().getDescriptor()).toString();
    }

    /** A method reference's target: the bridge's descriptor without the site id. */
    static String methodRefDescriptor(String owner, ApiMethod api) {
        String d = bridgeDescriptor(owner, api);
        int close = d.lastIndexOf(')');
        return d.substring(0, close - 1) + d.substring(close);
    }

    /** The static method a method reference to an MPJ method now points at: the bridge, with its site. */
    static void writeMethodRef(ClassVisitor cv, int access, String name, String className, boolean isInterface,
                               String bridgeName, String owner, ApiMethod api, int site) {
        String desc = methodRefDescriptor(owner, api);
        MethodVisitor mv = cv.visitMethod(access, name, desc, null, null);
        mv.visitCode();
        int local = 0;
        for (Type t : Type.getArgumentTypes(desc)) {
            mv.visitVarInsn(t.getOpcode(Opcodes.ILOAD), local);
            local += t.getSize();
        }
        mv.visitLdcInsn(site);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, className, bridgeName, bridgeDescriptor(owner, api), isInterface);
        mv.visitInsn(Type.getReturnType(desc).getOpcode(Opcodes.IRETURN));
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    /**
     * The bridge for {@code Method.invoke} calls: tells the probe which method is invoked and where,
     * then invokes it. It lives in the application class so the reflective call keeps its caller (and
     * so its access checks) and its exceptions.
     */
    static void writeReflective(ClassVisitor cv, int access) {
        MethodVisitor mv = cv.visitMethod(access, REFLECTIVE, REFLECTIVE_DESC, null, null);
        mv.visitCode();
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitVarInsn(Opcodes.ALOAD, 3);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, PROBE, "reflective", "(Ljava/lang/reflect/Method;Ljava/lang/String;)V", false);
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitVarInsn(Opcodes.ALOAD, 1);
        mv.visitVarInsn(Opcodes.ALOAD, 2);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, METHOD, "invoke", INVOKE_DESC, false);
        mv.visitInsn(Opcodes.ARETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    static void write(ClassVisitor cv, int access, String bridgeName, String owner, ApiMethod api) {
        String desc = bridgeDescriptor(owner, api);
        MethodVisitor mv = cv.visitMethod(access, bridgeName, desc, null, null);
        mv.visitCode();
        Type[] params = Type.getArgumentTypes(desc);
        int[] local = new int[params.length];
        int next = 0;
        for (int i = 0; i < params.length; i++) {
            local[i] = next;
            next += params[i].getSize();
        }
        int receiverOffset = api.isStatic() ? 0 : 1; // params[0] is the receiver for instance methods
        int siteLocal = local[params.length - 1];
        Type returnType = Type.getReturnType(desc);
        int enterLocal = next;
        int resultLocal = next + 2;

        if (api.kind() == Kind.FINALIZE) {
            mv.visitVarInsn(Opcodes.ILOAD, siteLocal);
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, PROBE, "beforeFinalize", "(I)V", false);
        } else if (api.kind() == Kind.ABORT) {
            mv.visitVarInsn(Opcodes.ILOAD, siteLocal);
            mv.visitVarInsn(Opcodes.ALOAD, 0);
            mv.visitVarInsn(Opcodes.ILOAD, local[1]);
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, PROBE, "beforeAbort", "(ILjava/lang/Object;I)V", false);
        } else {
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, PROBE, "now", "()J", false);
            mv.visitVarInsn(Opcodes.LSTORE, enterLocal);
        }

        // The original call, unchanged: its exceptions reach the application as they always did.
        for (int i = 0; i < params.length - 1; i++) mv.visitVarInsn(params[i].getOpcode(Opcodes.ILOAD), local[i]);
        mv.visitMethodInsn(api.isStatic() ? Opcodes.INVOKESTATIC : Opcodes.INVOKEVIRTUAL, owner, api.name(), api.desc(), false);
        if (returnType.getSort() != Type.VOID) mv.visitVarInsn(returnType.getOpcode(Opcodes.ISTORE), resultLocal);

        if (api.kind() == Kind.INIT) {
            mv.visitVarInsn(Opcodes.ILOAD, siteLocal);
            mv.visitFieldInsn(Opcodes.GETSTATIC, "mpi/MPI", "COMM_WORLD", "Lmpi/Intracomm;");
            mv.visitVarInsn(Opcodes.LLOAD, enterLocal);
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, PROBE, "init", "(ILjava/lang/Object;J)V", false);
        } else if (api.kind() == Kind.RECORD) {
            mv.visitVarInsn(Opcodes.ILOAD, siteLocal);
            pushInt(mv, api.op().code);
            for (Slot slot : Slot.values()) {
                Source src = api.slots().get(slot);
                if (src == null) {
                    if (slot.type.equals("I")) mv.visitInsn(Opcodes.ICONST_M1); // Event.NONE
                    else mv.visitInsn(Opcodes.ACONST_NULL);
                } else if (src == Source.RECEIVER) {
                    mv.visitVarInsn(Opcodes.ALOAD, 0);
                } else if (src == Source.RETURNED) {
                    mv.visitVarInsn(Opcodes.ALOAD, resultLocal);
                } else {
                    int p = src.param() + receiverOffset;
                    mv.visitVarInsn(params[p].getOpcode(Opcodes.ILOAD), local[p]);
                }
            }
            mv.visitVarInsn(Opcodes.LLOAD, enterLocal);
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, PROBE, "record", RECORD_DESC, false);
        }

        if (returnType.getSort() == Type.VOID) {
            mv.visitInsn(Opcodes.RETURN);
        } else {
            mv.visitVarInsn(returnType.getOpcode(Opcodes.ILOAD), resultLocal);
            mv.visitInsn(returnType.getOpcode(Opcodes.IRETURN));
        }
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    private static void pushInt(MethodVisitor mv, int v) {
        if (v >= Byte.MIN_VALUE && v <= Byte.MAX_VALUE) mv.visitIntInsn(Opcodes.BIPUSH, v);
        else mv.visitLdcInsn(v);
    }

    private static String recordDescriptor() {
        StringBuilder d = new StringBuilder("(II");
        for (Slot s : Slot.values()) d.append(s.type);
        return d.append("J)V").toString();
    }
}
