package org.mpjtrace.agent;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.mpjtrace.runtime.Context;
import org.mpjtrace.runtime.rank.SiteRegistry;
import org.mpjtrace.samples.ContextSample;
import org.mpjtrace.samples.NamesMpiOnly;
import org.mpjtrace.trace.CallSite;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * The agent's calling-context rewriting on a small class ({@link ContextSample}): one MPJ call site
 * reached from two callers. The rewritten class is loaded (so the verifier checks it) and run.
 */
class CallingContextRewriteTest {
    private static final String SAMPLE = "org/mpjtrace/samples/ContextSample";
    private static final String SAMPLE_DOTTED = SAMPLE.replace('/', '.');
    private static final String HELPER_DESC = "(Lmpi/Comm;)I";

    static byte[] bytesOf(Class<?> c) throws IOException {
        try (InputStream in = c.getResourceAsStream("/" + c.getName().replace('.', '/') + ".class")) {
            return in.readAllBytes();
        }
    }

    private static Reach reachOfSample() throws IOException {
        CallGraph graph = new CallGraph();
        graph.add(bytesOf(ContextSample.class));
        return graph.reach();
    }

    /** Defines the rewritten sample in a loader of its own, linking it (the verifier runs). */
    private static Class<?> load(byte[] rewritten) throws Exception {
        ClassLoader loader = new ClassLoader(CallingContextRewriteTest.class.getClassLoader()) {
            {
                defineClass(SAMPLE_DOTTED, rewritten, 0, rewritten.length);
            }
        };
        return Class.forName(SAMPLE_DOTTED, true, loader);
    }

    private static Object call(Class<?> c, String method) throws Exception {
        Method m = c.getDeclaredMethod(method);
        m.setAccessible(true);
        return m.invoke(null);
    }

    /** The source line of each call to {@code callee} in each method of the original class, by method name. */
    private static Map<String, Integer> linesOfCallsTo(String callee) throws IOException {
        Map<String, Integer> lines = new HashMap<>();
        new ClassReader(bytesOf(ContextSample.class)).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String desc, String signature, String[] exceptions) {
                return new MethodVisitor(Opcodes.ASM9) {
                    int line;

                    @Override
                    public void visitLineNumber(int line, Label start) {
                        this.line = line;
                    }

                    @Override
                    public void visitMethodInsn(int opcode, String owner, String n, String d, boolean itf) {
                        if (n.equals(callee)) lines.put(name, line);
                    }
                };
            }
        }, 0);
        return lines;
    }

    /** The calls to Context each method of a class makes, in order, e.g. {@code viaA -> [push, pop]}. */
    private static Map<String, List<String>> contextCalls(byte[] classFile) {
        Map<String, List<String>> calls = new HashMap<>();
        new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String desc, String signature, String[] exceptions) {
                List<String> mine = calls.computeIfAbsent(name, k -> new ArrayList<>());
                return new MethodVisitor(Opcodes.ASM9) {
                    @Override
                    public void visitMethodInsn(int opcode, String owner, String n, String d, boolean itf) {
                        if (owner.equals(ContextWrapper.CONTEXT)) mine.add(n);
                    }
                };
            }
        }, 0);
        return calls;
    }

    private static CallSite site(SiteRegistry sites, String method, String api) {
        CallSite found = null;
        for (CallSite s : sites.snapshot())
            if (s.methodName().equals(method) && s.api().equals(api)) {
                assertNull(found, "one site for " + method + " -> " + api);
                found = s;
            }
        assertNotNull(found, "no site for " + method + " -> " + api + " in " + sites.snapshot());
        return found;
    }

    @Test
    void methodsReachingMpjAreFoundTransitivelyAndByNameOnly() throws IOException {
        Reach reach = reachOfSample();
        for (String m : List.of("helper", "fails")) assertTrue(reach.reaches(m, HELPER_DESC), m);
        for (String m : List.of("viaA", "viaB", "middle", "deeper", "catches")) assertTrue(reach.reaches(m, "()I"), m);
        assertTrue(reach.reaches("run", "()V"));
        assertTrue(reach.reaches("viaInterface", "(Ljava/lang/Runnable;)V"), "Runnable.run is reaching: some run()V is");
        assertFalse(reach.reaches("pure", "(I)I"));
        assertFalse(reach.reaches("makesLambda", "()Ljava/lang/Runnable;"), "INVOKEDYNAMIC is not followed");
        assertTrue(reach.reaches("lambda$makesLambda$0", "()V"), "the lambda's body is a method like any other");
        assertTrue(reach.scanned(SAMPLE) && reach.needsRewrite(SAMPLE));
    }

    @Test
    void twoCallersOfOneMpjCallSiteBecomeTwoCallerSitesWithTheirLines() throws Exception {
        SiteRegistry sites = new SiteRegistry();
        byte[] rewritten = Rewrites.rewrite(bytesOf(ContextSample.class), sites, reachOfSample());
        Class<?> c = load(rewritten);

        assertEquals(1, call(c, "viaA"), "inside helper: one wrapped call (viaA -> helper)");
        assertEquals(2, call(c, "viaB"), "viaB -> middle -> helper");
        assertEquals(0, Context.depth(), "every pop ran");

        Map<String, Integer> lines = linesOfCallsTo("helper");
        String helper = SAMPLE_DOTTED + ".helper";
        CallSite fromA = site(sites, "viaA", helper);
        CallSite fromMiddle = site(sites, "middle", helper);
        assertEquals(lines.get("viaA"), fromA.line());
        assertEquals(lines.get("middle"), fromMiddle.line());
        assertTrue(fromA.line() > 0 && fromA.line() != fromMiddle.line());
        assertEquals(SAMPLE_DOTTED, fromA.className());
        assertEquals("viaA", fromA.methodName());
        assertEquals(linesOfCallsTo("middle").get("viaB"), site(sites, "viaB", SAMPLE_DOTTED + ".middle").line());
        CallSite send = site(sites, "helper", "mpi.Comm.Send");
        assertEquals(linesOfCallsTo("Send").get("helper"), send.line());
        assertTrue(fromA.stackSignature() != fromMiddle.stackSignature() && fromA.stackSignature() != send.stackSignature());
    }

    @Test
    void onlyCallsThatCanReachMpjAreWrapped() throws Exception {
        byte[] rewritten = Rewrites.rewrite(bytesOf(ContextSample.class), new SiteRegistry(), reachOfSample());
        Map<String, List<String>> calls = contextCalls(rewritten);
        assertEquals(List.of("push", "pop"), calls.get("viaA"));
        assertEquals(List.of("push", "pop"), calls.get("viaInterface"), "an interface call to a reaching name");
        assertEquals(List.of("push", "pop"), calls.get("lambda$makesLambda$0"));
        assertEquals(List.of("depth"), calls.get("helper"), "the MPJ call itself becomes a bridge call, not a wrapped one");
        assertEquals(List.of(), calls.get("pure"));
        assertEquals(List.of(), calls.get("makesLambda"));
        assertEquals(List.of("push", "pop", "depth"), calls.get("afterCatch"));
        assertEquals(List.of("mark", "push", "pop", "pop", "depth"), calls.get("catches"), "the handler pops back to the entry mark");
    }

    @Test
    void aCatchBlockSeesTheContextItIsInAfterWrappedCallsThrewPastTheirPops() throws Exception {
        Class<?> c = load(Rewrites.rewrite(bytesOf(ContextSample.class), new SiteRegistry(), reachOfSample()));
        // afterCatch -> catches -> deeper -> fails, which throws past two pops; the catch block in
        // catches is inside afterCatch's one wrapped call.
        assertArrayEquals(new int[] {1, 0}, (int[]) call(c, "afterCatch"));
        assertEquals(0, Context.depth());
    }

    @Test
    void aLoopAroundAFailingCallDoesNotGrowTheStack() throws Exception {
        Class<?> c = load(Rewrites.rewrite(bytesOf(ContextSample.class), new SiteRegistry(), reachOfSample()));
        assertArrayEquals(new int[6], (int[]) call(c, "loopsOverFailures"), "every catch block and the end at depth 0");
        assertEquals(0, Context.depth());
    }

    @Test
    void withoutCallingContextNothingButMpjCallsChanges() throws Exception {
        byte[] rewritten = Rewrites.rewrite(bytesOf(ContextSample.class), new SiteRegistry(), Reach.NONE);
        for (List<String> calls : contextCalls(rewritten).values()) assertFalse(calls.contains("push"), "no push without calling context");
        Class<?> c = load(rewritten);
        assertEquals(0, call(c, "viaB"));
    }

    @Test
    void aClassThatReachesNothingIsLeftAlone() throws Exception {
        CallGraph graph = new CallGraph();
        graph.add(bytesOf(NamesMpiOnly.class));
        Reach reach = graph.reach();
        assertTrue(ClassFileGate.mentionsMpi(bytesOf(NamesMpiOnly.class)));
        assertFalse(reach.needsRewrite(NamesMpiOnly.class.getName().replace('.', '/')));
        assertNull(Rewrites.rewrite(bytesOf(NamesMpiOnly.class), new SiteRegistry(), reach));
    }

    @Test
    void aClassCallingMethodInvokeGetsTheReflectiveBridge() throws Exception {
        // This test class calls Method.invoke (in call) and names MPJ: the agent routes that call.
        byte[] rewritten = Rewrites.rewrite(bytesOf(CallingContextRewriteTest.class), new SiteRegistry(), Reach.NONE);
        List<String> bridges = new ArrayList<>();
        new ClassReader(rewritten).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String desc, String signature, String[] exceptions) {
                if (name.startsWith("mpjtrace$")) bridges.add(name + desc);
                return null;
            }
        }, 0);
        assertEquals(List.of(BridgeWriter.REFLECTIVE + BridgeWriter.REFLECTIVE_DESC), bridges);
    }
}
