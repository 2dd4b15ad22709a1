package org.mpjtrace.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import net.bytebuddy.agent.ByteBuddyAgent;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.agent.builder.ResettableClassFileTransformer;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpjtrace.runtime.rank.SiteRegistry;

/**
 * The agent installed into this test's own JVM (Byte Buddy's {@link ByteBuddyAgent}), as Byte Buddy's own
 * tests do: the classes it rewrites are checked themselves, as they load and when they were loaded
 * before it. The application classes come from a loader of their own, with MPJ Express from its jar.
 * Without calling context: wrapped calls in the test JVM's own classes (JUnit's) would leave the shadow
 * stack of this thread to the next test ({@link CallingContextRewriteTest} covers the wrapping).
 */
class InstalledAgentTest {
    private static Instrumentation inst;
    private static URL testClasses;
    private static URL mpjJar;
    private ResettableClassFileTransformer agent;
    @TempDir
    Path dir;

    @BeforeAll
    static void installInstrumentation() {
        inst = ByteBuddyAgent.install();
        testClasses = InstalledAgentTest.class.getProtectionDomain().getCodeSource().getLocation();
        mpjJar = mpi.Comm.class.getProtectionDomain().getCodeSource().getLocation();
    }

    @AfterEach
    void resetAgent() {
        if (agent != null) agent.reset(inst, AgentBuilder.RedefinitionStrategy.RETRANSFORMATION);
    }

    private RewriteLog install(int stackDepth) {
        RewriteLog log = new RewriteLog();
        agent = CallSiteAgent.install(inst, new SiteRegistry(), stackDepth, new MpjOrigin(null), log,
                new AgentLogFile(dir.resolve("trace.mpjt.log")));
        return log;
    }

    @Test
    void anApplicationClassInAPackageNamedMpiAppIsRewrittenAsItLoads() throws Exception {
        install(0);
        try (AppLoader loader = new AppLoader()) {
            Class<?> c = Class.forName("mpi.app.SendsOnce", true, loader);
            assertEquals(List.of("mpjtrace$Send$0"), bridges(c));
            Method bridge = c.getDeclaredMethod("mpjtrace$Send$0", mpi.Comm.class, Object.class, int.class, int.class,
                    mpi.Datatype.class, int.class, int.class, int.class);
            assertTrue(bridge.isSynthetic() && Modifier.isPrivate(bridge.getModifiers()));
        }
    }

    @Test
    void mpjExpressOwnClassesAreToldByTheirJarAndLeftAlone() throws Exception {
        install(0);
        try (AppLoader loader = new AppLoader()) {
            Class<?> intracomm = Class.forName("mpi.Intracomm", false, loader);
            assertEquals(List.of(), bridges(intracomm), "MPJ calls its own methods: they are not call sites of the program");
        }
    }

    @Test
    void aClassLoadedBeforeTheAgentIsRetransformedWithItsBridgesInACompanion() throws Exception {
        try (AppLoader loader = new AppLoader()) {
            Class<?> early = Class.forName("mpi.app.LoadedEarly", true, loader);
            RewriteLog log = install(0);
            assertTrue(log.whyNothingRecorded() == null, "mpi.MPI was not loaded by this test");

            Class<?> companion = companionOf(early);
            assertNotNull(companion, "a companion holds the bridges of the retransformed class");
            assertEquals(early.getClassLoader(), companion.getClassLoader());
            assertEquals(early.getPackageName(), companion.getPackageName());
            List<String> names = bridges(companion);
            assertEquals(List.of("mpjtrace$Recv$1", "mpjtrace$Send$0"), names.stream().sorted().toList());
            assertEquals(List.of(), bridges(early), "a retransformation adds no method to the class");

            // The class's code now calls the companion's bridges instead of MPJ: read back what the JVM runs.
            List<String> calls = callsOfRetransformed(early);
            assertTrue(calls.stream().noneMatch(c -> c.startsWith("mpi/Comm.")), "no direct MPJ call is left: " + calls);
            assertEquals(2, calls.stream().filter(c -> c.contains(CompanionClass.MARK) && c.contains(".mpjtrace$")).count(), calls.toString());
        }
    }

    /** The companion class defined beside {@code host}, or null. */
    private static Class<?> companionOf(Class<?> host) {
        for (Class<?> c : inst.getAllLoadedClasses())
            if (c.getName().startsWith(host.getName() + CompanionClass.MARK) && c.getClassLoader() == host.getClassLoader()) return c;
        return null;
    }

    private static List<String> bridges(Class<?> c) {
        List<String> names = new ArrayList<>();
        for (Method m : c.getDeclaredMethods()) if (m.getName().startsWith("mpjtrace$")) names.add(m.getName());
        return names;
    }

    /** The method calls in {@code c} as the agent leaves it, seen by a transformer registered after the agent's. */
    private static List<String> callsOfRetransformed(Class<?> c) throws Exception {
        AtomicReference<byte[]> seen = new AtomicReference<>();
        ClassFileTransformer spy = new ClassFileTransformer() {
            @Override
            public byte[] transform(ClassLoader loader, String name, Class<?> redefined, ProtectionDomain domain, byte[] bytes) {
                if (redefined == c) seen.set(bytes);
                return null;
            }
        };
        inst.addTransformer(spy, true);
        try {
            inst.retransformClasses(c);
        } finally {
            inst.removeTransformer(spy);
        }
        List<String> calls = new ArrayList<>();
        new ClassReader(seen.get()).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String desc, String signature, String[] exceptions) {
                return new MethodVisitor(Opcodes.ASM9) {
                    @Override
                    public void visitMethodInsn(int opcode, String owner, String callee, String calleeDesc, boolean itf) {
                        calls.add(owner + "." + callee);
                    }
                };
            }
        }, 0);
        return calls;
    }

    @Test
    void aClassThatCannotBeRewrittenLoadsUnchangedAndIsNamedOnceInTheTracersLog() throws Exception {
        install(0);
        byte[] tooLarge = ClassesAtTheSizeLimit.barrierAtTheLimit("app/TooLarge");
        for (int rank = 0; rank < 2; rank++) { // two loaders, as two ranks of a multicore JVM
            Class<?> c = new OneClassLoader().define("app.TooLarge", tooLarge);
            assertEquals(List.of(), bridges(c), "loaded as it was");
        }
        List<String> lines = Files.readAllLines(dir.resolve("trace.mpjt.log"));
        assertEquals(1, lines.size(), lines.toString());
        assertTrue(lines.get(0).contains("could not instrument app.TooLarge (MethodTooLargeException"), lines.get(0));
    }

    /** Defines one class from bytes, with MPJ's classes from the test JVM. */
    private static final class OneClassLoader extends ClassLoader {
        OneClassLoader() {
            super(ClassLoader.getSystemClassLoader());
        }

        Class<?> define(String name, byte[] bytes) {
            return defineClass(name, bytes, 0, bytes.length);
        }
    }

    @Test
    void theLogFileTakesEachClassOnceAndFollowsNoSymlink() throws Exception {
        Path file = dir.resolve("trace.mpjt.log");
        AgentLogFile log = new AgentLogFile(file);
        assertFalse(log.used());
        log.once("a.B", "could not instrument a.B (x)");
        log.once("a.B", "could not instrument a.B (y)");
        log.once("a.C", "could not instrument a.C (z)");
        List<String> lines = Files.readAllLines(file);
        assertEquals(2, lines.size(), lines.toString());
        assertTrue(lines.get(0).endsWith("could not instrument a.B (x)") && lines.get(0).contains(" pid "), lines.get(0));

        Path target = dir.resolve("elsewhere");
        Files.writeString(target, "kept\n");
        Path link = dir.resolve("linked.log");
        Files.createSymbolicLink(link, target);
        new AgentLogFile(link).once("a.D", "could not instrument a.D");
        assertEquals(List.of("kept"), Files.readAllLines(target), "the link's target is untouched");
    }

    /** The test classes first, from their own loader; MPJ's jar and everything else as the test JVM has them. */
    private static final class AppLoader extends URLClassLoader {
        AppLoader() {
            super(new URL[] {testClasses, mpjJar}, ClassLoader.getSystemClassLoader());
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            boolean own = name.startsWith("mpi.app.") || Arrays.asList("mpi.Intracomm").contains(name);
            if (!own) return super.loadClass(name, resolve);
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c == null) c = findClass(name);
                if (resolve) resolveClass(c);
                return c;
            }
        }
    }
}
