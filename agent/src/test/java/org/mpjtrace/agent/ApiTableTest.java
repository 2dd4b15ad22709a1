package org.mpjtrace.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.mpjtrace.trace.Op;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;

/** Checks the table against the real MPJ Express API (mpj.jar is on the test class path). */
class ApiTableTest {

    @Test
    void everyOpIsIntercepted() {
        Set<Op> covered = EnumSet.noneOf(Op.class);
        for (ApiMethod m : ApiTable.METHODS) covered.add(m.op());
        assertEquals(EnumSet.allOf(Op.class), covered);
    }

    @Test
    void everyEntryNamesARealMpjMethodOnEveryOwner() throws Exception {
        for (ApiMethod api : ApiTable.METHODS) {
            for (String owner : api.owners()) {
                Integer access = publicMethods(owner).get(api.name() + api.desc());
                assertNotNull(access, owner + "." + api.name() + api.desc() + " does not exist in MPJ");
                assertEquals(api.isStatic(), (access & Opcodes.ACC_STATIC) != 0, owner + "." + api.name());
            }
        }
    }

    /**
     * The public methods (name + descriptor to access flags) a class of mpj.jar has or inherits, read from
     * the class files: loading MPJ's classes would need its log4j, which the build does not have.
     */
    private static Map<String, Integer> publicMethods(String owner) throws IOException {
        Map<String, Integer> methods = new HashMap<>();
        for (String c = owner; c != null && !c.startsWith("java/"); ) {
            try (InputStream in = ApiTableTest.class.getClassLoader().getResourceAsStream(c + ".class")) {
                assertNotNull(in, c + " is not in mpj.jar");
                ClassReader reader = new ClassReader(in);
                reader.accept(new ClassVisitor(Opcodes.ASM9) {
                    @Override
                    public MethodVisitor visitMethod(int access, String name, String desc, String signature, String[] exceptions) {
                        if ((access & Opcodes.ACC_PUBLIC) != 0) methods.putIfAbsent(name + desc, access);
                        return null;
                    }
                }, ClassReader.SKIP_CODE);
                c = reader.getSuperName();
            }
        }
        return methods;
    }

    @Test
    void slotsNameParametersOfTheRightType() {
        for (ApiMethod api : ApiTable.METHODS) {
            Type[] params = Type.getArgumentTypes(api.desc());
            api.slots().forEach((slot, src) -> {
                if (src == ApiMethod.Source.RECEIVER) {
                    assertTrue(!api.isStatic(), api.name() + ": receiver of a static method");
                } else if (src == ApiMethod.Source.RETURNED) {
                    assertEquals(Type.OBJECT, Type.getReturnType(api.desc()).getSort() == Type.ARRAY ? Type.OBJECT
                            : Type.getReturnType(api.desc()).getSort(), api.name() + ": returned value must be an object");
                } else {
                    if (src.param() >= params.length) fail(api.name() + ": slot " + slot + " names parameter " + src.param());
                    Type t = params[src.param()];
                    // A boolean (Merge's high, a reorder flag) travels as the int 0 or 1, as the JVM holds it.
                    if (slot.type.equals("I")) assertTrue(t.equals(Type.INT_TYPE) || t.equals(Type.BOOLEAN_TYPE), api.name() + " " + slot + ": " + t);
                    else if (slot.type.equals("[I")) assertEquals("[I", t.getDescriptor(), api.name() + " " + slot);
                    else assertTrue(t.getSort() == Type.OBJECT || t.getSort() == Type.ARRAY, api.name() + " " + slot);
                }
            });
        }
    }

    @Test
    void lookupIgnoresNonMpjOwners() {
        assertEquals(null, ApiTable.find("java/lang/Object", "clone", "()Ljava/lang/Object;"));
        assertNotNull(ApiTable.find("mpi/Cartcomm", "clone", "()Ljava/lang/Object;"));
    }
}
