package org.mpjtrace.runtime.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MessageTagsTest {

    @Test
    void noTwoKindsOfMessageShareATagEvenCountingTheDataMessageOfEach() throws IllegalAccessException {
        Map<Integer, String> used = new HashMap<>();
        int kinds = 0;
        for (Field f : MessageTags.class.getDeclaredFields()) {
            if (!Modifier.isStatic(f.getModifiers()) || f.getType() != int.class || Modifier.isPrivate(f.getModifiers())) continue;
            f.setAccessible(true);
            int tag = f.getInt(null);
            kinds++;
            // A byte message is sent as its length on the tag and its bytes on tag + 1.
            for (int t : new int[] {tag, tag + 1}) {
                String before = used.put(t, f.getName());
                assertEquals(null, before, "tag " + Integer.toHexString(t) + " of " + f.getName() + " is also " + before + "'s");
            }
        }
        assertEquals(22, kinds, "every kind of message the collective layer sends has its tag in the table");
        assertTrue(used.keySet().stream().allMatch(t -> t >= 0), "MPJ takes non-negative tags only");
    }
}
