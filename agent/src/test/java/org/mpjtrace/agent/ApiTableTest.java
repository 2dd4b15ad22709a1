package org.mpjtrace.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.mpjtrace.trace.Op;
import org.objectweb.asm.Type;

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
                Class<?> c = Class.forName(owner.replace('/', '.'), false, getClass().getClassLoader());
                Method found = null;
                for (Method m : c.getMethods())
                    if (m.getName().equals(api.name()) && Type.getMethodDescriptor(m).equals(api.desc())) found = m;
                assertNotNull(found, owner + "." + api.name() + api.desc() + " does not exist in MPJ");
                assertEquals(api.isStatic(), Modifier.isStatic(found.getModifiers()), owner + "." + api.name());
            }
        }
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
