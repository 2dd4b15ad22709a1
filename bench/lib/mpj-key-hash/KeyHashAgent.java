import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.security.ProtectionDomain;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * Bench only, never shipped: gives MPJ Express's multicore message key ({@code xdev.smpdev.SMPDeviceImpl$Key})
 * a hash code. Its {@code hashCode} returns -1, so every pending send and receive of the JVM shares one bucket
 * of the device's maps and each match walks them all. Here it returns {@code 31 * context + tag}, fields its
 * {@code equals} compares, so the maps' behaviour is the same and only their cost changes. Used to measure
 * whether that walk is what the tracer's overhead is made of (docs/benchmarks.md, "Mode chameleon: whole-run
 * overhead"). Built by bench/lib/mpj-key-hash.sh with the ASM that Byte Buddy repackages.
 */
public final class KeyHashAgent {
    private static final String KEY = "xdev/smpdev/SMPDeviceImpl$Key";

    private KeyHashAgent() {}

    public static void premain(String args, Instrumentation inst) {
        inst.addTransformer(new ClassFileTransformer() {
            @Override
            public byte[] transform(ClassLoader loader, String name, Class<?> redefined, ProtectionDomain domain, byte[] bytes) {
                return KEY.equals(name) ? withHash(bytes) : null;
            }
        });
    }

    private static byte[] withHash(byte[] bytes) {
        ClassReader reader = new ClassReader(bytes);
        ClassWriter writer = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
        reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String desc, String signature, String[] exceptions) {
                MethodVisitor mv = super.visitMethod(access, name, desc, signature, exceptions);
                if (!name.equals("hashCode") || !desc.equals("()I")) return mv;
                mv.visitCode();
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                mv.visitFieldInsn(Opcodes.GETFIELD, KEY, "context", "I");
                mv.visitIntInsn(Opcodes.BIPUSH, 31);
                mv.visitInsn(Opcodes.IMUL);
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                mv.visitFieldInsn(Opcodes.GETFIELD, KEY, "tag", "I");
                mv.visitInsn(Opcodes.IADD);
                mv.visitInsn(Opcodes.IRETURN);
                mv.visitMaxs(0, 0);
                mv.visitEnd();
                return null; // the original body is not copied
            }
        }, 0);
        System.err.println("mpj-key-hash: " + KEY + ".hashCode is 31 * context + tag");
        return writer.toByteArray();
    }
}
