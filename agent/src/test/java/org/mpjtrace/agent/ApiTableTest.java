package org.mpjtrace.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.fold.Field;
import org.mpjtrace.trace.fold.FieldSchema;
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

    /**
     * Every argument the table hands the probe lands in a field the model's schema gives the op, so no
     * reader hides a value the program passed. (Requests, results and object arguments go through the
     * recorder, which turns them into ids, sources and flags; ApiCoverageIT checks those on real calls.)
     */
    @Test
    void everySlotATableEntryFillsIsAFieldTheSchemaGivesItsOp() {
        Map<ApiMethod.Slot, Field> fields = new EnumMap<>(ApiMethod.Slot.class);
        fields.put(ApiMethod.Slot.COMM, Field.COMM);
        fields.put(ApiMethod.Slot.DT, Field.DATATYPE);
        fields.put(ApiMethod.Slot.COUNT, Field.COUNT);
        fields.put(ApiMethod.Slot.PEER, Field.PEER);
        fields.put(ApiMethod.Slot.TAG, Field.TAG);
        fields.put(ApiMethod.Slot.DT2, Field.DATATYPE2);
        fields.put(ApiMethod.Slot.COUNT2, Field.COUNT2);
        fields.put(ApiMethod.Slot.PEER2, Field.PEER2);
        fields.put(ApiMethod.Slot.TAG2, Field.TAG2);
        fields.put(ApiMethod.Slot.REDOP, Field.REDOP);
        fields.put(ApiMethod.Slot.COLOR, Field.COLOR);
        fields.put(ApiMethod.Slot.KEY, Field.KEY);
        for (ApiMethod.Slot a : new ApiMethod.Slot[] {ApiMethod.Slot.A1, ApiMethod.Slot.A2, ApiMethod.Slot.A3, ApiMethod.Slot.A4})
            fields.put(a, Field.DIGEST);
        int checked = 0;
        for (ApiMethod api : ApiTable.METHODS)
            for (ApiMethod.Slot slot : api.slots().keySet()) {
                Field f = fields.get(slot);
                if (f == null) continue;
                assertTrue(FieldSchema.holds(api.op(), f), api.op() + " fills " + slot + " but the schema has no " + f + " for it");
                checked++;
            }
        assertTrue(checked > 150, checked + " slots checked");
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
