package org.mpjtrace.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.instrument.ClassFileTransformer;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import net.bytebuddy.agent.builder.ResettableClassFileTransformer;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpjtrace.runtime.rank.SiteRegistry;

/**
 * The builder behind its gate, run on a class file directly ({@code makeRaw}, nothing installed): a class
 * whose calling-context wrapping would grow a method past 64 KiB is rewritten again without it, since its
 * MPJ calls are still worth tracing, and the tracer's log says so once.
 */
class ContextFallbackTest {
    private static final String NAME = "app/ContextTooLarge";
    @TempDir
    Path dir;

    @Test
    void aClassTooLargeForItsCallingContextIsRewrittenWithoutItAndTheLogSaysSo() throws Exception {
        byte[] original = ClassesAtTheSizeLimit.callerAtTheLimit(NAME);
        Path classes = Files.createDirectories(dir.resolve("classes/app"));
        Files.write(classes.resolve("ContextTooLarge.class"), original);
        RewriteLog log = new RewriteLog();
        AgentLogFile logFile = new AgentLogFile(dir.resolve("trace.mpjt.log"));
        MpjOrigin origin = new MpjOrigin(null);
        ClassFileGate gate = new ClassFileGate(true, origin, log, logFile);
        ClassFileTransformer transformer = gate.decorate(
                (ResettableClassFileTransformer) CallSiteAgent.builder(new SiteRegistry(), origin, new TransformReport(logFile)).makeRaw());
        try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.resolve("classes").toUri().toURL()}, ClassLoader.getSystemClassLoader())) {
            byte[] rewritten = transformer.transform(loader, NAME, null, null, original);
            assertNotNull(rewritten, "the MPJ call is rewritten all the same");
            assertEquals(List.of("big", "caller", "mpjtrace$Barrier$0"), methods(rewritten));
        }
        List<String> lines = Files.readAllLines(dir.resolve("trace.mpjt.log"));
        assertEquals(1, lines.size(), lines.toString());
        assertTrue(lines.get(0).contains("could not add calling context to app.ContextTooLarge (MethodTooLargeException")
                && lines.get(0).endsWith("its MPJ calls are traced without it"), lines.get(0));
        assertTrue(log.whyNothingRecorded() == null && log.rewrittenCount() == 1);
    }

    private static List<String> methods(byte[] classFile) {
        List<String> names = new ArrayList<>();
        new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String desc, String signature, String[] exceptions) {
                names.add(name);
                return null;
            }
        }, 0);
        names.sort(null);
        return names;
    }
}
