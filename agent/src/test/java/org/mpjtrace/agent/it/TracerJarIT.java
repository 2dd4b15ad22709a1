package org.mpjtrace.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Runs in a JVM started with the real shaded tracer.jar as its agent (see the failsafe configuration),
 * and checks the jar itself and what it does to classes as they load.
 */
class TracerJarIT {
    private static final Path JAR = Path.of(System.getProperty("tracer.jar"));
    private static final Path EXAMPLES = Path.of(System.getProperty("examples.classes"));
    private static final Path MPJ = Path.of(System.getProperty("mpj.jar"));

    @Test
    void jarHoldsNoClassOutsideOurPackageTree() throws Exception {
        List<String> strays = new ArrayList<>();
        int classes = 0;
        try (JarFile jar = new JarFile(JAR.toFile())) {
            for (JarEntry e : java.util.Collections.list(jar.entries())) {
                if (!e.getName().endsWith(".class")) continue;
                classes++;
                if (!e.getName().startsWith("org/mpjtrace/")) strays.add(e.getName());
            }
            assertEquals("org.mpjtrace.agent.TracerAgent", jar.getManifest().getMainAttributes().getValue("Premain-Class"));
        }
        assertTrue(classes > 100, "the bundled libraries should be inside: " + classes + " classes");
        assertEquals(List.of(), strays);
    }

    @Test
    void everyExampleClassIsRewrittenAndPassesTheVerifier() throws Exception {
        List<Path> classFiles;
        try (Stream<Path> s = Files.walk(EXAMPLES)) {
            classFiles = s.filter(p -> p.toString().endsWith(".class")).toList();
        }
        assertFalse(classFiles.isEmpty());
        int bridges = 0;
        try (URLClassLoader loader = new URLClassLoader(new URL[] {EXAMPLES.toUri().toURL(), MPJ.toUri().toURL()}, new TracerRuntimeOnly())) {
            for (Path f : classFiles) {
                String name = EXAMPLES.relativize(f).toString().replace(File.separatorChar, '.').replaceAll("\\.class$", "");
                Class<?> c = Class.forName(name, false, loader);
                // Linking verifies the rewritten bytecode; a bad bridge or call site fails here.
                try {
                    Class.forName(name, true, loader);
                } catch (ExceptionInInitializerError e) {
                    // CallForms$Early calls MPJ in its static initialiser (MPI is not initialised here):
                    // the initialiser ran, so the class passed the verifier.
                }
                for (Method m : c.getDeclaredMethods()) {
                    if (!m.getName().startsWith("mpjtrace$")) continue;
                    bridges++;
                    assertTrue(m.isSynthetic() && Modifier.isStatic(m.getModifiers()), m.toString());
                }
            }
        }
        assertTrue(bridges > 50, "examples call over 50 distinct MPJ methods; bridges found: " + bridges);
    }

    /** A parent loader that shows the examples the tracer's runtime (which rewritten code calls) and the JDK only. */
    private static final class TracerRuntimeOnly extends ClassLoader {
        TracerRuntimeOnly() {
            super(null);
        }

        @Override
        protected Class<?> findClass(String name) throws ClassNotFoundException {
            if (name.startsWith("org.mpjtrace.runtime.")) return ClassLoader.getSystemClassLoader().loadClass(name);
            throw new ClassNotFoundException(name);
        }
    }

    /** Loads the samples from its own class path first (the system loader has them too), the rest as usual. */
    private static final class SamplesFirst extends URLClassLoader {
        SamplesFirst(URL[] urls) {
            super(urls, ClassLoader.getSystemClassLoader());
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.startsWith("org.mpjtrace.samples.")) return super.loadClass(name, resolve);
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c == null) c = findClass(name);
                if (resolve) resolveClass(c);
                return c;
            }
        }
    }

    /**
     * Under the real agent (default stackDepth), a class whose loader's class path can be scanned gets
     * its calls that can reach MPJ wrapped: ContextSample's helper reports how many wrapped calls it is
     * inside. Everything but the sample comes from the system loader, so it sees the agent's runtime.
     */
    @Test
    void callsThatCanReachMpjAreWrappedAsTheirClassLoads() throws Exception {
        Path classes = Path.of(System.getProperty("test.classes"));
        try (URLClassLoader loader = new SamplesFirst(new URL[] {classes.toUri().toURL(), MPJ.toUri().toURL()})) {
            Class<?> c = Class.forName("org.mpjtrace.samples.ContextSample", true, loader);
            assertEquals(1, c.getMethod("viaA").invoke(null), "viaA -> helper");
            assertEquals(2, c.getMethod("viaB").invoke(null), "viaB -> middle -> helper");
            boolean bridged = false;
            for (Method m : c.getDeclaredMethods()) bridged |= m.getName().startsWith("mpjtrace$Send");
            assertTrue(bridged, "the MPJ call is rewritten too");
        }
    }

    /** Each of ApiTour's classes gets a bridge for the MPJ methods it calls: ApiTour Init and Finalize, its parts the rest. */
    @Test
    void apiTourCallsNoInterceptedMethodDirectly() throws Exception {
        Map<String, List<String>> calls = Map.of(
                "ApiTour", List.of("Init", "Finalize"),
                "ApiTourPointToPoint", List.of("Send", "Isend", "Irecv", "Recv", "Sendrecv", "Waitall"),
                "ApiTourRequests", List.of("Startall"),
                "ApiTourCollectives", List.of("Allreduce", "Bcast", "Alltoallv"),
                "ApiTourCommunicators", List.of("Split", "Create_cart", "Shift"),
                "ApiTourPacking", List.of("Pack", "Unpack"));
        try (URLClassLoader loader = new URLClassLoader(new URL[] {EXAMPLES.toUri().toURL(), MPJ.toUri().toURL()}, null)) {
            for (Map.Entry<String, List<String>> e : calls.entrySet()) {
                Class<?> c = Class.forName("org.mpjtrace.examples." + e.getKey(), false, loader);
                List<String> bridgeNames = new ArrayList<>();
                for (Method m : c.getDeclaredMethods())
                    if (m.getName().startsWith("mpjtrace$")) bridgeNames.add(m.getName().split("\\$")[1]);
                for (String api : e.getValue())
                    assertTrue(bridgeNames.contains(api), "no bridge for " + api + " in " + e.getKey() + ": " + bridgeNames);
            }
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "mode=dump,colour=red | 'colour'",
        "mode=dump,stackDepth=99 | bad value for agent key 'stackDepth': '99' (expected 0 to 16)",
        "mode=full,output=/nonexistent/dir/x.mpjt | bad value for agent key 'output': no such directory /nonexistent/dir"})
    void badAgentOptionsStopTheJvmWithOneLineBeforeTheApplicationStarts(String options, String mustContain) throws Exception {
        Path classes = Path.of(System.getProperty("test.classes"));
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-javaagent:" + JAR + "=" + options, "-cp", classes.toString(), Hello.class.getName())
                .start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(2, p.exitValue(), err);
        assertEquals("", out, "the application must not start");
        assertEquals(1, err.strip().lines().count(), err);
        assertTrue(err.startsWith("mpjtrace: ") && err.contains(mustContain), err);
    }

    @Test
    void goodAgentOptionsLetTheApplicationRun() throws Exception {
        Path classes = Path.of(System.getProperty("test.classes"));
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-javaagent:" + JAR + "=mode=dump,ringSize=1024", "-cp", classes.toString(), Hello.class.getName())
                .start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue());
        assertEquals("hello", new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip());
        assertEquals("", new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
    }

    @Test
    void aJvmThatRanMpjAndRecordedNoInitSaysSoAndWhy() throws Exception {
        Path classes = Path.of(System.getProperty("test.classes"));
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-javaagent:" + JAR + "=mode=dump", "-cp", classes + java.io.File.pathSeparator + MPJ, LoadsMpjOnly.class.getName())
                .start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), err);
        assertEquals("loaded", out.strip());
        assertEquals("mpjtrace: MPJ Express ran in this JVM but no MPI.Init was recorded, so no trace is written: no class calling MPJ was"
                + " rewritten (classes calling MPJ only through reflection are not)", err.strip());
    }
}
